/**
 * The whole API, resource by resource: each endpoint table with its access policy and the tag (and Chinese name)
 * the OpenAPI document groups it under. The server registers exactly these routes (a test holds it to that), the
 * mock answers every one of them, and the OpenAPI document is built from this list.
 */
import type { AccessPolicy } from './access';
import { authAccess, authEndpoints } from '../auth/schema';
import { bolAccess, bolEndpoints } from '../bol/schema';
import { bulkAccess } from '../packing/codes';
import { bulkEndpoints } from '../packing/endpoints';
import { compareAccess, compareEndpoints } from '../compare/schema';
import { containerAccess, containerEndpoints } from '../container/schema';
import { declarationAccess, declarationEndpoints } from '../declaration/schema';
import { downloadAccess, downloadEndpoints } from '../download/schema';
import type { Endpoint } from './endpoint';
import { cartonAccess, cartonEndpoints } from '../carton/schema';
import { goodsAccess, goodsEndpoints } from '../goods/schema';
import { historyAccess } from '../history/policies';
import { historyEndpoints } from '../history/schema';
import { searchAccess } from '../search/codes';
import { searchEndpoints } from '../search/schema';
import { mailAccess } from '../mail/codes';
import { mailEndpoints } from '../mail/schema';
import { tokenAccess } from '../token/codes';
import { tokenEndpoints } from '../token/schema';
import { webhookAccess } from '../webhook/codes';
import { webhookEndpoints } from '../webhook/schema';
import { companyAccess, companyEndpoints } from '../company/schema';
import { adminAccess, adminEndpoints } from '../admin/schema';
import { inspectionAccess, inspectionEndpoints } from '../inspection/schema';
import { lookupAccess, lookupEndpoints } from '../lookup/schema';
import { handoverAccess, handoverEndpoints, looseAccess, looseEndpoints } from '../loose/schema';
import { noticeAccess, noticeEndpoints } from '../notice/schema';
import { tntAccess, tntEndpoints } from '../tnt/schema';
import { orderAccess, orderEndpoints } from '../order/schema';
import { planAccess, planEndpoints } from '../plan/schema';
import { priceAccess, priceEndpoints } from '../price/schema';
import { settingAccess, settingEndpoints } from '../setting/schema';
import { stickerAccess, stickerEndpoints } from '../sticker/schema';
import { systemAccess, systemEndpoints } from '../system';
import { userAccess, userEndpoints } from '../user/schema';

export interface ApiResource {
  /** The OpenAPI tag, and the first part of each operationId (`plan` + `create` → `planCreate`). */
  tag: string;
  /** 中文名 */
  label: string;
  endpoints: Record<string, Endpoint>;
  policy: AccessPolicy;
}

export const apiResources: ApiResource[] = [
  { tag: 'auth', label: '登录与账号', endpoints: authEndpoints, policy: authAccess },
  { tag: 'user', label: '用户与个人设置', endpoints: userEndpoints, policy: userAccess },
  { tag: 'notice', label: '通知', endpoints: noticeEndpoints, policy: noticeAccess },
  { tag: 'lookup', label: '基础数据（工厂、尺码组、订单）', endpoints: lookupEndpoints, policy: lookupAccess },
  { tag: 'bulk', label: '装箱明细', endpoints: bulkEndpoints, policy: bulkAccess },
  { tag: 'inspection', label: '验针', endpoints: inspectionEndpoints, policy: inspectionAccess },
  { tag: 'sticker', label: '彩色贴纸', endpoints: stickerEndpoints, policy: stickerAccess },
  { tag: 'carton', label: '箱码（SSCC）', endpoints: cartonEndpoints, policy: cartonAccess },
  { tag: 'price', label: '运价日历', endpoints: priceEndpoints, policy: priceAccess },
  { tag: 'plan', label: '订舱计划与变更', endpoints: planEndpoints, policy: planAccess },
  { tag: 'order', label: '订舱单', endpoints: orderEndpoints, policy: orderAccess },
  { tag: 'container', label: '柜', endpoints: containerEndpoints, policy: containerAccess },
  { tag: 'goods', label: '待拼柜货物', endpoints: goodsEndpoints, policy: goodsAccess },
  { tag: 'bol', label: '提单', endpoints: bolEndpoints, policy: bolAccess },
  { tag: 'tnt', label: '货物跟踪（DCSA Track & Trace 2.2）', endpoints: tntEndpoints, policy: tntAccess },
  { tag: 'declaration', label: '报关交接', endpoints: declarationEndpoints, policy: declarationAccess },
  { tag: 'loose', label: '散货订舱', endpoints: looseEndpoints, policy: looseAccess },
  { tag: 'handover', label: '散货订舱交接', endpoints: handoverEndpoints, policy: handoverAccess },
  { tag: 'compare', label: '出运对比表', endpoints: compareEndpoints, policy: compareAccess },
  { tag: 'setting', label: '设置与订舱字典', endpoints: settingEndpoints, policy: settingAccess },
  { tag: 'download', label: '下载', endpoints: downloadEndpoints, policy: downloadAccess },
  { tag: 'history', label: '变更历史', endpoints: historyEndpoints, policy: historyAccess },
  { tag: 'search', label: '搜索', endpoints: searchEndpoints, policy: searchAccess },
  { tag: 'mail', label: '邮件提醒', endpoints: mailEndpoints, policy: mailAccess },
  { tag: 'token', label: 'API 令牌', endpoints: tokenEndpoints, policy: tokenAccess },
  { tag: 'webhook', label: 'Webhook 订阅', endpoints: webhookEndpoints, policy: webhookAccess },
  { tag: 'company', label: '客户公司', endpoints: companyEndpoints, policy: companyAccess },
  { tag: 'admin', label: '系统管理', endpoints: adminEndpoints, policy: adminAccess },
  { tag: 'system', label: '系统', endpoints: systemEndpoints, policy: systemAccess },
];

/** Every operation as `'METHOD /path'` (the path as the endpoint table writes it). */
export const apiOperations = (): string[] =>
  apiResources.flatMap((resource) => Object.values(resource.endpoints).map((endpoint) => `${endpoint.method} ${endpoint.path}`));
