/**
 * 提单 API: the list with its filters, a B/L with its history, the clerk's draft from loaded containers and
 * amendments, the lifecycle's actions, the customer's remark, the PDF and the DCSA eBL 3.0 export. Codes,
 * lifecycle and rules are in codes.ts (zod-free).
 */
import { z } from 'zod';
import type { FilterRulesOf } from '../shared/listFilters';
import { ownerCompanyFilter } from '../shared/owners';
import {
  deleteResultSchema,
  isoDateSchema,
  listQuery,
  listResultSchema,
  ownerCompanyQuery,
  ownerNameFields,
  pdfSchema,
  singleLine,
  versionSchema,
} from '../shared/common';
import {
  BOL_TEXT,
  BOL_TEXT_MESSAGE,
  bolActions,
  bolLimits as limits,
  bolRoutes,
  bolStatuses,
  bolTypes,
  freightTerms,
  releaseTypes,
} from './codes';
import { dcsaTransportDocumentSchema } from './dcsaEbl';
import { defineEndpoints } from '../shared/endpoint';
import { locodeSchema } from '../price/schema';
import { exportEndpoint } from '../shared/exports/schema';

export * from './codes';
export * from './draft';

export const bolKeySchema = z.string().min(1).max(64);

/** One printed line of the B/L: English text, at most `max` characters. */
const bolLine = (label: string, max: number = limits.lineMax) =>
  z.string().trim().max(max, `${label}每行最多 ${max} 个字符`).regex(BOL_TEXT, `${label}：${BOL_TEXT_MESSAGE}`);
const bolLines = (label: string, maxLines: number) => z.array(bolLine(label)).max(maxLines, `${label}最多 ${maxLines} 行`);

const partySchema = (label: string) =>
  z.strictObject({
    name: bolLine(label, limits.partyNameMax),
    address: bolLines(`${label}地址`, limits.addressLines),
  });

/** What the clerk types or corrects on a draft; the cargo figures are never among them. */
const bolFields = {
  bolNo: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{6,20}$/, '提单号为 6–20 位大写字母或数字')
    .optional(),
  type: z.enum(bolTypes, { error: '请选择提单类型' }).optional(),
  shipper: partySchema('发货人').optional(),
  consignee: partySchema('收货人').optional(),
  notifyParty: partySchema('通知人').optional(),
  placeOfReceipt: bolLine('收货地').optional(),
  placeOfDelivery: bolLine('交货地').optional(),
  vessel: bolLine('船名', limits.vesselMax).optional(),
  voyage: bolLine('航次', limits.voyageMax).optional(),
  marks: bolLines('唛头', limits.marksLines).optional(),
  description: bolLines('品名', limits.descriptionLines).optional(),
  hsCode: z
    .string()
    .regex(/^(\d{6,10})?$/, 'HS 编码为 6–10 位数字')
    .optional(),
  freightTerm: z.enum(freightTerms, { error: '请选择运费条款' }).optional(),
};

/** POST /v1/bol — a draft from loaded containers of one plan; parties not given come from the customer's last B/L. */
export const bolCreateSchema = z.strictObject({
  containerKeys: z
    .array(z.string().min(1).max(64))
    .min(1, '请选择柜')
    .max(limits.maxContainers, `一份提单最多 ${limits.maxContainers} 个柜`)
    .refine((keys) => new Set(keys).size === keys.length, '柜重复'),
  ...bolFields,
});
export type BolCreate = z.input<typeof bolCreateSchema>;

/** PUT /v1/bol/{key} — the clerk's amendment of a draft or of a B/L the customer asked to change. */
export const bolUpdateSchema = z.strictObject({ ...bolFields, version: versionSchema });
export type BolUpdate = z.input<typeof bolUpdateSchema>;

