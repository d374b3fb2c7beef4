/**
 * Read-only lookups: GBS orders (seeded from the order system), factories, size groups.
 * Every signed-in role may read them. Unpaged lists answer a plain array.
 *
 *   GET /v1/factories                          → Factory[] (by code)
 *   GET /v1/sizeGroup                          → SizeGroup[] (by code)
 *   GET /v1/gbs/getOrderList/{odg_item_no}     → GbsOrder[]: orders whose odgItemNo starts with the text
 *                                                (case-insensitive, ≥ gbsMinQueryLength characters, at most
 *                                                gbsMaxResults, by odgItemNo then poNo); [] when none
 *   GET /v1/gbs/getOrderInfo/{id}              → GbsOrder (404 when unknown)
 */
import { z } from 'zod';
import { bulkLimits } from '../packing/codes';
import { defineEndpoints } from '../shared/endpoint';
import { lookupRoutes } from './codes';

export { lookupAccess, lookupRoutes } from './codes';

/** 订单 of the business unit's order system. */
export const gbsOrderSchema = z.object({
  id: z.string(),
  odgItemNo: z.string(),
  poNo: z.string(), // PO号
  styleNo: z.string(), // 款号
  colour: z.string(), // 颜色
  buyer: z.string(), // 客户
  destination: z.string(), // 目的地
  orderQty: z.number(), // 订单数量
  sizeGroup: z.string(), // 尺码组 code
  exFactoryDate: z.string(), // 出厂日 YYYY-MM-DD
});
export type GbsOrder = z.infer<typeof gbsOrderSchema>;

/** 工厂 */
export const factorySchema = z.object({ code: z.string(), name: z.string(), country: z.string(), city: z.string() });
export type Factory = z.infer<typeof factorySchema>;

/** 尺码组: its sizes in display order. */
export const sizeGroupSchema = z.object({ code: z.string(), name: z.string(), sizes: z.array(z.string()) });
export type SizeGroup = z.infer<typeof sizeGroupSchema>;

export const gbsOrderListParamsSchema = z.strictObject({
  odg_item_no: z.string().trim().min(bulkLimits.gbsMinQueryLength, `请至少输入 ${bulkLimits.gbsMinQueryLength} 个字符`).max(32),
});
export const gbsOrderInfoParamsSchema = z.strictObject({ id: z.string().min(1).max(64) });

export const lookupEndpoints = defineEndpoints(lookupRoutes, {
  factories: { summary: '工厂', access: 'read', response: z.array(factorySchema) },
  sizeGroups: { summary: '尺码组', access: 'read', response: z.array(sizeGroupSchema) },
  gbsOrders: {
    summary: 'GBS 订单（ODG货号前缀，不区分大小写）',
    access: 'read',
    params: gbsOrderListParamsSchema,
    // The path carries a search text, not a key: a short one is a 422 the order picker shows.
    invalidParams: 'invalid',
    response: z.array(gbsOrderSchema),
  },
  gbsOrder: { summary: 'GBS 订单详情', access: 'read', params: gbsOrderInfoParamsSchema, response: gbsOrderSchema },
});

/** Labels for the lookup fields, for the order picker. */
export const gbsOrderLabels: Record<keyof GbsOrder, string> = {
  id: '订单ID',
  odgItemNo: 'ODG货号',
  poNo: 'PO号',
  styleNo: '款号',
  colour: '颜色',
  buyer: '客户',
  destination: '目的地',
  orderQty: '订单数量',
  sizeGroup: '尺码组',
  exFactoryDate: '出厂日',
};
