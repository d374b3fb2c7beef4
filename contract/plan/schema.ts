/**
 * 订舱计划 API: plans (list, get, create from a sailing of the calendar, update, batch update, delete) and
 * their changes (request, decide, withdraw). Codes, lifecycle and rules are in codes.ts (zod-free).
 */
import { z } from 'zod';
import type { FilterRulesOf } from '../shared/listFilters';
import { ownerCompanyFilter } from '../shared/owners';
import {
  deleteResultSchema,
  isoDateSchema,
  keysQuerySchema,
  listQuery,
  listResultSchema,
  singleLine,
  versionSchema,
  ownerCompanyQuery,
  ownerNameFields,
} from '../shared/common';
import { defineEndpoints } from '../shared/endpoint';
import { orderStatuses } from '../order/codes';
import { changeStatuses, changeTypes, customerPlanMoves, planLimits as limits, planRoutes, planStatuses } from './codes';
import { containerSchema } from '../container/schema';
import { containerTypeSchema, locodeSchema, scacSchema } from '../price/schema';
import { exportEndpoint } from '../shared/exports/schema';

export * from './codes';

export const planKeySchema = z.string().min(1).max(64);
const factoryCode = z.string({ error: '请选择订舱工厂' }).regex(/^[A-Z0-9-]{2,16}$/, '请选择订舱工厂');
const quantity = z
  .number({ error: '请输入柜量' })
  .int('柜量应为整数')
  .min(1, '柜量至少 1')
  .max(limits.maxQuantity, `柜量最多 ${limits.maxQuantity}`);
const remark = singleLine('备注不能包含控制字符或换行').max(limits.remarkMax, `备注最多 ${limits.remarkMax} 个字符`);
const reason = (required: string) =>
  singleLine('原因不能包含控制字符或换行', required)
    .trim()
    .min(1, required)
    .max(limits.reasonMax, `原因最多 ${limits.reasonMax} 个字符`);

/** POST /v1/osbplan/ — a draft booked from a sailing of the calendar; its price is fixed now. */
export const planCreateSchema = z.strictObject({
  priceKey: z.string({ error: '请在运价日历中选择船期' }).min(1).max(64),
  quantity,
  osbFactory: factoryCode,
  remark: remark.default(''),
});
export type PlanCreate = z.input<typeof planCreateSchema>;

/** What PUT changes: a draft's own fields, or a move the customer makes (提交 / 取消, with a reason). */
const planChangesSchema = z.strictObject({
  quantity: quantity.optional(),
  osbFactory: factoryCode.optional(),
  remark: remark.optional(),
  status: z.enum(customerPlanMoves, { error: '只能提交或取消计划' }).optional(),
  reason: reason('请填写原因').optional(),
});
export type PlanChanges = z.input<typeof planChangesSchema>;

/** PUT /v1/osbplan/{key} */
export const planUpdateSchema = planChangesSchema.extend({ version: versionSchema });
export type PlanUpdate = z.input<typeof planUpdateSchema>;

/** PUT /v1/osbplan/ — the same changes to several plans, with the version read of each; all or nothing. */
export const planBatchUpdateSchema = z.strictObject({
  keys: z
    .array(planKeySchema)
    .min(1, '请选择计划')
    .max(limits.maxBatch, `一次最多 ${limits.maxBatch} 个计划`)
    .refine((keys) => new Set(keys).size === keys.length, '计划重复'),
  versions: z.record(planKeySchema, versionSchema, { error: '缺少版本号' }),
  changes: planChangesSchema.refine((changes) => Object.keys(changes).length > 0, '请填写要修改的内容'),
});
export type PlanBatchUpdate = z.input<typeof planBatchUpdateSchema>;

/** POST /v1/osbplan/{planKey}/change — the new values the type takes (changeTypeFields) and a reason. */
export const changeRequestSchema = z.strictObject({
  changeType: z.enum(changeTypes, { error: '请选择变更类型' }),
  quantity: quantity.optional(),
  containerType: containerTypeSchema.optional(),
  carrier: scacSchema.optional(),
  sailingDate: isoDateSchema.optional(),
  pol: locodeSchema.optional(),
  pod: locodeSchema.optional(),
  reason: reason('请填写变更原因'),
  version: versionSchema,
});
export type ChangeRequest = z.input<typeof changeRequestSchema>;

/** PATCH …/change/{key} — the clerk approves or declines (a comment is needed to decline). */
export const changeDecisionSchema = z
  .strictObject({
    decision: z.enum(['approve', 'decline'], { error: '请选择批准或拒绝' }),
    comment: singleLine('意见不能包含控制字符或换行').trim().max(limits.reasonMax).default(''),
    version: versionSchema,
  })
  .refine((body) => body.decision === 'approve' || body.comment.length > 0, {
    path: ['comment'],
    message: '拒绝时请填写意见',
  });
export type ChangeDecision = z.input<typeof changeDecisionSchema>;

// ——— answers ———

const snapshotSchema = z.object({
  priceKey: z.string(),
  carrier: z.string(),
  sailingDate: z.string(),
  amount: z.number(),
  currency: z.string(),
  fixedAt: z.string(),
});

