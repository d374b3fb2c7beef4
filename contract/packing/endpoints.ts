/**
 * The endpoint table of 装箱明细: the routes of contract/packing/codes with their schemas, response schemas
 * included, and who may call each (under bulkAccess). Lists and files are sent as built (JSON texts made by the
 * database, xlsx streams); their schemas document them.
 */
import { z } from 'zod';
import {
  bulkBatchPatchSchema,
  bulkCreateSchema,
  bulkDeleteBodySchema,
  bulkFilterSchema,
  bulkKeyParamsSchema,
  bulkListQuerySchema,
  bulkMergeSchema,
  bulkSplitSchema,
  bulksListPatchSchema,
  bulkStatusSchema,
  bulkTypeKeyParamsSchema,
  bulkTypeParamsSchema,
  bulkTypeSchema,
  bulkUpdateSchema,
  inspectionResultSchema,
  packTypeSchema,
  type BulkAuditEntry,
  type BulkImportResult,
  type BulkLine,
} from './schema';
import { bulkAuditActions, bulkRoutes } from './codes';
import { defineEndpoints } from '../shared/endpoint';
import { deleteResultSchema, keysQuerySchema, listResultSchema, xlsxSchema } from '../shared/common';

const figure = z.number();
const nullableText = z.string().nullable();

export const bulkLineSchema = z.object({
  key: z.string(),
  type: bulkTypeSchema,
  odgItemNo: z.string(),
  poNo: z.string(),
  styleNo: z.string(),
  colour: z.string(),
  factoryCode: z.string(),
  sizeGroup: z.string(),
  sizeBreakdown: z.record(z.string(), figure),
  packType: packTypeSchema,
  cartonFrom: figure,
  cartonTo: figure,
  cartonCount: figure,
  qtyPerCarton: figure,
  totalQty: figure,
  nwPerCtn: figure,
  gwPerCtn: figure,
  totalNw: figure,
  totalGw: figure,
  ctnL: figure,
  ctnW: figure,
  ctnH: figure,
  cbm: figure,
  destination: z.string(),
  exFactoryDate: z.string(),
  status: bulkStatusSchema,
  inspectionResult: inspectionResultSchema.nullable(),
  planKey: nullableText,
  containerKey: nullableText,
  owner: z.string(),
  ownerName: z.string().optional(),
  version: figure,
  createdAt: z.string(),
  updatedAt: z.string(),
}) satisfies z.ZodType<BulkLine>;

/** Some of a packing line's fields (the lines of a queue's or a list's groups): the fields, and their schema. */
export function bulkLinePart<K extends keyof typeof bulkLineSchema.shape>(fields: readonly K[]) {
  type Mask = { [F in K]: true };
  // zod cannot check a generic mask against the shape; K is the shape's keys already.
  return { fields, schema: bulkLineSchema.pick<Mask>(Object.fromEntries(fields.map((field) => [field, true])) as never) };
}

const bulkAuditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  action: z.enum(bulkAuditActions),
  actor: z.string(),
  actorName: z.string(),
  before: bulkLineSchema.partial().nullable(),
  after: bulkLineSchema.partial().nullable(),
  relatedKeys: z.array(z.string()).optional(),
}) satisfies z.ZodType<BulkAuditEntry>;

const importResultSchema = z.object({
  success: z.literal(true),
  imported: figure,
  exampleSkipped: z.boolean().optional().meta({ description: '文件中的模板示例行未导入' }),
}) satisfies z.ZodType<BulkImportResult>;
const lines = z.array(bulkLineSchema);

export const bulkEndpoints = defineEndpoints(bulkRoutes, {
  list: { summary: '装箱明细列表', access: 'read', query: bulkListQuerySchema, response: listResultSchema(bulkLineSchema) },
  shippingList: {
    summary: '出运明细列表（已配柜、已出运）',
    access: 'read',
    query: bulkListQuerySchema,
    response: listResultSchema(bulkLineSchema),
  },
  export: {
    summary: '导出装箱明细（xlsx，当前筛选）',
    access: 'read',
    query: bulkFilterSchema,
    response: xlsxSchema,
    alsoAnswers: [422],
  },
  template: { summary: '装箱明细导入模板（xlsx）', access: 'public', response: xlsxSchema },
  history: {
    summary: '装箱明细变更记录（新的在前）',
    access: 'read',
    params: bulkKeyParamsSchema,
    response: z.array(bulkAuditEntrySchema),
  },
  get: { summary: '装箱明细详情', access: 'read', params: bulkKeyParamsSchema, response: bulkLineSchema },
  merge: { summary: '合并装箱明细', access: 'write', body: bulkMergeSchema, response: bulkLineSchema },
  import: {
    upload: true,
    summary: '导入装箱明细（xlsx，全部成功或全部不导入）',
    access: 'write',
    params: bulkTypeParamsSchema,
    response: importResultSchema,
  },
  create: {
    summary: '新建装箱明细',
    access: 'write',
    params: bulkTypeParamsSchema,
    body: bulkCreateSchema,
    response: bulkLineSchema,
    status: 201,
  },
  split: {
    summary: '拆分装箱明细（后 n 箱成为新明细）',
    access: 'write',
    params: bulkTypeKeyParamsSchema,
    body: bulkSplitSchema,
    response: z.tuple([bulkLineSchema, bulkLineSchema]),
  },
  update: {
    summary: '修改装箱明细（需版本号）',
    access: 'write',
    params: bulkTypeKeyParamsSchema,
    body: bulkUpdateSchema,
    response: bulkLineSchema,
  },
  batchChange: {
    summary: '批量修改同一出运方式的装箱明细',
    access: 'write',
    params: bulkTypeParamsSchema,
    body: bulkBatchPatchSchema,
    response: lines,
  },
  listChange: { summary: '批量修改装箱明细（可改出运方式）', access: 'write', body: bulksListPatchSchema, response: lines },
  remove: {
    summary: '删除装箱明细（需版本号）',
    access: 'write',
    params: bulkTypeKeyParamsSchema,
    body: bulkDeleteBodySchema,
    response: deleteResultSchema,
  },
  removeOfType: {
    summary: '删除多条装箱明细（全部成功或全部不删）',
    access: 'write',
    params: bulkTypeParamsSchema,
    query: keysQuerySchema,
    response: deleteResultSchema,
  },
  removeAnyType: {
    summary: '删除多条装箱明细，不限出运方式（全部成功或全部不删）',
    access: 'write',
    query: keysQuerySchema,
    response: deleteResultSchema,
  },
});
