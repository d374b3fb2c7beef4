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
import { bulkLimits } from './bulkCodes';

/** 订单 of the business unit's order system. */
export interface GbsOrder {
  id: string;
  odgItemNo: string;
  poNo: string; // PO号
  styleNo: string; // 款号
  colour: string; // 颜色
  buyer: string; // 客户
  destination: string; // 目的地
  orderQty: number; // 订单数量
  sizeGroup: string; // 尺码组 code
  exFactoryDate: string; // 出厂日 YYYY-MM-DD
}

/** 工厂 */
export interface Factory {
  code: string;
  name: string;
  country: string;
  city: string;
}

/** 尺码组: its sizes in display order. */
export interface SizeGroup {
  code: string;
  name: string;
  sizes: string[];
}

export const gbsOrderListParamsSchema = z.strictObject({
  odg_item_no: z.string().trim().min(bulkLimits.gbsMinQueryLength, `请至少输入 ${bulkLimits.gbsMinQueryLength} 个字符`).max(32),
});
export const gbsOrderInfoParamsSchema = z.strictObject({ id: z.string().min(1).max(64) });

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