export const planSchema = z.object({
  key: z.string(),
  osbFactory: z.string(),
  carrier: z.string(),
  pol: z.string(),
  pod: z.string(),
  etd: z.string(),
  eta: z.string(),
  weekNo: z.string(),
  containerType: containerTypeSchema,
  quantity: z.number(),
  priceSnapshot: snapshotSchema,
  status: z.enum(planStatuses),
  reason: z.string(),
  remark: z.string(),
  owner: z.string(),
  ...ownerNameFields,
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Plan = z.infer<typeof planSchema>;

const priceDiffSchema = z.object({
  currency: z.string(),
  oldAmount: z.number(),
  newAmount: z.number(),
  perContainer: z.number(),
  total: z.number(),
});

export const changeSchema = z.object({
  key: z.string(),
  planKey: z.string(),
  changeType: z.enum(changeTypes),
  changedFields: z.array(
    z.object({ field: z.string(), old: z.union([z.string(), z.number()]), new: z.union([z.string(), z.number()]) }),
  ),
  priceDiff: priceDiffSchema.nullable(),
  reason: z.string(),
  status: z.enum(changeStatuses),
  comment: z.string(),
  requestedBy: z.string(),
  requestedByName: z.string(),
  requestedAt: z.string(),
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  owner: z.string(),
  version: z.number(),
});
export type PlanChange = z.infer<typeof changeSchema>;

/** A status move of the plan, from its audit. */
export const planHistorySchema = z.object({
  at: z.string(),
  actorName: z.string(),
  from: z.enum(planStatuses).nullable(),
  to: z.enum(planStatuses),
});

export const planDetailSchema = planSchema.extend({
  history: z.array(planHistorySchema),
  /** Its containers, once confirmed. */
  containers: z.array(containerSchema),
  changes: z.array(changeSchema),
  /** The clerk's booking of it, once submitted. */
  order: z
    .object({
      key: z.string(),
      status: z.enum(orderStatuses),
      carrierBookingNo: z.string(),
      vessel: z.string(),
      voyage: z.string(),
    })
    .nullable(),
});
export type PlanDetail = z.infer<typeof planDetailSchema>;

// ——— queries ———

export const planSortFields = ['createdAt', 'etd', 'key', 'status'] as const;
export const planListQuerySchema = listQuery(planSortFields).extend({
  key: z.string().trim().max(64).optional(),
  status: z.enum(planStatuses).optional(),
  pol: locodeSchema.optional(),
  pod: locodeSchema.optional(),
  containerType: containerTypeSchema.optional(),
  etdFrom: isoDateSchema.optional(),
  etdTo: isoDateSchema.optional(),
  ...ownerCompanyQuery,
});
export type PlanListQuery = z.input<typeof planListQuerySchema>;
/** How the list's filters match, on the server and in the mock. */
export const planListFilters = {
  key: ['key', 'keyPrefix'],
  status: ['status', 'equal'],
  pol: ['pol', 'equal'],
  pod: ['pod', 'equal'],
  containerType: ['containerType', 'equal'],
  etdFrom: ['etd', 'atLeast'],
  etdTo: ['etd', 'atMost'],
  ...ownerCompanyFilter,
} as const satisfies FilterRulesOf<PlanListQuery>;

export const changeListQuerySchema = listQuery([]).extend({
  status: z.enum(changeStatuses).optional(),
  planKey: planKeySchema.optional(),
});
export type ChangeListQuery = z.input<typeof changeListQuerySchema>;
export const changeListFilters = {
  status: ['status', 'equal'],
  planKey: ['planKey', 'equal'],
} as const satisfies FilterRulesOf<ChangeListQuery>;

const keyParams = z.strictObject({ key: planKeySchema });
const planChangeParams = z.strictObject({ planKey: planKeySchema, key: planKeySchema });
const versionBody = z.strictObject({ version: versionSchema });
const clerkOnly = ['documentClerk'] as const;
const customerOnly = ['user'] as const;

export const planEndpoints = defineEndpoints(planRoutes, {
  export: exportEndpoint('订舱计划', planListQuerySchema),
  list: { summary: '订舱计划列表', access: 'read', query: planListQuerySchema, response: listResultSchema(planSchema) },
  get: { summary: '订舱计划详情（状态记录、变更、订舱单）', access: 'read', params: keyParams, response: planDetailSchema },
  create: {
    summary: '从运价日历的船期新建计划（锁定运价）',
    access: 'write',
    body: planCreateSchema,
    response: planSchema,
    status: 201,
  },
  update: {
    summary: '修改草稿，或提交/取消计划（需版本号）',
    access: 'write',
    params: keyParams,
    body: planUpdateSchema,
    response: planSchema,
  },
  batchUpdate: {
    summary: '批量修改计划（全部成功或全部不改）',
    access: 'write',
    body: planBatchUpdateSchema,
    response: z.array(planSchema),
  },
  remove: {
    summary: '删除草稿计划（需版本号）',
    access: 'write',
    params: keyParams,
    body: versionBody,
    response: deleteResultSchema,
  },
  removeMany: { summary: '删除多个草稿计划', access: 'write', query: keysQuerySchema, response: deleteResultSchema },
  requestChange: {
    summary: '申请变更已确认的计划（数量/箱型/船期/航线/取消）',
    access: customerOnly,
    params: z.strictObject({ planKey: planKeySchema }),
    body: changeRequestSchema,
    response: changeSchema,
    status: 201,
  },
  changes: { summary: '变更申请列表', access: 'read', query: changeListQuerySchema, response: listResultSchema(changeSchema) },
  decideChange: {
    summary: '批准或拒绝变更',
    access: clerkOnly,
    params: keyParams,
    body: changeDecisionSchema,
    response: changeSchema,
  },
  decidePlanChange: {
    summary: '批准或拒绝计划的变更',
    access: clerkOnly,
    params: planChangeParams,
    body: changeDecisionSchema,
    response: changeSchema,
  },
  withdrawChange: {
    summary: '撤回变更申请（需版本号）',
    access: customerOnly,
    params: keyParams,
    body: versionBody,
    response: changeSchema,
  },
  withdrawPlanChange: {
    summary: '撤回计划的变更申请（需版本号）',
    access: customerOnly,
    params: planChangeParams,
    body: versionBody,
    response: changeSchema,
  },
});
