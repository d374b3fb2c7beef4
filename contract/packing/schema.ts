/**
 * 装箱明细 (bulk data lines, packing and shipping): request schemas, answer types, Chinese labels.
 * Codes, labels, limits and the xlsx columns live in ./bulkCodes (zod-free, for the browser);
 * the rules between fields in ./bulkRules. The front end imports this file with `import type` only.
 *
 * Calls (DESIGN.md §4):
 *   GET    /v1/packing/bulkdata?…                  bulkListQuerySchema → BulkListResult
 *   GET    /v1/shipping/bulkdata?…                 same query; lines in a container or shipped
 *   GET    /v1/packing/bulkdata/{key}              → BulkLine (404 when missing or not the caller's)
 *   GET    /v1/packing/bulkdata/{key}/history      → BulkAuditEntry[] (newest first)
 *   GET    /v1/packing/bulkdata/export?…           bulkFilterSchema → xlsx (bulkSheetColumns)
 *   POST   /v1/packing/{type}/bulkdata             bulkCreateSchema → 201 BulkLine
 *   PUT    /v1/packing/{type}/bulkdata/{key}       bulkUpdateSchema → BulkLine
 *   PATCH  /v1/packing/{type}/bulkdata/           bulkBatchPatchSchema → BulkLine[]
 *   PATCH  /v1/bulkslist                           bulksListPatchSchema → BulkLine[]
 *   DELETE /v1/packing/{type}/bulkdata/{key}       bulkDeleteBodySchema → DeleteResult
 *   DELETE /v1/packing/{type}/bulkdata/?keys=a,b&versions=1,3   keysQuerySchema → DeleteResult
 *   DELETE /v1/packing/bulkdata/?keys=a,b&versions=1,3          the same for lines of any type
 *   PUT    /v1/packing/{type}/bulkdata/{key}/seperate  bulkSplitSchema → [original, newLine]
 *   POST   /v1/packing/bulkdata/mergeOne           bulkMergeSchema → BulkLine (the merged line)
 *   POST   /v1/packing/{type}/bulkdata/import      multipart `file` (.xlsx) → BulkImportResult | 422 BulkImportErrorBody
 */
import { z } from 'zod';
import {
  bulkFieldLabels,
  bulkLimits,
  bulkSortFields,
  bulkStatuses,
  bulkTypes,
  inspectionResults,
  packTypes,
  type BulkAuditAction,
  type BulkBatchField,
  type BulkField,
  type BulkStatus,
  type BulkType,
  type InspectionResult,
  type PackType,
} from './codes';
import { cartonFigureProblems, hasAtMostDecimals, type SizeBreakdown } from './rules';
import { isoDateSchema, listQuery, singleLine, versionSchema, type ErrorBody, type ListResult } from '../shared/common';

export * from './codes';
export type { SizeBreakdown } from './rules';

/** One line as every answer gives it. Weights kg (≤ 3 decimals), sides cm (≤ 1 decimal), cbm m³ (3 decimals). */
export interface BulkLine {
  key: string;
  type: BulkType;
  odgItemNo: string;
  poNo: string;
  styleNo: string;
  colour: string;
  factoryCode: string;
  sizeGroup: string;
  /** Pieces of each size in one carton. */
  sizeBreakdown: SizeBreakdown;
  packType: PackType;
  cartonFrom: number;
  cartonTo: number;
  /** Computed: cartonTo − cartonFrom + 1. */
  cartonCount: number;
  /** Computed: the sum of sizeBreakdown. */
  qtyPerCarton: number;
  /** Computed: cartonCount × qtyPerCarton. */
  totalQty: number;
  nwPerCtn: number;
  gwPerCtn: number;
  /** Computed: cartonCount × per carton (kg). */
  totalNw: number;
  totalGw: number;
  ctnL: number;
  ctnW: number;
  ctnH: number;
  /** Computed: cartonCount × L×W×H / 10⁶, 3 decimals (split/merge conserve it, see bulkRules). */
  cbm: number;
  destination: string;
  /** YYYY-MM-DD */
  exFactoryDate: string;
  status: BulkStatus;
  /** null until the lot is needle-inspected. */
  inspectionResult: InspectionResult | null;
  planKey: string | null;
  containerKey: string | null;
  /** The owning user's id. */
  owner: string;
  /** The owner's real name; given to clerks and inspectors, who see other people's lines. */
  ownerName?: string;
  /** Starts at 1; every change adds 1. PUT, split, single delete (and optionally batch/merge) send it back. */
  version: number;
  /** ISO 8601 date-times */
  createdAt: string;
  updatedAt: string;
}

