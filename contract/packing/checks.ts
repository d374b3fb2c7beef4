/**
 * The checks of a line against other data, as pure functions: its codes against the lookups, and its carton
 * range against the other lines of its PO. The server runs them over what it reads from the database, the mock
 * over its rows.
 */
import { assertExportable as assertRowsExportable } from '../shared/exports/sheet';
import { bulkLimits } from './codes';
import type { CartonRange, SizeBreakdown } from './rules';

/** The codes a line names, against the lookups: field → message (empty when fine). */
export function lookupProblemsOf(
  line: { factoryCode: string; sizeGroup: string; sizeBreakdown: SizeBreakdown },
  factoryCodes: ReadonlySet<string>,
  sizeGroups: ReadonlyMap<string, { name: string; sizes: readonly string[] }>,
): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!factoryCodes.has(line.factoryCode)) problems.factoryCode = `工厂 ${line.factoryCode} 不存在`;
  const group = sizeGroups.get(line.sizeGroup);
  if (!group) problems.sizeGroup = `尺码组 ${line.sizeGroup} 不存在`;
  else {
    const unknown = Object.keys(line.sizeBreakdown).filter((size) => !group.sizes.includes(size));
    if (unknown.length) problems.sizeBreakdown = `尺码 ${unknown.join('、')} 不在尺码组 ${group.name} 中`;
  }
  return problems;
}

/** Closed ranges: 1–10 and 10–12 overlap (carton 10), 1–10 and 11–12 do not. */
export function rangesOverlap(a: CartonRange, b: CartonRange): boolean {
  return a.cartonFrom <= b.cartonTo && b.cartonFrom <= a.cartonTo;
}

export interface Overlap<T> {
  /** A line whose range reaches into an earlier-starting line of the same PO. */
  line: T;
  /** The earlier-starting line it collides with (the one reaching furthest). */
  other: T;
}

/** The message of a line whose cartons clash with a stored line of its PO. */
export const overlapMessage = (line: CartonRange & { poNo: string }) =>
  `PO ${line.poNo} 的箱号 ${line.cartonFrom}–${line.cartonTo} 与已有明细重叠`;

/**
 * Carton ranges of one PO must not overlap (whatever the owner or type: carton numbers label the PO's
 * physical cartons). Sort-and-sweep per PO, O(n log n), so a 50 000-row import is checked at once.
 * Every line involved in an overlap is reported at least once, as `line` or `other`.
 */
export function findOverlaps<T extends CartonRange & { poNo: string }>(lines: readonly T[]): Overlap<T>[] {
  const byPo = new Map<string, T[]>();
  for (const line of lines) {
    const group = byPo.get(line.poNo);
    if (group) group.push(line);
    else byPo.set(line.poNo, [line]);
  }
  const overlaps: Overlap<T>[] = [];
  for (const group of byPo.values()) {
    group.sort((a, b) => a.cartonFrom - b.cartonFrom || a.cartonTo - b.cartonTo);
    let furthest = group[0];
    for (const line of group.slice(1)) {
      if (line.cartonFrom <= furthest.cartonTo) overlaps.push({ line, other: furthest });
      if (line.cartonTo > furthest.cartonTo) furthest = line;
    }
  }
  return overlaps;
}

/** Refuses an export of more lines than one workbook takes (`count` is counted up to the limit + 1). */
export const assertExportable = (count: number): void => assertRowsExportable(count, bulkLimits.exportMaxRows);
