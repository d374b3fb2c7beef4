/**
 * The bulk-line lists (GET /v1/packing/bulkdata, GET /v1/shipping/bulkdata) and the rows of an export.
 *
 * Every page view is O(page), whatever the table holds:
 * - the page is read on an index in the list's order ((owner,) created_at desc, key for the default order);
 *   beyond the first pages only its keys are read there (a "deferred join", an index-only walk over the
 *   offset), then the page's rows are fetched by key;
 * - a page may start within the first listMaxRows rows of its order (an offset is a walk over the index);
 * - totals: without filters other than type and status, from bulk_line_counts (kept by triggers), exact; an
 *   owner's filtered total is an exact count on their lines; a clerk-wide filtered total is counted up to
 *   listCountCap rows (then `totalIsEstimate`, `totalCap`). Clerk-wide totals above the cap answer the cap, so
 *   the pager never offers a page beyond the reachable ones.
 */
import { and, asc, desc, eq, gte, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { BulkLine, BulkListResult, bulkFilterSchema, bulkListQuerySchema } from '../../contract/bulk';
import { bulkLimits, defaultBulkSorter, shippingBulkStatuses, type BulkSortField } from '../../contract/bulkCodes';
import type { SessionUser } from '../auth/sessions';
import type { Db } from '../db/open';
import { bulkLineCounts, bulkLines } from '../db/schema';
import { ApiError } from '../http/errors';
import { lineColumns, lineJson, readsAllLines, toBulkLine } from './bulkLines';
import { likeContains, likePrefix } from './sqlText';

export type BulkListKind = 'packing' | 'shipping';
export type BulkFilterValues = z.output<typeof bulkFilterSchema>;
export type BulkListQueryValues = z.output<typeof bulkListQuerySchema>;

const sortColumns: Record<BulkSortField, PgColumn> = {
  createdAt: bulkLines.createdAt,
  updatedAt: bulkLines.updatedAt,
  poNo: bulkLines.poNo,
  styleNo: bulkLines.styleNo,
  cartonFrom: bulkLines.cartonFrom,
  exFactoryDate: bulkLines.exFactoryDate,
  totalQty: bulkLines.totalQty,
  cbm: bulkLines.cbm,
  status: bulkLines.status,
};

/** `field:ascend|descend`, then key ascending, so that equal values page in a stable order. */
function orderOf(sorter = defaultBulkSorter): SQL[] {
  const [field, direction] = sorter.split(':') as [BulkSortField, 'ascend' | 'descend'];
  const column = sortColumns[field];
  return [direction === 'ascend' ? asc(column) : desc(column), asc(bulkLines.key)];
}

// Literals (not bound parameters), so that the planner matches the partial indexes' predicate.
const shippingStatusList = sql.raw(shippingBulkStatuses.map((status) => `'${status}'`).join(', '));
const shippingCondition = sql`${bulkLines.status} in (${shippingStatusList})`;

const prefix = (column: PgColumn, text: string) => sql`lower(${column}) like ${likePrefix(text.toLowerCase())}`;

/** The WHERE of a list or an export: the caller's lines (all for clerks and inspectors), the kind, the filters. */
function whereOf(caller: SessionUser, kind: BulkListKind, filter: BulkFilterValues): SQL | undefined {
  const when = <T>(value: T | undefined, condition: (value: T) => SQL | undefined) => (value ? condition(value) : undefined);
  const conditions: (SQL | undefined)[] = [
    readsAllLines(caller) ? undefined : eq(bulkLines.owner, caller.id),
    kind === 'shipping' ? shippingCondition : undefined,
    when(filter.type, (type) => eq(bulkLines.type, type)),
    when(filter.status, (status) => eq(bulkLines.status, status)),
    when(filter.factoryCode, (code) => eq(bulkLines.factoryCode, code)),
    when(filter.poNo, (text) => prefix(bulkLines.poNo, text)),
    when(filter.styleNo, (text) => prefix(bulkLines.styleNo, text)),
    when(filter.colour, (text) => prefix(bulkLines.colour, text)),
    when(filter.destination, (text) => prefix(bulkLines.destination, text)),
    when(filter.exFactoryFrom, (date) => gte(bulkLines.exFactoryDate, date)),
    when(filter.exFactoryTo, (date) => lte(bulkLines.exFactoryDate, date)),
    when(filter.q, (text) =>
      or(...[bulkLines.odgItemNo, bulkLines.poNo, bulkLines.styleNo, bulkLines.colour].map((column) => sql`${column} ilike ${likeContains(text)}`)),
    ),
  ];
  return and(...conditions);
}

/** Filters bulk_line_counts can answer: none but type and status. */
const countersSuffice = (filter: BulkFilterValues) =>
  Object.entries(filter).every(([name, value]) => value === undefined || name === 'type' || name === 'status');

async function countFromCounters(db: Db, caller: SessionUser, kind: BulkListKind, filter: BulkFilterValues): Promise<number> {
  const [{ n }] = await db
    .select({ n: sql<number>`coalesce(sum(${bulkLineCounts.n}), 0)`.mapWith(Number) })
    .from(bulkLineCounts)
    .where(
      and(
        readsAllLines(caller) ? undefined : eq(bulkLineCounts.owner, caller.id),
        kind === 'shipping'
          ? sql`${bulkLineCounts.status} in (${shippingStatusList})`
          : undefined,
        filter.type ? eq(bulkLineCounts.type, filter.type) : undefined,
        filter.status ? eq(bulkLineCounts.status, filter.status) : undefined,
      ),
    );
  return n;
}

/** Counts the rows of `where`, stopping at `limit` when given. */
async function countRows(db: Db, where: SQL | undefined, limit?: number): Promise<number> {
  const counted =
    limit === undefined
      ? db.select({ key: bulkLines.key }).from(bulkLines).where(where)
      : db.select({ key: bulkLines.key }).from(bulkLines).where(where).limit(limit);
  const [{ n }] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(counted.as('counted'));
  return n;
}

interface ListTotal {
  total: number;
  totalIsEstimate?: true;
  totalCap?: number;
}

async function listTotal(db: Db, caller: SessionUser, kind: BulkListKind, filter: BulkFilterValues, where: SQL | undefined): Promise<ListTotal> {
  const cap = bulkLimits.listCountCap;
  const readsAll = readsAllLines(caller);
  let counted: number;
  if (countersSuffice(filter)) counted = await countFromCounters(db, caller, kind, filter);
  else counted = await countRows(db, where, readsAll ? cap + 1 : undefined);
  if (readsAll && counted > cap) return { total: cap, totalIsEstimate: true, totalCap: cap };
  return { total: counted };
}

/** Below this offset a page is read directly; deeper, its keys are found first on the index alone. */
const DEFERRED_JOIN_FROM = 1000;

/** The page's lines as JSON texts built by the database (lineJson): no row becomes a JavaScript object. */
async function listPage(db: Db, caller: SessionUser, where: SQL | undefined, order: SQL[], offset: number, limit: number): Promise<string[]> {
  const columns = { line: sql<string>`${lineJson('bulk_lines', { ownerName: readsAllLines(caller) })}::text` };
  let rows: { line: string }[];
  if (offset < DEFERRED_JOIN_FROM) {
    rows = await db.select(columns).from(bulkLines).where(where).orderBy(...order).limit(limit).offset(offset);
  } else {
    const page = db.select({ key: bulkLines.key }).from(bulkLines).where(where).orderBy(...order).limit(limit).offset(offset).as('page');
    rows = await db.select(columns).from(bulkLines).innerJoin(page, eq(page.key, bulkLines.key)).orderBy(...order);
  }
  return rows.map((row) => row.line);
}

/**
 * GET /v1/packing/bulkdata and /v1/shipping/bulkdata: the answer (a BulkListResult) already serialized — the
 * lines arrive from the database as JSON and are passed on as they are.
 */
export async function listBulkLinesJson(db: Db, caller: SessionUser, kind: BulkListKind, query: BulkListQueryValues): Promise<string> {
  const { current, pageSize, sorter, ...filter } = query;
  const where = whereOf(caller, kind, filter);
  const order = orderOf(sorter);
  const offset = (current - 1) * pageSize;
  const answer = (lines: string[], total: ListTotal) =>
    `{"data":[${lines.join(',')}],${JSON.stringify({ ...total, success: true, current, pageSize } satisfies Omit<BulkListResult, 'data'>).slice(1)}`;
  if (offset < bulkLimits.listMaxRows) {
    const [total, lines] = await Promise.all([listTotal(db, caller, kind, filter, where), listPage(db, caller, where, order, offset, pageSize)]);
    return answer(lines, total);
  }
  const total = await listTotal(db, caller, kind, filter, where);
  if (offset >= total.total) return answer([], total);
  throw new ApiError(400, 'BAD_QUERY', `列表只能翻到前 ${bulkLimits.listMaxRows} 条，请用筛选条件缩小范围`, {
    current: `最大页码为 ${Math.ceil(bulkLimits.listMaxRows / pageSize)}`,
  });
}

/** How many lines an export of this filter would write, counted up to exportMaxRows + 1. */
export async function countExportRows(db: Db, caller: SessionUser, filter: BulkFilterValues): Promise<number> {
  return countRows(db, whereOf(caller, 'packing', filter), bulkLimits.exportMaxRows + 1);
}

const EXPORT_CHUNK = 2000;

/**
 * The lines of an export in the default order (newest first, then key), in chunks read by keyset — each
 * chunk starts after the last (created_at, key) of the one before, compared at the database's microseconds.
 */
export async function* exportChunks(db: Db, caller: SessionUser, filter: BulkFilterValues): AsyncGenerator<BulkLine[]> {
  const where = whereOf(caller, 'packing', filter);
  let after: { createdAt: string; key: string } | undefined;
  for (;;) {
    const rows = await db
      .select({ row: lineColumns, createdAtText: sql<string>`${bulkLines.createdAt}::text` })
      .from(bulkLines)
      .where(
        and(
          where,
          after &&
            or(
              sql`${bulkLines.createdAt} < ${after.createdAt}::timestamptz`,
              and(sql`${bulkLines.createdAt} = ${after.createdAt}::timestamptz`, sql`${bulkLines.key} > ${after.key}`),
            ),
        ),
      )
      .orderBy(...orderOf())
      .limit(EXPORT_CHUNK);
    if (rows.length === 0) return;
    yield rows.map(({ row }) => toBulkLine(row));
    if (rows.length < EXPORT_CHUNK) return;
    const last = rows[rows.length - 1];
    after = { createdAt: last.createdAtText, key: last.row.key };
  }
}
