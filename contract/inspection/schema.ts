/**
 * 验针 (needle inspection) API: schemas of every call and the endpoint table the server registers, the services
 * call and the mock answers. Codes, labels and rules are in codes.ts (zod-free, for the browser).
 */
import type { FilterRulesOf } from '../shared/listFilters';
import { ownerCompanyFilter } from '../shared/owners';
import { z } from 'zod';
import { bulkKeySchema } from '../packing/schema';
import { inspectionResults } from '../packing/codes';
import { bulkLinePart } from '../packing/endpoints';
import {
  isoDateSchema,
  listQuery,
  listResultSchema,
  ownerCompanyQuery,
  ownerNameFields,
  pageQuery,
  singleLine,
  versionSchema,
} from '../shared/common';
import { defineEndpoints } from '../shared/endpoint';
import { fragmentTypes, inspectionLimits as limits, inspectionModes, inspectionRoutes } from './codes';
import { exportEndpoint } from '../shared/exports/schema';

export * from './codes';

const isoDateTime = z.string();
const inspectionKeySchema = z.string().min(1).max(64);

export const detectorIdSchema = z
  .string({ error: '请输入验针机编号' })
  .regex(/^[A-Za-z0-9][A-Za-z0-9-]{0,31}$/, '验针机编号为 1–32 位字母、数字或横线');

const count = (label: string) =>
  z
    .number({ error: `${label}应为数字` })
    .int(`${label}应为整数`)
    .min(0, `${label}不能为负数`)
    .max(10_000_000, `${label}过大`);

export const fragmentSchema = z.strictObject({
  type: z.enum(fragmentTypes, { error: '请选择碎片类型' }),
  lengthMm: z
    .number({ error: '长度应为数字' })
    .positive('长度应大于 0')
    .max(limits.maxFragmentLengthMm, `长度最大为 ${limits.maxFragmentLengthMm} mm`),
  cartonNo: z.number({ error: '箱号应为数字' }).int('箱号应为整数').min(1, '箱号最小为 1').max(99_999, '箱号过大'),
});
export type Fragment = z.infer<typeof fragmentSchema>;

const remarkSchema = singleLine('备注不能包含控制字符或换行')
  .max(limits.remarkMax, `备注最多 ${limits.remarkMax} 个字符`)
  .default('');

/** POST /v1/inspection — one lot: the chosen lines (all 待验针, of one customer), with the versions read. */
export const inspectionCreateSchema = z.strictObject({
  lineKeys: z
    .array(bulkKeySchema)
    .min(1, '请选择要验针的明细')
    .max(limits.maxLinesPerLot, `一批最多 ${limits.maxLinesPerLot} 条明细`)
    .refine((keys) => new Set(keys).size === keys.length, '明细重复'),
  versions: z.record(bulkKeySchema, versionSchema, { error: '缺少版本号' }),
  mode: z.enum(inspectionModes, { error: '请选择检验方式' }),
  detectorId: detectorIdSchema,
  inspectedQty: count('检验数量'),
  passedQty: count('通过数量'),
  alarmQty: count('报警数量'),
  fragments: z.array(fragmentSchema).max(limits.maxFragments, `最多记录 ${limits.maxFragments} 个碎片`).default([]),
  result: z.enum(inspectionResults, { error: '请选择验针结果' }),
  remark: remarkSchema,
});
export type InspectionCreate = z.input<typeof inspectionCreateSchema>;

/** PUT /v1/inspection/{key} — a record's figures stand as measured; only its remark is corrected. */
export const inspectionUpdateSchema = z.strictObject({ remark: remarkSchema, version: versionSchema });
export type InspectionUpdate = z.input<typeof inspectionUpdateSchema>;

/** POST /v1/inspection/calibration — the detector found the Fe test piece of this size. */
export const calibrationCreateSchema = z.strictObject({
  detectorId: detectorIdSchema,
  sensitivityFeMm: z
    .number({ error: '请输入测试块直径' })
    .min(limits.minSensitivityFeMm, `测试块为 ${limits.minSensitivityFeMm}–${limits.maxSensitivityFeMm} mm 铁球`)
    .max(limits.maxSensitivityFeMm, `测试块为 ${limits.minSensitivityFeMm}–${limits.maxSensitivityFeMm} mm 铁球`),
});
export type CalibrationCreate = z.infer<typeof calibrationCreateSchema>;

// ——— answers ———

/** A line of the lot as it was when inspected. */
const lotLineSchema = bulkLinePart(['key', 'cartonFrom', 'cartonTo', 'totalQty']).schema;
export type InspectedLine = z.infer<typeof lotLineSchema>;

