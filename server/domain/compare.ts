/**
 * 出运对比表: packed against shipped quantities, summed by the database. The page's figures are one GROUP BY PO;
 * the workbook streams: its summary sheet from the same query, then the PO / style / colour / size rows read
 * from a cursor a few thousand at a time and written as they come, so a million lines never sit in memory.
 */
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { z } from 'zod';
import {
  compareCartonNote,
  compareDetailHeader,
  compareSummaryHeader,
  COMPARE_PAGE_ROWS,
  compareTotals,
  differs,
  figureCells,
  freightTotals,
  type CompareFigures,
  type CompareFreight,
  type compareQuerySchema,
  type CompareSummary,
} from '../../contract/compare/schema';
import type { Db } from '../db/open';
import { likePrefix } from './sqlText';
import { lineFreightSql, placesOfLines } from './freight/lines';
import { rowsOf } from '../db/rowShape';

type Filter = z.output<typeof compareQuerySchema>;
type PoFigures = CompareSummary['rows'][number];

/** The lines of the filter (`l` is bulk_lines). */
function whereOf(filter: Filter): SQL {
  const conditions: SQL[] = [sql`true`];
  if (filter.exFactoryFrom) conditions.push(sql`l.ex_factory_date >= ${filter.exFactoryFrom}`);
  if (filter.exFactoryTo) conditions.push(sql`l.ex_factory_date <= ${filter.exFactoryTo}`);
  if (filter.owner) conditions.push(sql`l.owner = ${filter.owner}`);
  if (filter.ownerCompany) conditions.push(sql`l.owner_company = ${filter.ownerCompany}`);
  if (filter.poNo) conditions.push(sql`lower(l.po_no) like ${likePrefix(filter.poNo.toLowerCase())}`);
  return sql.join(conditions, sql` and `);
}

/**
 * The cartons of a line that were shipped: none before it ships; for a loose-cargo line, what its handover received
 * — the cartons of the line scanned in, and the cartons counted by hand (without a sticker) given to the booking's
 * unscanned cartons in line-key order (a handover short by n cartons misses the last n); else all of them. Only
 * loose lines look their booking up.
 */
const shippedCartons = sql.raw(`case when l.status <> 'shipped' then 0 when l.plan_key not like 'LB%' then l.carton_count
  else coalesce((
    select mine.n + least(l.carton_count - mine.n,
      greatest(b.cartons_handed_over - b.cartons_scanned - (before.cartons - before.scanned), 0))
    from loose_bookings b
    cross join lateral (select count(*)::int as n from carton_scans s where s.place = b.key and s.line_key = l.key) mine
    cross join lateral (select coalesce(sum(o.carton_count), 0) as cartons,
        (select count(*) from carton_scans s where s.place = b.key and s.line_key < l.key) as scanned
      from bulk_lines o where o.plan_key = b.key and o.key < l.key) before
    where b.key = l.plan_key and b.cartons_handed_over is not null), l.carton_count) end`);

/**
 * The filter's lines (`l`), each with its shipped cartons and its pieces a carton; with `freight` (lineFreightSql),
 * also its freight in CNY cents (`freight_cents`, null without a rate) and whether it pays any (`pays_freight`).
 */
const linesOf = (filter: Filter, freight?: SQL) => sql`(select l.*, ${shippedCartons} as shipped_cartons,
    l.total_qty / greatest(l.carton_count, 1) as per_carton
    ${freight ? sql`, f.cny_cents as freight_cents, f.key is not null as pays_freight` : sql``}
  from bulk_lines l ${freight ? sql`left join ${freight} f on f.key = l.key` : sql``} where ${whereOf(filter)}) l`;

/** A group's freight (CompareFreight) from its lines' `freight_cents` spread by `share` (1 for whole lines). */
const freightOf = (share: SQL, pieces: SQL) => sql`,
  case when bool_or(l.pays_freight) and bool_and(not l.pays_freight or l.freight_cents is not null)
    then sum(l.freight_cents * ${share}) end::float8 as "freightCents",
  coalesce(sum(${pieces}) filter (where l.pays_freight), 0)::float8 as "freightQty"`;

/** Packed and shipped per PO, in PO order; with `freight`, each PO's too. */
async function perPo(db: Db, filter: Filter, freight?: SQL): Promise<(PoFigures & CompareFreight)[]> {
  const result = await db.execute(sql`
    select l.po_no as "poNo", count(*)::int as "lineCount",
      sum(l.carton_count)::float8 as "packedCartons", sum(l.total_qty)::float8 as "packedQty",
      sum(l.shipped_cartons)::float8 as "shippedCartons",
      sum(l.shipped_cartons * l.per_carton)::float8 as "shippedQty"
      ${freight ? freightOf(sql`1`, sql`l.total_qty`) : sql``}
    from ${linesOf(filter, freight)}
    group by l.po_no order by l.po_no`);
  return rowsOf<PoFigures & CompareFreight>(result);
}

