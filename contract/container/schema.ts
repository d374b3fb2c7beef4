/**
 * 柜 API: the containers of a confirmed booking plan (at most its quantity), each with its number (ISO 6346,
 * check digit verified), seal, tare and VGM when known, and the capacity of its type when it was added.
 */
import { z } from 'zod';
import { listResultSchema, pageQuery, pdfSchema, singleLine, versionSchema, xlsxSchema } from '../shared/common';
import { containerNoProblem, containerRoutes } from './codes';
import { unplacedReasons, type UnplacedReason } from './loadPlan';
import { freightBases } from '../freight/codes';
import { freightSchema } from '../freight/schema';
import { scanAnswerSchema, scanBodySchema } from '../carton/schema';
import { defineEndpoints } from '../shared/endpoint';
import { exportEndpoint } from '../shared/exports/schema';

export * from './codes';

const containerNo = z
  .string()
  .trim()
  .transform((value) => value.toUpperCase())
  .superRefine((value, context) => {
    const problem = containerNoProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });
const kg = (label: string) =>
  z
    .number({ error: `${label}应为数字` })
    .positive(`${label}应大于 0`)
    .max(60_000, `${label}过大`);

/** What a container's owner writes; a number, seal or weight may come later (null clears it). */
const containerFields = {
  containerNo: containerNo.nullable().optional(),
  sealNo: singleLine('封号不能包含控制字符或换行').trim().max(30, '封号最多 30 个字符').nullable().optional(),
  tareKg: kg('皮重').nullable().optional(),
  vgmKg: kg('VGM').nullable().optional(),
};

export const containerCreateSchema = z.strictObject(containerFields);
export type ContainerCreate = z.input<typeof containerCreateSchema>;
export const containerUpdateSchema = z.strictObject({
  ...containerFields,
  /** 运费分摊 (the clerk's choice): by CBM or by gross weight. */
  freightBasis: z.enum(freightBases, { error: '运费分摊方式应为按体积或按毛重' }).optional(),
  version: versionSchema,
});
export type ContainerUpdate = z.input<typeof containerUpdateSchema>;

