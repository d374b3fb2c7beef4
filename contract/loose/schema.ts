/**
 * 散货订舱 and 订舱交接 API: the customer books waiting loose-cargo lines (POST), the clerk confirms with the
 * warehouse entry number or either cancels (PATCH /v1/looseBooking); the clerk records the handover and moves it
 * to 已交接 and 已入仓, or scans the cartons in by their SSCC (POST /v1/handover/{key}/scans); the inspector confirms
 * the needle check (PATCH /v1/handover). Rules in codes.ts.
 */
import type { FilterRulesOf } from '../shared/listFilters';
import { ownerCompanyFilter } from '../shared/owners';
import { z } from 'zod';
import { freightSchema } from '../freight/schema';
import {
  isoDateSchema,
  listQuery,
  listResultSchema,
  ownerCompanyQuery,
  ownerNameFields,
  singleLine,
  versionSchema,
} from '../shared/common';
import { scanAnswerSchema, scanBodySchema } from '../carton/schema';
import { defineEndpoints } from '../shared/endpoint';
import {
  handoverDocuments,
  handoverRoutes,
  handoverStatuses,
  looseLimits as limits,
  looseRoutes,
  looseStatuses,
  type HandoverDocument,
} from './codes';
import { exportEndpoint } from '../shared/exports/schema';

export * from './codes';

const keySchema = z.string().min(1).max(64);
const text = (label: string, max: number = limits.textMax) =>
  singleLine(`${label}不能包含控制字符或换行`).trim().max(max, `${label}最多 ${max} 个字符`);

/** POST /v1/looseBooking — the lines (with the versions read), the forwarder and the CFS cut-off. */
export const looseCreateSchema = z.strictObject({
  versions: z
    .record(keySchema, versionSchema, { error: '请选择明细' })
    .refine((versions) => Object.keys(versions).length > 0, '请选择明细')
    .refine((versions) => Object.keys(versions).length <= limits.maxLines, `一票散货最多 ${limits.maxLines} 行明细`),
  forwarder: text('货代').min(1, '请填写货代'),
  cfsCutOff: isoDateSchema,
  remark: text('备注', limits.remarkMax).default(''),
});
export type LooseCreate = z.input<typeof looseCreateSchema>;

/** PATCH /v1/looseBooking/{key} — terms while 待确认, the clerk's 进仓编号, or the next status. */
export const looseUpdateSchema = z.strictObject({
  forwarder: text('货代').min(1, '请填写货代').optional(),
  cfsCutOff: isoDateSchema.optional(),
  remark: text('备注', limits.remarkMax).optional(),
  warehouseEntryNo: text('进仓编号').optional(),
  status: z.enum(['CONFIRMED', 'CANCELLED'], { error: '状态有误' }).optional(),
  version: versionSchema,
});
export type LooseUpdate = z.input<typeof looseUpdateSchema>;

/** PATCH /v1/handover/{key} — the clerk's record and moves, or the inspector's needle confirmation. */
export const handoverUpdateSchema = z.strictObject({
  documents: z
    .strictObject({
      packingList: z.boolean(),
      invoice: z.boolean(),
      entryNotice: z.boolean(),
    } satisfies Record<HandoverDocument, z.ZodBoolean>)
    .optional(),
  cartonsHandedOver: z
    .number({ error: '交接箱数应为整数' })
    .int('交接箱数应为整数')
    .min(0, '交接箱数不能为负')
    .max(1e6)
    .optional(),
  handedBy: text('交接人').optional(),
  differenceNote: text('差异说明', limits.remarkMax).optional(),
  needleChecked: z.literal(true, { error: '验针确认只能为“已确认”' }).optional(),
  status: z.enum(['HANDED_OVER', 'RECEIVED'], { error: '状态有误' }).optional(),
  version: versionSchema,
});
export type HandoverUpdate = z.input<typeof handoverUpdateSchema>;