/**
 * GET /v1/packing/bulkdata and /v1/shipping/bulkdata. An owner's total is an exact count. A clerk-wide
 * total may be counted up to a cap or estimated, to keep every page view O(page): then
 * `totalIsEstimate: true`, and `totalCap` is the cap when the count stopped at it — the UI says
 * '超过 {totalCap} 条' when total ≥ totalCap, otherwise '约 {total} 条', and pages by `total`.
 */
export interface BulkListResult extends ListResult<BulkLine> {
  totalIsEstimate?: boolean;
  totalCap?: number;
}

// ——— field schemas ———

const labelOf = (field: BulkField) => bulkFieldLabels[field];

const text = (field: BulkField, max: number) =>
  singleLine(`${labelOf(field)}不能包含控制字符或换行`, `请输入${labelOf(field)}`)
    .trim()
    .min(1, `请输入${labelOf(field)}`)
    .max(max, `${labelOf(field)}最多 ${max} 个字符`);

const cartonNo = (field: BulkField) =>
  z
    .number({ error: `${labelOf(field)}应为数字` })
    .int(`${labelOf(field)}应为整数`)
    .min(1, `${labelOf(field)}最小为 1`)
    .max(bulkLimits.maxCartonNo, `${labelOf(field)}最大为 ${bulkLimits.maxCartonNo}`);

const decimal = (field: BulkField, max: number, decimals: number) =>
  z
    .number({ error: `${labelOf(field)}应为数字` })
    .positive(`${labelOf(field)}应大于 0`)
    .max(max, `${labelOf(field)}最大为 ${max}`)
    .refine((value) => hasAtMostDecimals(value, decimals), `${labelOf(field)}最多 ${decimals} 位小数`);

const weight = (field: BulkField) => decimal(field, bulkLimits.maxWeightPerCartonKg, bulkLimits.weightDecimals);
const side = (field: BulkField) => decimal(field, bulkLimits.maxCartonSideCm, bulkLimits.sideDecimals);

/** A size name: no separators of the one-cell format ("S:2;M:4"), no spaces at its ends. */
export const sizeNameSchema = z
  .string()
  .regex(/^[^\s:：;；,，=](?:[^:：;；,，=]{0,14}[^\s:：;；,，=])?$/, '尺码名称最多 16 个字符，不能含 : ; , =');

export const sizeBreakdownSchema = z
  .record(sizeNameSchema, z.number().int('件数应为整数').min(1, '件数最少为 1').max(bulkLimits.maxQtyPerCarton))
  .refine((breakdown) => Object.keys(breakdown).length >= 1, '尺码配比至少要有一个尺码')
  .refine(
    (breakdown) => Object.keys(breakdown).length <= bulkLimits.maxSizeEntries,
    `尺码配比最多 ${bulkLimits.maxSizeEntries} 个尺码`,
  );

export const bulkTypeSchema = z.enum(bulkTypes, { error: '出运方式应为 multi 或 single' });
export const packTypeSchema = z.enum(packTypes, { error: '请选择装箱方式' });
export const bulkStatusSchema = z.enum(bulkStatuses);
export const inspectionResultSchema = z.enum(inspectionResults);
export const bulkKeySchema = z.string().min(1).max(64);

/** The fields a client writes. Computed fields, status, owner and keys are not among them (strict: refused). */
const bulkInputShape = {
  odgItemNo: text('odgItemNo', 32),
  poNo: text('poNo', 32),
  styleNo: text('styleNo', 32),
  colour: text('colour', 64),
  factoryCode: text('factoryCode', 16),
  sizeGroup: text('sizeGroup', 16),
  sizeBreakdown: sizeBreakdownSchema,
  packType: packTypeSchema,
  cartonFrom: cartonNo('cartonFrom'),
  cartonTo: cartonNo('cartonTo'),
  nwPerCtn: weight('nwPerCtn'),
  gwPerCtn: weight('gwPerCtn'),
  ctnL: side('ctnL'),
  ctnW: side('ctnW'),
  ctnH: side('ctnH'),
  destination: text('destination', 64),
  exFactoryDate: isoDateSchema,
};