/** PATCH /v1/bol/{key} — one action of the lifecycle; a change request and a void need their text. */
export const bolPatchSchema = z
  .strictObject({
    action: z.enum(bolActions, { error: '请选择操作' }),
    comment: singleLine('意见不能包含控制字符或换行')
      .trim()
      .max(limits.commentMax, `意见最多 ${limits.commentMax} 个字符`)
      .default(''),
    releaseType: z.enum(releaseTypes, { error: '请选择放单方式' }).optional(),
    /** 签发: the day the goods were loaded on board, when not the containers' actual load or the sailing's ETD. */
    onBoardDate: isoDateSchema.optional(),
    /** 签发: why, when the milestones do not bear the day out (onBoardDateOf). */
    onBoardReason: singleLine('说明不能包含控制字符或换行')
      .trim()
      .max(limits.commentMax, `说明最多 ${limits.commentMax} 个字符`)
      .optional(),
    version: versionSchema,
  })
  .superRefine((body, context) => {
    if ((body.action === 'requestAmendment' || body.action === 'void') && !body.comment) {
      context.addIssue({
        code: 'custom',
        path: ['comment'],
        message: body.action === 'void' ? '请填写作废原因' : '请填写修改意见',
      });
    }
    if (body.action === 'release' && !body.releaseType) {
      context.addIssue({ code: 'custom', path: ['releaseType'], message: '请选择放单方式' });
    }
    if (body.action !== 'release' && body.releaseType) {
      context.addIssue({ code: 'custom', path: ['releaseType'], message: '只有放单时选择放单方式' });
    }
    if (body.action !== 'issue' && body.onBoardDate) {
      context.addIssue({ code: 'custom', path: ['onBoardDate'], message: '只有签发时填写装船日期' });
    }
    if (body.action !== 'issue' && body.onBoardReason) {
      context.addIssue({ code: 'custom', path: ['onBoardReason'], message: '只有签发时填写装船说明' });
    }
  });
export type BolPatch = z.input<typeof bolPatchSchema>;

/** PATCH /v1/bol/{key}/userRemark — the customer's remark, stored and shown as plain text. */
export const userRemarkSchema = z.strictObject({
  userRemark: z.string().max(limits.remarkMax, `备注最多 ${limits.remarkMax} 个字符`),
  version: versionSchema,
});
export type UserRemarkUpdate = z.input<typeof userRemarkSchema>;

// ——— answers ———

const partyAnswer = z.object({ name: z.string(), address: z.array(z.string()) });
const bolContainerSchema = z.object({
  containerKey: z.string(),
  containerNo: z.string().nullable(),
  sealNo: z.string().nullable(),
  containerType: z.string(),
  packages: z.number(),
  pieces: z.number(),
  grossWeight: z.number(),
  cbm: z.number(),
});

