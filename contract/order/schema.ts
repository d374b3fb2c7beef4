/**
 * 订舱单 API: the clerk's list of submitted plans to book, an order's detail, and its one PATCH (book with the
 * carrier, record the release, reject). Codes and cut-offs are in codes.ts (zod-free).
 */
import { z } from 'zod';
import type { FilterRulesOf } from '../shared/listFilters';
import { ownerCompanyFilter } from '../shared/owners';
import {
  isoDateSchema,
  listQuery,
  listResultSchema,
  ownerCompanyQuery,
  ownerNameFields,
  singleLine,
  versionSchema,
} from '../shared/common';
import { defineEndpoints } from '../shared/endpoint';
import { orderRoutes, orderStatuses } from './codes';
import { changeSchema, planHistorySchema, planKeySchema, planSchema, planLimits } from '../plan/schema';
import { exportEndpoint } from '../shared/exports/schema';

export * from './codes';

const text = (label: string, max: number) =>
  singleLine(`${label}不能包含控制字符或换行`, `请填写${label}`)
    .trim()
    .min(1, `请填写${label}`)
    .max(max, `${label}最多 ${max} 个字符`);

/** PATCH /v1/osbOrder/{key}: `book` needs the carrier's booking number, vessel and voyage. */
export const orderPatchSchema = z.discriminatedUnion(
  'action',
  [
    z.strictObject({
      action: z.literal('book'),
      carrierBookingNo: z.string({ error: '请填写订舱号' }).regex(/^[A-Za-z0-9-]{4,30}$/, '订舱号为 4–30 位字母、数字或横线'),
      vessel: text('船名', 60),
      voyage: z.string({ error: '请填写航次' }).regex(/^[A-Za-z0-9-]{1,20}$/, '航次为 1–20 位字母、数字或横线'),
      /** The carrier's dates when they differ from the plan's sailing. */
      etd: isoDateSchema.optional(),
      eta: isoDateSchema.optional(),
      version: versionSchema,
    }),
    z.strictObject({ action: z.literal('release'), version: versionSchema }),
    z.strictObject({ action: z.literal('reject'), reason: text('拒绝原因', planLimits.reasonMax), version: versionSchema }),
  ],
  { error: '请选择操作：订舱、放舱或拒绝' },
);
export type OrderPatch = z.input<typeof orderPatchSchema>;

export const orderSchema = z.object({
  key: z.string(),
  planKey: z.string(),
  status: z.enum(orderStatuses),
  carrierBookingNo: z.string(),
  vessel: z.string(),
  voyage: z.string(),
  etd: z.string(),
  eta: z.string(),
  siCutoff: z.string().nullable(),
  cyCutoff: z.string().nullable(),
  vgmCutoff: z.string().nullable(),
  reason: z.string(),
  clerkName: z.string(),
  /** The plan as the list shows it. */
  ...ownerNameFields,
  osbFactory: z.string(),
  carrier: z.string(),
  pol: z.string(),
  pod: z.string(),
  containerType: z.string(),
  quantity: z.number(),
  /** A change of the plan waits for the clerk's decision. */
  pendingChange: z.boolean(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Order = z.infer<typeof orderSchema>;

export const orderDetailSchema = orderSchema.extend({
  plan: planSchema,
  history: z.array(planHistorySchema),
  changes: z.array(changeSchema),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

export const orderSortFields = ['createdAt', 'etd', 'key'] as const;
export const orderListQuerySchema = listQuery(orderSortFields).extend({
  key: z.string().trim().max(64).optional(),
  planKey: planKeySchema.optional(),
  status: z.enum(orderStatuses).optional(),
  carrierBookingNo: z.string().trim().max(64).optional(),
  /** Orders a declaration handover may be opened for and that have none yet (declarableOrderStatuses). */
  declarable: z.literal('true').optional(),
  /** The start of the order key, the SO number or the customer's name or account. */
  q: z.string().trim().min(1).max(64).optional(),
  ...ownerCompanyQuery,
});
export type OrderListQuery = z.input<typeof orderListQuerySchema>;
/** How the list's plain filters match, on the server and in the mock (the others are the order's own). */
export const orderListFilters = {
  key: ['key', 'keyPrefix'],
  planKey: ['planKey', 'equal'],
  status: ['status', 'equal'],
  ...ownerCompanyFilter,
} as const satisfies FilterRulesOf<OrderListQuery>;

const keyParams = z.strictObject({ key: z.string().min(1).max(64) });

export const orderEndpoints = defineEndpoints(orderRoutes, {
  export: exportEndpoint('订舱单', orderListQuerySchema),
  list: { summary: '订舱单列表', access: 'read', query: orderListQuerySchema, response: listResultSchema(orderSchema) },
  get: { summary: '订舱单详情（计划、状态记录、变更）', access: 'read', params: keyParams, response: orderDetailSchema },
  patch: {
    summary: '订舱、放舱或拒绝（需版本号）',
    access: 'write',
    params: keyParams,
    body: orderPatchSchema,
    response: orderSchema,
  },
});