export const containerSchema = z.object({
  key: z.string(),
  planKey: z.string(),
  containerType: z.string(),
  containerNo: z.string().nullable(),
  sealNo: z.string().nullable(),
  tareKg: z.number().nullable(),
  vgmKg: z.number().nullable(),
  cbmCapacity: z.number(),
  payloadKg: z.number(),
  /** The bill of lading it is on (not voided): it takes no load then. */
  bolKey: z.string().nullable(),
  cartonsScanned: z.number(),
  freightBasis: z.enum(freightBases),
  owner: z.string(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Container = z.infer<typeof containerSchema>;

/** A container of a plan that takes goods (已确认, 装柜中), with what it holds: the consolidation hall's boxes. */
export const openContainerSchema = containerSchema.extend({
  planStatus: z.enum(['CONFIRMED', 'LOADING']),
  pod: z.string(),
  etd: z.string(),
  carrier: z.string(),
  lineCount: z.number(),
  cbmUsed: z.number(),
  weightUsed: z.number(),
  /** The volume it may take: its capacity × the fill factor of the settings. */
  cbmLimit: z.number(),
});
export type OpenContainer = z.infer<typeof openContainerSchema>;

const loadedLineSchema = z.object({
  key: z.string(),
  poNo: z.string(),
  styleNo: z.string(),
  colour: z.string(),
  cartonFrom: z.number(),
  cartonTo: z.number(),
  cartonCount: z.number(),
  totalQty: z.number(),
  totalNw: z.number(),
  totalGw: z.number(),
  cbm: z.number(),
  destination: z.string(),
  /** One carton: sides cm, gross weight kg (what the load plan places). */
  ctnL: z.number(),
  ctnW: z.number(),
  ctnH: z.number(),
  gwPerCtn: z.number(),
  version: z.number(),
  cartonsScanned: z.number(),
  missingCartons: z.string(),
});
/** One box of the container page: as listed, with its lines in loading order and its freight split over them. */
export const containerDetailSchema = openContainerSchema.extend({
  lines: z.array(loadedLineSchema),
  freight: freightSchema,
});
export type ContainerDetail = z.infer<typeof containerDetailSchema>;

export const containerListQuerySchema = pageQuery(100).extend({
  planKey: z
    .string()
    .regex(/^OP\d{8}$/, '计划编号应为 OP 加 8 位数字')
    .optional(),
  /** `1`: only boxes that hold goods and are on no bill of lading (what a new B/L is drafted from). */
  unbilled: z.literal('1').optional(),
});

const placedBlockSchema = z.object({
  lineKey: z.string(),
  poNo: z.string(),
  x: z.number(),
  y: z.number(),
  z: z.number(),
  lengthMm: z.number(),
  widthMm: z.number(),
  heightMm: z.number(),
  nx: z.number(),
  ny: z.number(),
  nz: z.number(),
  /** Its first layer counted from the floor (0): the top view of layer n draws the blocks holding it. */
  layer: z.number(),
  cartonFrom: z.number(),
  cartonTo: z.number(),
  gwPerCtnKg: z.number(),
});
/** 装柜图: where each carton of the box's lines goes (mm from the front wall, the left side and the floor). */
export const loadPlanSchema = z.object({
  key: z.string(),
  containerNo: z.string().nullable(),
  containerType: z.string(),
  inside: z.object({ lengthMm: z.number(), widthMm: z.number(), heightMm: z.number() }),
  payloadKg: z.number(),
  cbmCapacity: z.number(),
  /** The lines' CBM as entered, beside what the cartons' shapes take. */
  cbmSum: z.number(),
  blocks: z.array(placedBlockSchema),
  unplaced: z.array(
    z.object({
      lineKey: z.string(),
      poNo: z.string(),
      cartonFrom: z.number(),
      cartonTo: z.number(),
      cartons: z.number(),
      reason: z.enum(Object.keys(unplacedReasons) as [UnplacedReason, ...UnplacedReason[]]),
      reasonText: z.string(),
    }),
  ),
  cartonsPlaced: z.number(),
  cartonsLeft: z.number(),
  volumeUsedPercent: z.number(),
  placedKg: z.number(),
  balanceAlongPercent: z.number(),
  balanceAcrossPercent: z.number(),
  /** Each PO's colour, as the stickers colour them. */
  legend: z.array(z.object({ poNo: z.string(), colour: z.string() })),
  lines: z.array(z.object({ key: z.string(), poNo: z.string(), styleNo: z.string(), colour: z.string() })),
  warnings: z.array(z.string()),
});
export type LoadPlanAnswer = z.infer<typeof loadPlanSchema>;

const planParams = z.strictObject({ planKey: z.string().min(1).max(64) });
const keyParams = planParams.extend({ key: z.string().min(1).max(64) });

export const containerEndpoints = defineEndpoints(containerRoutes, {
  export: exportEndpoint('柜', containerListQuerySchema),
  list: {
    summary: '可装货的柜（已确认、装柜中计划的柜，含已装体积与重量），按开船日期',
    access: 'read',
    query: containerListQuerySchema,
    response: listResultSchema(openContainerSchema),
  },
  get: {
    summary: '柜及其装载明细（按装柜顺序）',
    access: 'read',
    params: z.strictObject({ key: z.string().min(1).max(64) }),
    response: containerDetailSchema,
  },
  loadPlan: {
    summary:
      '装柜图：每箱的位置（按柜内尺寸、只水平转向、底面承托 ≥ 80%、重货在下、同 PO 相邻），装不下的箱及原因，体积利用率与重心',
    access: 'read',
    params: z.strictObject({ key: z.string().min(1).max(64) }),
    response: loadPlanSchema,
  },
  freight: {
    summary: '柜的运费：锁定运价加附加费，按体积或毛重分摊到每条明细和每个 PO（装货中或已出运的柜）',
    access: 'read',
    params: z.strictObject({ key: z.string().min(1).max(64) }),
    response: freightSchema,
  },
  loadPlanPdf: {
    summary: '装柜图（A4 PDF：侧视图、每层俯视图、图例）',
    access: 'read',
    params: z.strictObject({ key: z.string().min(1).max(64) }),
    response: pdfSchema,
  },
  loadList: {
    summary: '装柜清单（xlsx）',
    access: 'read',
    params: z.strictObject({ key: z.string().min(1).max(64) }),
    response: xlsxSchema,
  },
  create: {
    summary: '为已确认的计划添加一个柜（最多到计划柜量）',
    access: 'write',
    params: planParams,
    body: containerCreateSchema,
    response: containerSchema,
    status: 201,
  },
  update: {
    summary: '修改柜号、封号、皮重、VGM，单证员可选运费分摊方式（需版本号）',
    access: 'write',
    params: keyParams,
    body: containerUpdateSchema,
    response: containerSchema,
  },
  remove: {
    summary: '删除空柜（需版本号）',
    access: 'write',
    params: keyParams,
    body: z.strictObject({ version: versionSchema }),
    response: z.object({ success: z.literal(true), deleted: z.number() }),
  },
  scan: {
    summary: '扫描一箱的箱码装柜（每箱只计一次；不在此柜的箱当即拒绝并说明原因）',
    access: 'write',
    params: z.strictObject({ key: z.string().min(1).max(64) }),
    body: scanBodySchema,
    response: scanAnswerSchema,
  },
});