type InputLike = z.infer<z.ZodObject<typeof bulkInputShape>>;
function checkBetweenFields(input: InputLike, ctx: z.RefinementCtx) {
  for (const problem of cartonFigureProblems(input)) {
    ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  }
}

/**
 * POST /v1/packing/{type}/bulkdata — the per-carton figures; the server computes cartonCount,
 * qtyPerCarton, totalQty, totalNw, totalGw and cbm (sending them is a 422: unknown field).
 * The server also checks: factoryCode is a factory, sizeGroup a size group whose sizes include every
 * size of the breakdown, and the range does not overlap another line of the same PO (422, `fields`).
 */
export const bulkCreateSchema = z.strictObject(bulkInputShape).superRefine(checkBetweenFields);
export type BulkCreate = z.infer<typeof bulkCreateSchema>;

/** PUT /v1/packing/{type}/bulkdata/{key} — the whole line again, with the version read. */
export const bulkUpdateSchema = z.strictObject({ ...bulkInputShape, version: versionSchema }).superRefine(checkBetweenFields);
export type BulkUpdate = z.infer<typeof bulkUpdateSchema>;

/** DELETE /v1/packing/{type}/bulkdata/{key} — body `{ version }`. */
export const bulkDeleteBodySchema = z.strictObject({ version: versionSchema });

const batchChangeShape = {
  destination: bulkInputShape.destination.optional(),
  exFactoryDate: isoDateSchema.optional(),
  factoryCode: bulkInputShape.factoryCode.optional(),
  nwPerCtn: weight('nwPerCtn').optional(),
  gwPerCtn: weight('gwPerCtn').optional(),
  ctnL: side('ctnL').optional(),
  ctnW: side('ctnW').optional(),
  ctnH: side('ctnH').optional(),
} satisfies Record<BulkBatchField, z.ZodType>;

const atLeastOneChange = (changes: Record<string, unknown>) => Object.values(changes).some((value) => value !== undefined);

const keysSchema = z
  .array(bulkKeySchema)
  .min(1, '请选择明细')
  .max(bulkLimits.batchMaxKeys, `一次最多 ${bulkLimits.batchMaxKeys} 条明细`)
  .refine((keys) => new Set(keys).size === keys.length, '明细重复');

/** Versions the client read, by key: a key whose version is missing or stale makes the whole call a 409. */
const versionsSchema = z.record(bulkKeySchema, versionSchema, { error: '缺少版本号' });

/**
 * PATCH /v1/packing/{type}/bulkdata/ — the same change on several lines of that type, all or nothing.
 * Totals are recomputed when a per-carton figure changes (bulkRules.totalsAfterEdit); a line whose
 * gross weight would fall below its net weight rejects the whole call (422). packType is not
 * batch-changeable: it must agree with each line's own size breakdown.
 */
export const bulkBatchPatchSchema = z.strictObject({
  keys: keysSchema,
  changes: z.strictObject(batchChangeShape).refine(atLeastOneChange, '请至少修改一个字段'),
  versions: versionsSchema,
});
export type BulkBatchPatch = z.infer<typeof bulkBatchPatchSchema>;
export type BulkBatchChanges = BulkBatchPatch['changes'];

/**
 * PATCH /v1/bulkslist — as above for lines of any type; may also move them to the other type. Or, instead of
 * `changes`, `containerKey`: 装柜 loads the lines into that container of a confirmed plan (null: 移出柜 takes
 * them out again), all or nothing, by the rules of contract/shared/consolidation.ts.
 */
export const bulksListPatchSchema = z
  .strictObject({
    keys: keysSchema,
    changes: z
      .strictObject({ ...batchChangeShape, type: bulkTypeSchema.optional() })
      .refine(atLeastOneChange, '请至少修改一个字段')
      .optional(),
    containerKey: z.string({ error: '请选择柜' }).min(1, '请选择柜').max(64, '柜编号有误').nullable().optional(),
    versions: versionsSchema,
  })
  .refine((body) => (body.changes === undefined) !== (body.containerKey === undefined), {
    message: '请填写要修改的字段，或选择要装入的柜（二者选一）',
    path: ['changes'],
  });
type BulksListBody = z.infer<typeof bulksListPatchSchema>;
/** PATCH /v1/bulkslist changing fields. */
export type BulksListPatch = Omit<BulksListBody, 'changes' | 'containerKey'> & { changes: NonNullable<BulksListBody['changes']> };
/** PATCH /v1/bulkslist loading the lines into a container (装柜), or with null taking them out (移出柜). */
export type BulkLoad = Omit<BulksListBody, 'changes' | 'containerKey'> & { containerKey: string | null };