/** GET /v1/shipping/bulkdata/compare/summary — the totals, and the POs with a difference first. */
export async function compareSummary(db: Db, filter: Filter): Promise<CompareSummary> {
  const rows = await perPo(db, filter);
  const differing = rows.filter(differs);
  return {
    totals: { ...compareTotals(rows), poCount: rows.length, differingPoCount: differing.length },
    rows: [...differing, ...rows.filter((row) => !differs(row))].slice(0, COMPARE_PAGE_ROWS),
  };
}

/**
 * Per PO / style / colour / size, sizes in their size group's order. A line's cartons count on its first size
 * (in that order), so that the cartons of a mixed carton add up once.
 */
const detailQuery = (filter: Filter, freight: SQL) => sql`
  select l.po_no as "poNo", l.style_no as "styleNo", l.colour, s.size,
    sum(case when s.first then l.carton_count else 0 end)::float8 as "packedCartons",
    sum(s.qty * l.carton_count)::float8 as "packedQty",
    sum(case when s.first then l.shipped_cartons else 0 end)::float8 as "shippedCartons",
    sum(s.qty * l.shipped_cartons)::float8 as "shippedQty"
    ${freightOf(sql`s.qty * l.carton_count / greatest(l.total_qty, 1)::float8`, sql`s.qty * l.carton_count`)}
  from ${linesOf(filter, freight)}
  join size_groups g on g.code = l.size_group
  cross join lateral (
    select e.key as size, e.value::int as qty, p.pos, p.pos = min(p.pos) over () as first
    from jsonb_each_text(l.size_breakdown) e
    cross join lateral (select coalesce(array_position(g.sizes, e.key), 1000) as pos) p
  ) s
  group by l.po_no, l.style_no, l.colour, s.size
  order by l.po_no, l.style_no, l.colour, min(s.pos), s.size`;

const FETCH_ROWS = 5000;
const highlight: Partial<ExcelJS.Style> = {
  fill: { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFC7CE' } },
  font: { color: { argb: 'FF9C0006' }, bold: true },
};

/** Adds a row of labels and figures; with a difference, its difference cells are filled red. */
function addFigures(sheet: ExcelJS.Worksheet, labels: (string | number)[], figures: CompareFigures & CompareFreight) {
  const row = sheet.addRow([...labels, ...figureCells(figures, figures)]);
  if (differs(figures)) {
    for (const offset of [5, 6]) Object.assign(row.getCell(labels.length + offset), highlight);
  }
  row.commit();
}

/** GET /v1/shipping/bulkdata/compare — the workbook, written to the stream as the database answers. */
export function compareWorkbook(db: Db, filter: Filter): Readable {
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  (async () => {
    await db.transaction(async (tx) => {
      // The lines' freight once, into a table the planner knows the size of: joined as a subquery, its estimate
      // (a few hundred rows for a million) chose a nested loop over every pair of lines.
      await tx.execute(sql`create temporary table line_freight on commit drop as
        select * from ${await lineFreightSql(tx, placesOfLines(whereOf(filter)))} f`);
      await tx.execute(sql`analyze line_freight`);
      const freight = sql`line_freight`;

      const summary = workbook.addWorksheet('汇总');
      summary.addRow([compareCartonNote]).commit();
      summary.addRow(compareSummaryHeader).font = { bold: true };
      const pos = await perPo(tx, filter, freight);
      for (const po of pos) addFigures(summary, [po.poNo, po.lineCount], po);
      const totals = compareTotals(pos);
      addFigures(summary, ['合计', totals.lineCount], { ...totals, ...freightTotals(pos) });
      summary.commit();

      const detail = workbook.addWorksheet('明细');
      detail.addRow(compareDetailHeader).font = { bold: true };
      await tx.execute(sql`declare compare_rows no scroll cursor for ${detailQuery(filter, freight)}`);
      for (;;) {
        const rows = rowsOf<CompareFigures & CompareFreight & { poNo: string; styleNo: string; colour: string; size: string }>(
          await tx.execute(sql.raw(`fetch ${FETCH_ROWS} from compare_rows`)),
        );
        for (const row of rows) {
          addFigures(detail, [row.poNo, row.styleNo, row.colour, row.size], row);
        }
        if (rows.length < FETCH_ROWS) break;
        if (output.writableNeedDrain) await once(output, 'drain');
      }
      detail.commit();
    });
    await workbook.commit();
  })().catch((error: Error) => output.destroy(error));
  return output;
}