/** A record: the figures as recorded, the lot as it was, the calibration it stood on, who and when. */
export const inspectionSchema = inspectionCreateSchema.omit({ lineKeys: true, versions: true }).extend({
  key: z.string(),
  poNo: z.string(),
  lines: z.array(lotLineSchema),
  lotQty: z.number(),
  sampleSize: z.number(),
  sensitivityFeMm: z.number(),
  calibratedAt: isoDateTime,
  owner: z.string(),
  ...ownerNameFields,
  inspector: z.string(),
  inspectorName: z.string(),
  inspectedAt: isoDateTime,
  version: z.number(),
  updatedAt: isoDateTime,
});
export type Inspection = z.infer<typeof inspectionSchema>;

export const calibrationSchema = calibrationCreateSchema.extend({ calibratedAt: isoDateTime, calibratedByName: z.string() });
export type Calibration = z.infer<typeof calibrationSchema>;

/** A 待验针 line in the queue. */
export const queueLine = bulkLinePart([
  'key',
  'styleNo',
  'colour',
  'destination',
  'cartonFrom',
  'cartonTo',
  'cartonCount',
  'totalQty',
  'status',
  'inspectionResult',
  'version',
]);
export type QueueLine = z.infer<typeof queueLine.schema>;

/** One PO of one customer waiting for inspection; `failed` when a line of it failed and awaits re-inspection. */
export const queueGroupSchema = z.object({
  poNo: z.string(),
  owner: z.string(),
  ownerName: z.string(),
  cartonCount: z.number(),
  totalQty: z.number(),
  failed: z.boolean(),
  lines: z.array(queueLine.schema),
});
export type QueueGroup = z.infer<typeof queueGroupSchema>;

// ——— queries ———

const prefixFilter = z.string().trim().max(64).optional();

export const inspectionSortFields = ['inspectedAt', 'poNo', 'result'] as const;
export const inspectionListQuerySchema = listQuery(inspectionSortFields).extend({
  poNo: prefixFilter,
  result: z.enum(inspectionResults).optional(),
  mode: z.enum(inspectionModes).optional(),
  lineKey: bulkKeySchema.optional(),
  inspectedFrom: isoDateSchema.optional(),
  inspectedTo: isoDateSchema.optional(),
  ...ownerCompanyQuery,
});
export type InspectionListQuery = z.input<typeof inspectionListQuerySchema>;
/** How the list's plain filters match, on the server and in the mock (the others are the record's own). */
export const inspectionListFilters = {
  poNo: ['poNo', 'prefix'],
  result: ['result', 'equal'],
  mode: ['mode', 'equal'],
  ...ownerCompanyFilter,
} as const satisfies FilterRulesOf<InspectionListQuery>;

export const queueQuerySchema = pageQuery(limits.queueMaxPageSize, 10).extend({
  poNo: prefixFilter,
  /** `fail`: only POs awaiting re-inspection. */
  inspectionResult: z.enum(['fail']).optional(),
});
export type QueueQuery = z.input<typeof queueQuerySchema>;

const keyParams = z.strictObject({ key: inspectionKeySchema });

export const inspectionEndpoints = defineEndpoints(inspectionRoutes, {
  export: exportEndpoint('验针记录', inspectionListQuerySchema),
  list: {
    summary: '验针记录（不合格在前）',
    access: 'read',
    query: inspectionListQuerySchema,
    response: listResultSchema(inspectionSchema),
  },
  queue: {
    summary: '待验针明细（按客户与 PO 分组）',
    access: 'read',
    query: queueQuerySchema,
    response: listResultSchema(queueGroupSchema),
  },
  calibrations: {
    summary: '各验针机最近一次校准',
    access: 'write',
    response: z.array(calibrationSchema),
  },
  calibrate: {
    summary: '记录验针机校准',
    access: 'write',
    body: calibrationCreateSchema,
    response: calibrationSchema,
    status: 201,
  },
  get: { summary: '验针记录详情', access: 'read', params: keyParams, response: inspectionSchema },
  create: {
    summary: '记录一批明细的验针（合格转待拼柜，不合格通知客户）',
    access: 'write',
    body: inspectionCreateSchema,
    response: inspectionSchema,
    status: 201,
  },
  update: {
    summary: '修改验针记录的备注（需版本号）',
    access: 'write',
    params: keyParams,
    body: inspectionUpdateSchema,
    response: inspectionSchema,
  },
});
