/**
 * 出运对比表 (shipping-bulk comparison): packed quantities (every packing line) against shipped ones (lines on an
 * issued B/L or on handed-over loose cargo: status 已出运) per PO / style / colour / size, in cartons and pieces.
 * Route, access, the sheets' headers and the difference rule, without zod.
 */
import type { AccessPolicy } from '../shared/access';
import type { Route } from '../shared/endpoint';
import { perPiece } from '../freight/codes';

export const compareRoutes = {
  summary: { method: 'GET', path: '/v1/shipping/bulkdata/compare/summary' },
  download: { method: 'GET', path: '/v1/shipping/bulkdata/compare' },
} as const satisfies Record<string, Route>;

/** The clerk's report over every customer's lines. */
export const compareAccess: AccessPolicy = {
  read: ['documentClerk'],
  write: ['documentClerk'],
  readAll: ['documentClerk'],
  changeAll: [],
};

/** Packed and shipped cartons and pieces of one group (a PO, or a PO / style / colour / size). */
export interface CompareFigures {
  packedCartons: number;
  packedQty: number;
  shippedCartons: number;
  shippedQty: number;
}

/**
 * The cartons a handed-over loose line was received with: its cartons scanned in, and of the cartons the clerk counted
 * by hand (the handover's count beyond its scans) what is left after the unscanned cartons of the lines before it
 * (key order) — so a handover short by n cartons misses the last n. The server's query says the same in SQL.
 */
export function receivedCartons(
  cartonCount: number,
  scanned: number,
  handover: { cartonsHandedOver: number; cartonsScanned: number },
  unscannedBefore: number,
): number {
  const typed = handover.cartonsHandedOver - handover.cartonsScanned;
  return scanned + Math.min(cartonCount - scanned, Math.max(typed - unscannedBefore, 0));
}

/** The figures and lines of many POs together: the page's totals and the summary sheet's 合计 row. */
export function compareTotals(rows: readonly (CompareFigures & { lineCount: number })[]): CompareFigures & { lineCount: number } {
  const sum = (pick: (row: (typeof rows)[number]) => number) => rows.reduce((total, row) => total + pick(row), 0);
  return {
    packedCartons: sum((row) => row.packedCartons),
    packedQty: sum((row) => row.packedQty),
    shippedCartons: sum((row) => row.shippedCartons),
    shippedQty: sum((row) => row.shippedQty),
    lineCount: sum((row) => row.lineCount),
  };
}

/** Shipped minus packed: negative where goods are still to ship. */
export const differenceOf = (figures: CompareFigures) => ({
  cartons: figures.shippedCartons - figures.packedCartons,
  qty: figures.shippedQty - figures.packedQty,
});
export const differs = (figures: CompareFigures) => {
  const difference = differenceOf(figures);
  return difference.cartons !== 0 || difference.qty !== 0;
};

const figureHeader = ['装箱箱数', '装箱件数', '出运箱数', '出运件数', '差异箱数', '差异件数', '运费（CNY）', '每件运费（CNY）'];
export const compareSummaryHeader = ['PO号', '明细行', ...figureHeader];
export const compareDetailHeader = ['PO号', '款号', '颜色', '尺码', ...figureHeader];
/** A size's row carries the cartons of the lines whose breakdown starts with it, so cartons add up once. */
export const compareCartonNote =
  '箱数：混码箱计入该箱第一个尺码；差异 = 出运 − 装箱，有差异的格标红；运费：已装柜或已订散货的明细分摊到的运费（折合人民币），尺码行按件数分，每件运费 = 运费 ÷ 这些明细的件数，缺汇率时留空';

/**
 * 运费 of a group: the CNY cents of its lines that pay freight (in a container or a loose-cargo booking), null when
 * none does or a rate is missing, and those lines' pieces.
 */
export interface CompareFreight {
  freightCents: number | null;
  freightQty: number;
}

/** The freight cells of a row: CNY and CNY a piece. */
export const freightFigureCells = (freight: CompareFreight) => {
  const cny = freight.freightCents === null ? null : Math.round(freight.freightCents) / 100;
  return [cny, perPiece(cny, freight.freightQty)];
};

/** The freight of many rows together (the 合计 row): what is known of it. */
export function freightTotals(rows: readonly CompareFreight[]): CompareFreight {
  const known = rows.filter((row) => row.freightCents !== null);
  return {
    freightCents: known.length ? known.reduce((sum, row) => sum + Math.round(row.freightCents!), 0) : null,
    freightQty: known.reduce((sum, row) => sum + row.freightQty, 0),
  };
}

/** The figures of a row, the difference, then its freight, as the sheets write them. */
export const figureCells = (figures: CompareFigures, freight: CompareFreight) => {
  const difference = differenceOf(figures);
  return [
    figures.packedCartons,
    figures.packedQty,
    figures.shippedCartons,
    figures.shippedQty,
    difference.cartons,
    difference.qty,
    ...freightFigureCells(freight),
  ];
};

/** The file's name: `出运对比表-2026-11-24.xlsx` (the day it was made). */
export const compareFileName = (day: string) => `出运对比表-${day}.xlsx`;

/** How many POs the page shows before the download (differing POs first). */
export const COMPARE_PAGE_ROWS = 500;