export const bolSchema = z.object({
  key: z.string(),
  bolNo: z.string(),
  type: z.enum(bolTypes),
  releaseType: z.enum(releaseTypes).nullable(),
  planKey: z.string(),
  orderKey: z.string(),
  carrier: z.string(),
  carrierBookingNo: z.string(),
  shipper: partyAnswer,
  consignee: partyAnswer,
  notifyParty: partyAnswer,
  placeOfReceipt: z.string(),
  pol: z.string(),
  pod: z.string(),
  placeOfDelivery: z.string(),
  vessel: z.string(),
  voyage: z.string(),
  etd: z.string(),
  eta: z.string(),
  containers: z.array(bolContainerSchema),
  marks: z.array(z.string()),
  description: z.array(z.string()),
  hsCode: z.string(),
  packages: z.number(),
  pieces: z.number(),
  grossWeight: z.number(),
  cbm: z.number(),
  freightTerm: z.enum(freightTerms),
  status: z.enum(bolStatuses),
  issueDate: z.string().nullable(),
  /** The day shipped on board the issued B/L states (null before it is issued). */
  onBoardDate: z.string().nullable(),
  /** Why it was issued on a day the milestones do not bear out (onBoardDateOf); '' when they do. */
  onBoardReason: z.string(),
  amendmentComment: z.string(),
  voidReason: z.string(),
  userRemark: z.string(),
  owner: z.string(),
  ...ownerNameFields,
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Bol = z.infer<typeof bolSchema>;

/**
 * A B/L as the list shows it: no parties but the consignee's name, no marks, description or boxes but their
 * count (the detail reads the whole B/L), so that a page of 20 stays a few KB.
 */
export const bolListItemSchema = bolSchema
  .omit({
    onBoardDate: true,
    onBoardReason: true,
    shipper: true,
    consignee: true,
    notifyParty: true,
    placeOfReceipt: true,
    placeOfDelivery: true,
    eta: true,
    containers: true,
    marks: true,
    description: true,
    hsCode: true,
    amendmentComment: true,
    voidReason: true,
    userRemark: true,
    orderKey: true,
  })
  .extend({ consigneeName: z.string(), containerCount: z.number() });
export type BolListItem = z.infer<typeof bolListItemSchema>;

/** A status move of the B/L from its audit: who, when, from what to what, with the comment given. */
export const bolHistorySchema = z.object({
  at: z.string(),
  actorName: z.string(),
  from: z.enum(bolStatuses).nullable(),
  to: z.enum(bolStatuses),
  comment: z.string(),
});
export const bolDetailSchema = bolSchema.extend({ history: z.array(bolHistorySchema) });
export type BolDetail = z.infer<typeof bolDetailSchema>;

// ——— queries ———

export const bolSortFields = ['createdAt', 'etd', 'bolNo', 'status'] as const;
export const bolListQuerySchema = listQuery(bolSortFields).extend({
  bolNo: z.string().trim().max(20).optional(),
  status: z.enum(bolStatuses).optional(),
  vessel: z.string().trim().max(limits.vesselMax).optional(),
  voyage: z.string().trim().max(limits.voyageMax).optional(),
  pol: locodeSchema.optional(),
  pod: locodeSchema.optional(),
  etdFrom: isoDateSchema.optional(),
  etdTo: isoDateSchema.optional(),
  /** Free text: the start of a B/L number, booking number, vessel or consignee. */
  q: z.string().trim().min(1).max(70).optional(),
  ...ownerCompanyQuery,
});
export type BolListQuery = z.input<typeof bolListQuerySchema>;
/** How the list's filters match, on the server and in the mock: vessel and voyage whole in any case. */
export const bolListFilters = {
  bolNo: ['bolNo', 'prefix'],
  status: ['status', 'equal'],
  vessel: ['vessel', 'anyCase'],
  voyage: ['voyage', 'anyCase'],
  pol: ['pol', 'equal'],
  pod: ['pod', 'equal'],
  etdFrom: ['etd', 'atLeast'],
  etdTo: ['etd', 'atMost'],
  // Each has its lower(…) text_pattern_ops index.
  q: [['bolNo', 'carrierBookingNo', 'vessel', 'consigneeName'], 'prefixOfAny'],
  ...ownerCompanyFilter,
} as const satisfies FilterRulesOf<BolListQuery>;

const keyParams = z.strictObject({ key: bolKeySchema });
const clerkOnly = ['documentClerk'] as const;
const customerOnly = ['user'] as const;

export const bolEndpoints = defineEndpoints(bolRoutes, {
  export: exportEndpoint('提单', bolListQuerySchema),
  list: { summary: '提单列表', access: 'read', query: bolListQuerySchema, response: listResultSchema(bolListItemSchema) },
  get: { summary: '提单详情（含状态记录）', access: 'read', params: keyParams, response: bolDetailSchema },
  create: {
    summary: '从同一订舱计划已装货的柜生成提单草稿（件数、毛重、体积按装柜明细汇总）',
    access: clerkOnly,
    body: bolCreateSchema,
    response: bolSchema,
    status: 201,
  },
  update: {
    summary: '修改草稿或客户要求修改的提单（需版本号）',
    access: clerkOnly,
    params: keyParams,
    body: bolUpdateSchema,
    response: bolSchema,
  },
  patch: {
    summary: '提单操作：发送确认、确认、申请修改、签发、放单、作废（需版本号）',
    access: 'write',
    params: keyParams,
    body: bolPatchSchema,
    response: bolSchema,
  },
  remove: {
    summary: '删除提单草稿（需版本号）',
    access: clerkOnly,
    params: keyParams,
    body: z.strictObject({ version: versionSchema }),
    response: deleteResultSchema,
  },
  userRemark: {
    summary: '修改用户备注（纯文本，需版本号）',
    access: customerOnly,
    params: keyParams,
    body: userRemarkSchema,
    response: bolSchema,
  },
  pdf: {
    summary: '提单 PDF（签发前带 DRAFT 水印）',
    access: 'read',
    params: keyParams,
    response: pdfSchema,
  },
  dcsa: {
    summary: '已签发提单的 DCSA eBL 3.0 Transport Document（JSON）；未签发的提单 409',
    access: 'read',
    params: keyParams,
    response: dcsaTransportDocumentSchema,
    alsoAnswers: [409],
  },
});
