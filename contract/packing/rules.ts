/**
 * The rules of bulk lines (装箱明细) as pure functions. The server enforces them, the browser uses the same
 * code for live totals and dialogs, the mock answers with them. No zod and no I/O here.
 *
 * Exactness: quantities are integers; weights are held to gram precision (3 decimals of kg) and carton
 * sides to mm (1 decimal of cm), so every total is computed in integer grams / mm³ and converted once —
 * no floating-point drift. The one rounded figure is cbm (3 decimals). Split and merge conserve the
 * stored totals exactly: split gives the new line its own computed totals and leaves the remainder on
 * the original; merge adds the parts. So after a split or merge a line's cbm may differ from
 * computeBulkTotals by the rounding of one operation (≤ 0.001 m³), and the sum over the lines never moves.
 */
import { RuleError } from '../shared/ruleError';
import {
  bulkFieldLabels,
  bulkLimits,
  bulkTypeLabels,
  isBulkEditable,
  type BulkStatus,
  type BulkType,
  type PackType,
} from './codes';

/** A line's editability is a code of its state (bulkCodes, which the list page loads without these rules). */
export { isBulkEditable };

/** 尺码配比: pieces of each size in ONE carton. */
export type SizeBreakdown = Record<string, number>;

export interface CartonRange {
  cartonFrom: number;
  cartonTo: number;
}

/** What the client sends per carton; the totals follow from it. */
export interface CartonFigures extends CartonRange {
  sizeBreakdown: SizeBreakdown;
  nwPerCtn: number;
  gwPerCtn: number;
  ctnL: number;
  ctnW: number;
  ctnH: number;
}

/** What the server computes and never accepts from a client. */
export interface BulkTotals {
  cartonCount: number;
  qtyPerCarton: number;
  totalQty: number;
  totalNw: number;
  totalGw: number;
  cbm: number;
}
export const computedBulkFields = ['cartonCount', 'qtyPerCarton', 'totalQty', 'totalNw', 'totalGw', 'cbm'] as const;

export type BulkRuleErrorCode = 'SPLIT_CARTONS' | 'NOT_EDITABLE' | 'MERGE_INCOMPATIBLE';

/** A broken rule, with a Chinese message a user can read: NOT_EDITABLE is a 409, the others a 422. */
export class BulkRuleError extends RuleError {
  declare readonly code: BulkRuleErrorCode;
  readonly field?: string;

  constructor(code: BulkRuleErrorCode, message: string, field?: string) {
    super(code === 'NOT_EDITABLE' ? 409 : 422, code, message, field ? { [field]: message } : undefined);
    this.name = 'BulkRuleError';
    this.field = field;
  }
}

/** Thousandths as an integer: grams of a kg weight, litres of a cbm. */
const milli = (value: number) => Math.round(value * 1000);
const millimetres = (cm: number) => Math.round(cm * 10);
/** 1 milli-m³ (the third decimal of cbm) is 10⁶ mm³. */
const MM3_PER_MILLI_CBM = 1_000_000;