/** PUT /v1/packing/{type}/bulkdata/{key}/seperate — the last `cartons` cartons become a new line → [original, newLine]. */
export const bulkSplitSchema = z.strictObject({
  cartons: z
    .number({ error: '请输入拆出箱数' })
    .int('拆出箱数应为整数')
    .min(1, '拆出箱数最少为 1')
    .max(bulkLimits.maxCartonsPerLine - 1),
  version: versionSchema,
});
export type BulkSplit = z.infer<typeof bulkSplitSchema>;
export type BulkSplitResult = [BulkLine, BulkLine];

/** POST /v1/packing/bulkdata/mergeOne — see bulkRules.mergeCompatible; → the merged line, the others removed. */
export const bulkMergeSchema = z.strictObject({
  keys: z
    .array(bulkKeySchema)
    .min(2, '至少选择两条明细才能合并')
    .max(bulkLimits.mergeMaxKeys, `一次最多合并 ${bulkLimits.mergeMaxKeys} 条明细`)
    .refine((keys) => new Set(keys).size === keys.length, '明细重复'),
  versions: versionsSchema,
});
export type BulkMerge = z.infer<typeof bulkMergeSchema>;

/** Path parameters. */
export const bulkTypeParamsSchema = z.strictObject({ type: bulkTypeSchema });
export const bulkKeyParamsSchema = z.strictObject({ key: bulkKeySchema });
export const bulkTypeKeyParamsSchema = z.strictObject({ type: bulkTypeSchema, key: bulkKeySchema });

// ——— list, filters, export ———

const filterText = z
  .string()
  .trim()
  .max(bulkLimits.maxFilterLength)
  .optional()
  .transform((value) => value || undefined);

/**
 * Filters of the list and of the export. poNo, styleNo, colour and destination match from the start
 * (case-insensitive); factoryCode, status and type exactly; exFactoryFrom/To bound the ex-factory date
 * (inclusive); q finds the text anywhere in odgItemNo, poNo, styleNo or colour.
 */
export const bulkFilterShape = {
  type: bulkTypeSchema.optional(),
  poNo: filterText,
  styleNo: filterText,
  colour: filterText,
  factoryCode: filterText,
  destination: filterText,
  status: bulkStatusSchema.optional(),
  inspectionResult: inspectionResultSchema.optional(),
  exFactoryFrom: isoDateSchema.optional(),
  exFactoryTo: isoDateSchema.optional(),
  q: filterText,
};
export const bulkFilterSchema = z.object(bulkFilterShape);
export type BulkFilter = z.input<typeof bulkFilterSchema>;

/** `?current=1&pageSize=20&sorter=poNo:ascend&poNo=…` — sorter limited to bulkSortFields. */
export const bulkListQuerySchema = listQuery(bulkSortFields).extend(bulkFilterShape);
export type BulkListQuery = z.input<typeof bulkListQuerySchema>;

// ——— history ———

/** GET /v1/packing/bulkdata/{key}/history — the audit entries of the line, newest first. */
export interface BulkAuditEntry {
  id: string;
  /** ISO 8601 */
  at: string;
  action: BulkAuditAction;
  /** User id and real name of who did it. */
  actor: string;
  actorName: string;
  /** The line before and after (null before a create, after a delete); split/merge name the other lines. */
  before: Partial<BulkLine> | null;
  after: Partial<BulkLine> | null;
  /** Keys of the lines a split made or a merge removed. */
  relatedKeys?: string[];
}

// ——— import ———

/** 200: every row was written. */
export interface BulkImportResult {
  success: true;
  imported: number;
  /** The file held the template's example row, which was left out. */
  exampleSkipped?: boolean;
}
/** One reason a row was refused; `row` as Excel numbers it (header = 1), `field` when one cell is at fault. */
export interface BulkImportRowError {
  row: number;
  field?: BulkField;
  message: string;
}
/**
 * 422 `errorCode: 'IMPORT_INVALID'`: nothing was written. Also 422 for a file that is not a readable
 * xlsx, has missing headers (row 1) or more than importMaxRows lines; 413 above importMaxBytes.
 */
export interface BulkImportErrorBody extends ErrorBody {
  rows: BulkImportRowError[];
  /** More than importMaxRowErrors rows were bad; the first ones are listed. */
  rowsTruncated?: boolean;
}
