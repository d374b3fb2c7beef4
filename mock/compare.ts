/**
 * Mock of 出运对比表 for `npm run dev`: the store's lines summed per PO as the server's query sums them (a loose
 * line counts what its handover received), and the workbook's summary and detail (on
 * one sheet: the mock's xlsx helper writes one).
 */
import groupBy from 'lodash/groupBy';
import type { BulkLine } from '../contract/packing/schema';
import {
  COMPARE_PAGE_ROWS,
  compareAccess,
  compareCartonNote,
  compareDetailHeader,
  compareEndpoints,
  compareFileName,
  compareSummaryHeader,
  compareTotals,
  differs,
  figureCells,
  freightTotals,
  type CompareFreight,
  receivedCartons,
  type CompareFigures,
} from '../contract/compare/schema';
import { chinaToday } from '../contract/plan/codes';
import { demoSizeGroups } from '../demo/lookups';
import { sendXlsx } from './_files';
import { filterRows, mockEndpoints } from './_resource';
import { ownerCompanyFilter } from '../contract/shared/owners';
import { scannedNumbers } from './_carton';
import { bulkLines, looseBookings } from './_tables';
import { lineFreights } from './_freight';
import type { FreightShare } from '../contract/freight/codes';

/** The cartons of a line that were shipped (see contract/compare/codes.ts and server/domain/compare.ts). */
function shippedCartons(line: BulkLine) {
  if (line.status !== 'shipped') return 0;
  const booking = looseBookings.rows.find((candidate) => candidate.key === line.planKey);
  const handedOver = booking?.cartonsHandedOver ?? null;
  if (!booking || handedOver === null) return line.cartonCount;
  const scanned = (key: string) => scannedNumbers(booking.key, key).length;
  const unscannedBefore = bulkLines.rows
    .filter((other) => other.planKey === booking.key && other.key < line.key)
    .reduce((sum, other) => sum + other.cartonCount - scanned(other.key), 0);
  return receivedCartons(
    line.cartonCount,
    scanned(line.key),
    { cartonsHandedOver: handedOver, cartonsScanned: booking.cartonsScanned },
    unscannedBefore,
  );
}

const zero = (): CompareFigures => ({ packedCartons: 0, packedQty: 0, shippedCartons: 0, shippedQty: 0 });

const linesOf = (query: Record<string, unknown>) =>
  filterRows(bulkLines.rows, query, {
    exFactoryFrom: ['exFactoryDate', 'atLeast'],
    exFactoryTo: ['exFactoryDate', 'atMost'],
    owner: ['owner', 'equal'],
    ...ownerCompanyFilter,
    poNo: ['poNo', 'prefix'],
  });

/** A group's freight from its lines' parts, each spread by `share` (CompareFreight, as the server sums it). */
function freightOf(parts: { share: FreightShare | undefined; of: number; pieces: number }[]): CompareFreight {
  const paying = parts.filter((part) => part.share);
  const known = paying.every((part) => part.share!.cny !== null);
  return {
    freightCents:
      paying.length && known ? paying.reduce((sum, part) => sum + Math.round(part.share!.cny! * 100) * part.of, 0) : null,
    freightQty: paying.reduce((sum, part) => sum + part.pieces, 0),
  };
}

function perPo(query: Record<string, unknown>, freight = lineFreights()) {
  return Object.entries(groupBy(linesOf(query), 'poNo'))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([poNo, lines]) => {
      const figures = zero();
      const paid = freightOf(lines.map((line) => ({ share: freight.get(line.key), of: 1, pieces: line.totalQty })));
      for (const line of lines) {
        const shipped = shippedCartons(line);
        figures.packedCartons += line.cartonCount;
        figures.packedQty += line.totalQty;
        figures.shippedCartons += shipped;
        figures.shippedQty += (shipped * line.totalQty) / Math.max(line.cartonCount, 1);
      }
      return { poNo, lineCount: lines.length, ...figures, ...paid };
    });
}

/** Per PO / style / colour / size; a line's cartons count on its first size, in its size group's order. */
function perSize(query: Record<string, unknown>, freight: ReturnType<typeof lineFreights>) {
  type Part = Parameters<typeof freightOf>[0][number];
  const rows = new Map<string, { labels: string[]; figures: CompareFigures; parts: Part[]; position: number }>();
  for (const line of linesOf(query)) {
    const order = demoSizeGroups.find((group) => group.code === line.sizeGroup)?.sizes ?? [];
    const position = (size: string) => (order.includes(size) ? order.indexOf(size) : 1000);
    const sizes = Object.keys(line.sizeBreakdown).sort((a, b) => position(a) - position(b));
    const shipped = shippedCartons(line);
    for (const size of sizes) {
      const id = [line.poNo, line.styleNo, line.colour, size].join('\u0000');
      const row = rows.get(id) ?? {
        labels: [line.poNo, line.styleNo, line.colour, size],
        figures: zero(),
        parts: [],
        position: position(size),
      };
      const qty = line.sizeBreakdown[size] ?? 0;
      row.parts.push({
        share: freight.get(line.key),
        of: (qty * line.cartonCount) / Math.max(line.totalQty, 1),
        pieces: qty * line.cartonCount,
      });
      row.figures.packedQty += qty * line.cartonCount;
      row.figures.shippedQty += qty * shipped;
      if (size === sizes[0]) {
        row.figures.packedCartons += line.cartonCount;
        row.figures.shippedCartons += shipped;
      }
      rows.set(id, row);
    }
  }
  return [...rows.values()]
    .sort((a, b) => a.labels.slice(0, 3).join().localeCompare(b.labels.slice(0, 3).join()) || a.position - b.position)
    .map((row) => [...row.labels, ...figureCells(row.figures, freightOf(row.parts))]);
}

export default mockEndpoints(compareEndpoints, compareAccess, '记录不存在', {
  summary: ({ query }) => {
    const rows = perPo(query);
    const differing = rows.filter(differs);
    return {
      totals: { ...compareTotals(rows), poCount: rows.length, differingPoCount: differing.length },
      rows: [...differing, ...rows.filter((row) => !differs(row))].slice(0, COMPARE_PAGE_ROWS),
    };
  },
  download: ({ query, res }) => {
    const freight = lineFreights();
    const rows = perPo(query, freight);
    const totals = compareTotals(rows);
    return sendXlsx(res, compareFileName(chinaToday()), [
      [compareCartonNote],
      compareSummaryHeader,
      ...rows.map((row) => [row.poNo, row.lineCount, ...figureCells(row, row)]),
      ['合计', totals.lineCount, ...figureCells(totals, freightTotals(rows))],
      [],
      compareDetailHeader,
      ...perSize(query, freight),
    ]);
  },
});