/** True when `value` has at most `decimals` decimals (0.1 + 0.2 style binary noise tolerated). */
export function hasAtMostDecimals(value: number, decimals: number): boolean {
  if (!Number.isFinite(value)) return false;
  const scaled = value * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

/** 每箱件数: the sum of the size breakdown (entries that are not positive numbers count as 0). */
export function qtyPerCartonOf(sizeBreakdown: SizeBreakdown): number {
  return Object.values(sizeBreakdown).reduce((sum, qty) => sum + (Number.isFinite(qty) && qty > 0 ? Math.round(qty) : 0), 0);
}

/** 箱数 = cartonTo − cartonFrom + 1; 0 while the range is incomplete or reversed (the form is being typed). */
export function cartonCountOf(range: CartonRange): number {
  const { cartonFrom, cartonTo } = range;
  if (!Number.isFinite(cartonFrom) || !Number.isFinite(cartonTo) || cartonTo < cartonFrom) return 0;
  return Math.round(cartonTo) - Math.round(cartonFrom) + 1;
}

/** The computed fields of a line from its per-carton figures. */
export function computeBulkTotals(figures: CartonFigures): BulkTotals {
  const cartonCount = cartonCountOf(figures);
  const qtyPerCarton = qtyPerCartonOf(figures.sizeBreakdown);
  const volumeMm3 = millimetres(figures.ctnL || 0) * millimetres(figures.ctnW || 0) * millimetres(figures.ctnH || 0);
  return {
    cartonCount,
    qtyPerCarton,
    totalQty: cartonCount * qtyPerCarton,
    totalNw: (cartonCount * milli(figures.nwPerCtn || 0)) / 1000,
    totalGw: (cartonCount * milli(figures.gwPerCtn || 0)) / 1000,
    cbm: Math.round((cartonCount * volumeMm3) / MM3_PER_MILLI_CBM) / 1000,
  };
}

/** Same size breakdown, weights and carton sides per carton (compared at gram / mm precision). */
export function samePerCartonFigures(a: CartonFigures, b: CartonFigures): boolean {
  return (
    sameSizeBreakdown(a.sizeBreakdown, b.sizeBreakdown) &&
    milli(a.nwPerCtn) === milli(b.nwPerCtn) &&
    milli(a.gwPerCtn) === milli(b.gwPerCtn) &&
    millimetres(a.ctnL) === millimetres(b.ctnL) &&
    millimetres(a.ctnW) === millimetres(b.ctnW) &&
    millimetres(a.ctnH) === millimetres(b.ctnH)
  );
}

export function sameSizeBreakdown(a: SizeBreakdown, b: SizeBreakdown): boolean {
  const sizesOf = (s: SizeBreakdown) => Object.keys(s).filter((size) => s[size] > 0);
  const sizesA = sizesOf(a);
  return sizesA.length === sizesOf(b).length && sizesA.every((size) => a[size] === b[size]);
}

/**
 * Totals after an edit (PUT or a batch change): kept as stored when neither the range nor a per-carton
 * figure changed — so a line's split remainder survives an edit of, say, its destination — else recomputed.
 */
export function totalsAfterEdit(before: CartonFigures & BulkTotals, after: CartonFigures): BulkTotals {
  const unchanged =
    before.cartonFrom === after.cartonFrom && before.cartonTo === after.cartonTo && samePerCartonFigures(before, after);
  if (!unchanged) return computeBulkTotals(after);
  const { cartonCount, qtyPerCarton, totalQty, totalNw, totalGw, cbm } = before;
  return { cartonCount, qtyPerCarton, totalQty, totalNw, totalGw, cbm };
}

export interface FieldProblem {
  field: string;
  message: string;
}

/**
 * The rules between fields of one line (field formats and ranges are the schema's job):
 * range not reversed, not too many cartons, pieces per carton within the limit, gross ≥ net,
 * and a pack type whose size part agrees with the breakdown.
 */
export function cartonFigureProblems(figures: CartonFigures & { packType?: PackType }): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (figures.cartonTo < figures.cartonFrom) {
    problems.push({ field: 'cartonTo', message: '结束箱号不能小于起始箱号' });
  } else if (cartonCountOf(figures) > bulkLimits.maxCartonsPerLine) {
    problems.push({ field: 'cartonTo', message: `一条明细最多 ${bulkLimits.maxCartonsPerLine} 箱` });
  }
  if (qtyPerCartonOf(figures.sizeBreakdown) > bulkLimits.maxQtyPerCarton) {
    problems.push({ field: 'sizeBreakdown', message: `每箱件数不能超过 ${bulkLimits.maxQtyPerCarton}` });
  }
  if (milli(figures.gwPerCtn) < milli(figures.nwPerCtn)) {
    problems.push({ field: 'gwPerCtn', message: '毛重不能小于净重' });
  }
  if (figures.packType && !packTypeMatchesSizes(figures.packType, figures.sizeBreakdown)) {
    problems.push({
      field: 'packType',
      message: isMixedSize(figures.packType) ? '混码装箱的尺码配比至少要有两个尺码' : '单码装箱的尺码配比只能有一个尺码',
    });
  }
  return problems;
}

/** The row of a new line (status 待验针, no inspection, plan or container yet) from what the client sent. */
export function newLineValues<T extends CartonFigures>(type: BulkType, input: T, owner: string) {
  return {
    type,
    ...input,
    ...computeBulkTotals(input),
    status: 'pendingInspection' as const,
    inspectionResult: null,
    planKey: null,
    containerKey: null,
    owner,
  };
}

/** 404 when a line is not of the path's type (as a missing one: a key is looked up within its type). */
export function assertBulkType(lines: readonly { type: BulkType }[], type?: BulkType): void {
  if (!type || lines.every((line) => line.type === type)) return;
  throw new RuleError(404, 'NOT_FOUND', lines.length === 1 ? '装箱明细不存在' : `所选明细不都是${bulkTypeLabels[type]}明细`);
}

/**
 * A batch change applied to each line (fields left undefined unchanged), all or nothing: a line whose figures
 * it breaks refuses the whole change; totals follow a changed per-carton figure.
 */
