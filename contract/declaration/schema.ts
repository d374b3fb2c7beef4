/**
 * 报关交接 API: the clerk's list, a handover with its history, one created from a booking order (its goods lines
 * from the packing lines of the order's plan), and PUT for the documents, the terms, the lines and the status.
 * Codes and rules are in codes.ts (zod-free).
 */
import { z } from 'zod';
import type { FilterRulesOf } from '../shared/listFilters';
import { ownerCompanyFilter } from '../shared/owners';
import {
  fileSchema,
  listQuery,
  listResultSchema,
  ownerCompanyQuery,
  ownerNameFields,
  singleLine,
  versionSchema,
  xlsxSchema,
} from '../shared/common';
import {
  declarationDocuments,
  declarationLimits as limits,
  declarationRoutes,
  declarationStatuses,
  HS_CODE,
  tradeTerms,
  type DeclarationDocument,
} from './codes';
import { defineEndpoints } from '../shared/endpoint';
import { exportEndpoint } from '../shared/exports/schema';

export * from './codes';

const keySchema = z.string().min(1).max(64);
const text = (label: string) =>
  singleLine(`${label}不能包含控制字符或换行`).trim().max(limits.textMax, `${label}最多 ${limits.textMax} 个字符`);

const lineInput = z.strictObject({
  hsCode: z.string().regex(HS_CODE, '商品编号为 10 位数字').or(z.literal('')),
  name: text('商品名称').min(1, '请填写商品名称'),
  qty: z.number({ error: '请填写数量' }).positive('数量应大于 0').max(1e9),
  unit: text('单位').min(1, '请填写单位'),
  unitPrice: z.number({ error: '请填写单价' }).min(0, '单价不能为负').max(1e9),
});

/** POST /v1/declaration — the handover of a booked order. */
export const declarationCreateSchema = z.strictObject({ orderKey: keySchema });

/** PUT /v1/declaration/{key} — documents, terms and lines (totals computed), and/or the next status. */
export const declarationUpdateSchema = z.strictObject({
  documents: z
    .strictObject({
      contract: z.boolean(),
      invoice: z.boolean(),
      packingList: z.boolean(),
      powerOfAttorney: z.boolean(),
      declarationElements: z.boolean(),
    } satisfies Record<DeclarationDocument, z.ZodBoolean>)
    .optional(),
  contractNo: text('合同号').optional(),
  invoiceNo: text('发票号').optional(),
  tradeTerm: z.enum(tradeTerms, { error: '请选择成交方式' }).optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, '币种为 3 位大写字母')
    .optional(),
  broker: text('报关行').optional(),
  lines: z.array(lineInput).max(limits.maxLines, `最多 ${limits.maxLines} 行商品`).optional(),
  status: z.enum(declarationStatuses, { error: '状态有误' }).optional(),
  version: versionSchema,
});
export type DeclarationUpdate = z.input<typeof declarationUpdateSchema>;

export const declarationSchema = z.object({
  key: z.string(),
  orderKey: z.string(),
  planKey: z.string(),
  carrierBookingNo: z.string(),
  documents: z.record(z.enum(declarationDocuments), z.boolean()),
  /** The uploaded file of each document that has one. */
  files: z.partialRecord(
    z.enum(declarationDocuments),
    z.object({ fileName: z.string(), size: z.number(), uploadedAt: z.string() }),
  ),
  contractNo: z.string(),
  invoiceNo: z.string(),
  tradeTerm: z.enum(tradeTerms),
  currency: z.string(),
  broker: z.string(),
  lines: z.array(
    z.object({
      hsCode: z.string(),
      name: z.string(),
      qty: z.number(),
      unit: z.string(),
      unitPrice: z.number(),
      totalPrice: z.number(),
    }),
  ),
  status: z.enum(declarationStatuses),
  handedAt: z.string().nullable(),
  owner: z.string(),
  ...ownerNameFields,
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Declaration = z.infer<typeof declarationSchema>;

export const declarationDetailSchema = declarationSchema.extend({
  history: z.array(
    z.object({
      at: z.string(),
      actorName: z.string(),
      from: z.enum(declarationStatuses).nullable(),
      to: z.enum(declarationStatuses),
    }),
  ),
});
export type DeclarationDetail = z.infer<typeof declarationDetailSchema>;

export const declarationListQuerySchema = listQuery(['createdAt', 'key', 'status']).extend({
  key: z.string().trim().max(64).optional(),
  orderKey: keySchema.optional(),
  status: z.enum(declarationStatuses).optional(),
  ...ownerCompanyQuery,
});
/** How the list's filters match, on the server and in the mock. */
export const declarationListFilters = {
  key: ['key', 'keyPrefix'],
  orderKey: ['orderKey', 'equal'],
  status: ['status', 'equal'],
  ...ownerCompanyFilter,
} as const satisfies FilterRulesOf<z.input<typeof declarationListQuerySchema>>;

const keyParams = z.strictObject({ key: keySchema });
const documentParams = z.strictObject({ key: keySchema, document: z.enum(declarationDocuments) });

export const declarationEndpoints = defineEndpoints(declarationRoutes, {
  export: exportEndpoint('报关交接', declarationListQuerySchema),
  list: {
    summary: '报关交接列表',
    access: 'read',
    query: declarationListQuerySchema,
    response: listResultSchema(declarationSchema),
  },
  get: { summary: '报关交接详情（含状态记录）', access: 'read', params: keyParams, response: declarationDetailSchema },
  create: {
    summary: '为已订舱的订舱单建报关交接（商品按装箱明细的款号汇总）',
    access: 'write',
    body: declarationCreateSchema,
    response: declarationSchema,
    status: 201,
  },
  update: {
    summary: '修改单证、条款、商品，或推进状态（交接前须单证齐全；需版本号）',
    access: 'write',
    params: keyParams,
    body: declarationUpdateSchema,
    response: declarationSchema,
  },
  elements: { summary: '申报要素（xlsx，给报关行）', access: 'read', params: keyParams, response: xlsxSchema },
  uploadDocument: {
    upload: true,
    summary: '上传单证文件（multipart 字段 file，pdf/图片/Excel/Word，10 MB 以内；该单证记为已收到）',
    access: 'write',
    params: documentParams,
    response: declarationSchema,
  },
  downloadDocument: {
    summary: '下载单证文件',
    access: 'read',
    params: documentParams,
    // The type the file was uploaded with, whatever it was.
    response: fileSchema('单证文件（PDF、图片或 Office 文档，按上传时的类型）', '*/*'),
  },
});