export const looseBookingSchema = z.object({
  key: z.string(),
  destination: z.string(),
  forwarder: z.string(),
  cfsCutOff: z.string(),
  warehouseEntryNo: z.string(),
  remark: z.string(),
  lineCount: z.number(),
  cartonCount: z.number(),
  totalQty: z.number(),
  totalGw: z.number(),
  cbm: z.number(),
  status: z.enum(looseStatuses),
  documents: z.record(z.enum(handoverDocuments), z.boolean()),
  cartonsHandedOver: z.number().nullable(),
  cartonsScanned: z.number(),
  cartonDifference: z.number().nullable(),
  differenceNote: z.string(),
  handedBy: z.string(),
  handedAt: z.string().nullable(),
  needleCheckedAt: z.string().nullable(),
  needleCheckedByName: z.string().nullable(),
  owner: z.string(),
  ...ownerNameFields,
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LooseBooking = z.infer<typeof looseBookingSchema>;

const lineSummarySchema = z.object({
  key: z.string(),
  poNo: z.string(),
  styleNo: z.string(),
  colour: z.string(),
  cartonFrom: z.number(),
  cartonTo: z.number(),
  cartonCount: z.number(),
  totalQty: z.number(),
  totalGw: z.number(),
  cbm: z.number(),
  inspectionResult: z.string().nullable(),
  cartonsScanned: z.number(),
  missingCartons: z.string(),
});

export const looseDetailSchema = looseBookingSchema.extend({
  lines: z.array(lineSummarySchema),
  /** 散货运费 split over the lines (contract/freight/loose.ts); null when cancelled or no rate applies. */
  freight: freightSchema.nullable(),
  history: z.array(
    z.object({
      at: z.string(),
      actorName: z.string(),
      from: z.enum(looseStatuses).nullable(),
      to: z.enum(looseStatuses),
    }),
  ),
});
export type LooseDetail = z.infer<typeof looseDetailSchema>;

export const looseListQuerySchema = listQuery(['createdAt', 'key', 'status', 'cfsCutOff']).extend({
  key: z.string().trim().max(64).optional(),
  status: z.enum(looseStatuses).optional(),
  destination: z.string().trim().max(64).optional(),
  ...ownerCompanyQuery,
});
/** How the lists' filters match, on the server and in the mock (the handovers' are these but the destination). */
export const looseListFilters = {
  key: ['key', 'keyPrefix'],
  status: ['status', 'equal'],
  destination: ['destination', 'prefix'],
  ...ownerCompanyFilter,
} as const satisfies FilterRulesOf<z.input<typeof looseListQuerySchema>>;
export const handoverListQuerySchema = listQuery(['createdAt', 'key', 'status', 'cfsCutOff']).extend({
  key: z.string().trim().max(64).optional(),
  status: z.enum(handoverStatuses).optional(),
  ...ownerCompanyQuery,
});

const keyParams = z.strictObject({ key: keySchema });

export const looseEndpoints = defineEndpoints(looseRoutes, {
  export: exportEndpoint('散货订舱', looseListQuerySchema),
  list: {
    summary: '散货订舱列表（待确认在前）',
    access: 'read',
    query: looseListQuerySchema,
    response: listResultSchema(looseBookingSchema),
  },
  get: { summary: '散货订舱详情（含明细与状态记录）', access: 'read', params: keyParams, response: looseDetailSchema },
  create: {
    summary: '客户把待拼柜的散货明细订成一票散货（同一目的地）',
    access: ['user'],
    body: looseCreateSchema,
    response: looseBookingSchema,
    status: 201,
  },
  update: {
    summary: '修改货代、截仓时间、备注，文员填进仓编号并确认，或取消（需版本号）',
    access: 'write',
    params: keyParams,
    body: looseUpdateSchema,
    response: looseBookingSchema,
  },
});

export const handoverEndpoints = defineEndpoints(handoverRoutes, {
  export: exportEndpoint('订舱交接', handoverListQuerySchema),
  list: {
    summary: '订舱交接列表（已确认的散货订舱，待交接在前）',
    access: 'read',
    query: handoverListQuerySchema,
    response: listResultSchema(looseBookingSchema),
  },
  get: { summary: '订舱交接详情', access: 'read', params: keyParams, response: looseDetailSchema },
  update: {
    summary: '文员登记单证、交接箱数、交接人并推进状态；验针员确认交接货物已验针（需版本号）',
    access: 'write',
    params: keyParams,
    body: handoverUpdateSchema,
    response: looseBookingSchema,
  },
  scan: {
    summary: '文员扫描一箱的箱码收进交接（每箱只计一次；别票、别的客户的箱当即拒收并说明原因）',
    access: ['documentClerk'],
    params: keyParams,
    body: scanBodySchema,
    response: scanAnswerSchema,
  },
});