export function batchChanged<T extends CartonFigures & BulkTotals & { key: string }>(lines: readonly T[], changes: object): T[] {
  const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  return lines.map((line) => {
    const next = { ...line, ...defined };
    const [problem] = cartonFigureProblems(next);
    if (problem) {
      throw new RuleError(422, 'VALIDATION_FAILED', `明细 ${line.key}：${problem.message}`, { [problem.field]: problem.message });
    }
    return { ...next, ...totalsAfterEdit(line, next) };
  });
}

/** NOT_EDITABLE when a line is in a container or shipped. */
export function assertBulkEditable(lines: readonly { key: string; status: BulkStatus }[]): void {
  const frozen = lines.find((line) => !isBulkEditable(line.status));
  if (frozen) throw new BulkRuleError('NOT_EDITABLE', `明细 ${frozen.key} 已配柜或已出运，不能修改`);
}

// ——— 装箱方式 ———

const isMixedSize = (packType: PackType) => packType[2] === 'A';
export const isMixedColour = (packType: PackType) => packType[0] === 'A';

/** The pack type of a breakdown: 混码 when more than one size has pieces; the colour part is the caller's. */
export function packTypeOf(sizeBreakdown: SizeBreakdown, mixedColour = false): PackType {
  const mixedSize = Object.values(sizeBreakdown).filter((qty) => qty > 0).length > 1;
  if (mixedColour) return mixedSize ? 'ACAS' : 'ACSS';
  return mixedSize ? 'SCAS' : 'SCSS';
}

export function packTypeMatchesSizes(packType: PackType, sizeBreakdown: SizeBreakdown): boolean {
  return packTypeOf(sizeBreakdown, isMixedColour(packType)) === packType;
}

// ——— 拆分 / 合并 ———

export interface SplittableLine extends CartonFigures, BulkTotals {
  status: BulkStatus;
}

/**
 * 拆分: the last `cartons` cartons of the line become a new line (1 ≤ cartons < cartonCount).
 * The new line gets the totals its figures give; the original keeps the rest of the stored totals, so
 * quantity, cartons, weights and volume add up exactly to what they were. Every other field (key,
 * version, owner, status, inspection…) is copied: the server gives the new line its own key and version.
 */
export function splitLine<T extends SplittableLine>(line: T, cartons: number): [T, T] {
  if (!isBulkEditable(line.status)) {
    throw new BulkRuleError('NOT_EDITABLE', '已配柜或已出运的明细不能拆分');
  }
  if (!Number.isInteger(cartons) || cartons < 1 || cartons >= line.cartonCount) {
    throw new BulkRuleError(
      'SPLIT_CARTONS',
      line.cartonCount < 2 ? '只有一箱的明细不能拆分' : `拆出箱数应为 1 到 ${line.cartonCount - 1} 之间的整数`,
      'cartons',
    );
  }
  const newRange = { cartonFrom: line.cartonTo - cartons + 1, cartonTo: line.cartonTo };
  const computed = computeBulkTotals({ ...line, ...newRange });
  // Never more than the original holds, so the remainder cannot go negative.
  const newTotals: BulkTotals = {
    cartonCount: cartons,
    qtyPerCarton: line.qtyPerCarton,
    totalQty: Math.min(computed.totalQty, line.totalQty),
    totalNw: Math.min(milli(computed.totalNw), milli(line.totalNw)) / 1000,
    totalGw: Math.min(milli(computed.totalGw), milli(line.totalGw)) / 1000,
    cbm: Math.min(milli(computed.cbm), milli(line.cbm)) / 1000,
  };
  const original: T = {
    ...line,
    cartonTo: newRange.cartonFrom - 1,
    cartonCount: line.cartonCount - cartons,
    totalQty: line.totalQty - newTotals.totalQty,
    totalNw: (milli(line.totalNw) - milli(newTotals.totalNw)) / 1000,
    totalGw: (milli(line.totalGw) - milli(newTotals.totalGw)) / 1000,
    cbm: (milli(line.cbm) - milli(newTotals.cbm)) / 1000,
  };
  const newLine: T = { ...line, ...newRange, ...newTotals };
  return [original, newLine];
}

export interface MergeableLine extends SplittableLine {
  key: string;
  type: string;
  owner: string;
  odgItemNo: string;
  poNo: string;
  styleNo: string;
  colour: string;
  factoryCode: string;
  sizeGroup: string;
  packType: PackType;
  destination: string;
  exFactoryDate: string;
  inspectionResult: string | null;
}

export type MergeCheck = { ok: true } | { ok: false; reason: string };

/** The fields two lines must share to become one line without losing what either says. */
const mergeSameFields = [
  'type',
  'owner',
  'odgItemNo',
  'poNo',
  'styleNo',
  'colour',
  'factoryCode',
  'sizeGroup',
  'packType',
  'destination',
  'exFactoryDate',
  'status',
  'inspectionResult',
] as const;

/**
 * 合并 is allowed when the lines could have been one line all along:
 * - 2…mergeMaxKeys distinct lines, none in a container or shipped;
 * - the same type, owner, order (odg item, PO, style, colour), factory, size group, pack type,
 *   destination, ex-factory date, status and inspection result;
 * - the same per-carton figures — size breakdown, net and gross weight, carton size — because the merged
 *   line has one of each and its totals must stay true (the issue names carton size; the breakdown and
 *   weights follow from "totals follow the per-carton figures");
 * - carton ranges that join without a gap (after sorting: next.cartonFrom = previous.cartonTo + 1),
 *   because a line has one range; and the result within maxCartonsPerLine.
 */
export function mergeCompatible(lines: readonly MergeableLine[]): MergeCheck {
  if (lines.length < 2) return { ok: false, reason: '至少选择两条明细才能合并' };
  if (lines.length > bulkLimits.mergeMaxKeys) {
    return { ok: false, reason: `一次最多合并 ${bulkLimits.mergeMaxKeys} 条明细` };
  }
  if (new Set(lines.map((l) => l.key)).size !== lines.length) return { ok: false, reason: '明细重复' };
  if (lines.some((l) => !isBulkEditable(l.status))) {
    return { ok: false, reason: '已配柜或已出运的明细不能合并' };
  }
  const [first] = lines;
  for (const field of mergeSameFields) {
    if (lines.some((l) => l[field] !== first[field])) {
      return { ok: false, reason: `${bulkFieldLabels[field]}不同，不能合并` };
    }
  }
  for (const line of lines) {
    if (!sameSizeBreakdown(line.sizeBreakdown, first.sizeBreakdown)) {
      return { ok: false, reason: '尺码配比不同，不能合并' };
    }
    if (milli(line.nwPerCtn) !== milli(first.nwPerCtn) || milli(line.gwPerCtn) !== milli(first.gwPerCtn)) {
      return { ok: false, reason: '每箱净重或毛重不同，不能合并' };
    }
    if (
      millimetres(line.ctnL) !== millimetres(first.ctnL) ||
      millimetres(line.ctnW) !== millimetres(first.ctnW) ||
      millimetres(line.ctnH) !== millimetres(first.ctnH)
    ) {
      return { ok: false, reason: '外箱尺寸不同，不能合并' };
    }
  }
  const sorted = [...lines].sort((a, b) => a.cartonFrom - b.cartonFrom);
  for (let i = 1; i < sorted.length; i += 1) {
    const prev = sorted[i - 1];
    const next = sorted[i];
    if (next.cartonFrom !== prev.cartonTo + 1) {
      return {
        ok: false,
        reason: `箱号不连续（${prev.cartonFrom}–${prev.cartonTo} 与 ${next.cartonFrom}–${next.cartonTo}），不能合并`,
      };
    }
  }
  const cartons = sorted[sorted.length - 1].cartonTo - sorted[0].cartonFrom + 1;
  if (cartons > bulkLimits.maxCartonsPerLine) {
    return { ok: false, reason: `合并后超过 ${bulkLimits.maxCartonsPerLine} 箱，不能合并` };
  }
  return { ok: true };
}

/**
 * The merged line: the line with the lowest carton number (its key and fields), the joined range, and
 * the SUMS of the stored totals — so quantity, cartons, weights and volume are exactly conserved.
 */
export function mergeLines<T extends MergeableLine>(lines: readonly T[]): T {
  const check = mergeCompatible(lines);
  if (!check.ok) throw new BulkRuleError('MERGE_INCOMPATIBLE', check.reason);
  const sorted = [...lines].sort((a, b) => a.cartonFrom - b.cartonFrom);
  const sum = (pick: (l: T) => number) => sorted.reduce((total, l) => total + pick(l), 0);
  return {
    ...sorted[0],
    cartonFrom: sorted[0].cartonFrom,
    cartonTo: sorted[sorted.length - 1].cartonTo,
    cartonCount: sum((l) => l.cartonCount),
    totalQty: sum((l) => l.totalQty),
    totalNw: sum((l) => milli(l.totalNw)) / 1000,
    totalGw: sum((l) => milli(l.totalGw)) / 1000,
    cbm: sum((l) => milli(l.cbm)) / 1000,
  };
}
