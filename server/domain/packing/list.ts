/**
 * The bulk-line lists (GET /v1/packing/bulkdata, GET /v1/shipping/bulkdata) and the rows of an export.
 *
 * Every page view is O(page), whatever the table holds:
 * - the page is read on an index in the list's order ((owner,) created_at desc, key for the default order);
 *   beyond the first pages, or in another order, only its keys are found there (a "deferred join", an
 *   index-only walk over the offset), then the page's rows are fetched by key;
 * - the database builds each listed line's JSON (lineJson) and the answer passes it on unparsed;
 * - statements are prepared per shape (conditions, order) and reused with the values: a page view builds no SQL;
 * - a page may start within the first listMaxRows rows of its order (an offset is a walk over the index);
 * - totals: without filters other than type and status, from bulk_line_counts (kept by triggers), exact; an
 *   owner's filtered total is an exact count on their lines; a clerk-wide filtered total is counted up to
 *   listCountCap rows (then `totalIsEstimate`, `totalCap`). Clerk-wide totals above the cap answer the cap, so
 *   the pager never offers a page beyond the reachable ones.
 */
import { and, asc, desc, eq, gte, lte, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { BulkLine, BulkListResult, bulkFilterSchema, bulkListQuerySchema } from '../../../contract/packing/schema';
import { bulkLimits, defaultBulkSorter, shippingBulkStatuses, type BulkSortField } from '../../../contract/packing/codes';
import { isOwnField } from '../../../contract/shared/common';
import type { SessionUser } from '../../auth/sessionUser';
import { genericPlanned, type Db } from '../../db/open';
import { bulkLineCounts, bulkLines } from '../../db/schema';
import { runPrepared, type Params } from '../../db/statements';
import { RuleError } from '../../../contract/shared/ruleError';
import { lineColumns, lineJson, readsAllLines, toBulkLine } from './lines';
import { keysFromMark, MARK_FROM, markFields, orderColumns, pageMarks, type SeekValues } from '../pageMarks';
import { likeContains, likePrefix } from '../sqlText';
import { scopeName } from '../ownership';

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
  const [field, direction] = sorter.split(':');
  // The schema allows only bulkSortFields; the own-property look-up keeps that true here too.
  const column = isOwnField(sortColumns, field) ? sortColumns[field] : bulkLines.createdAt;
  return [direction === 'ascend' ? asc(column) : desc(column), asc(bulkLines.key)];
}

// Literals (not bound parameters), so that the planner matches the partial indexes' predicate.
const shippingStatusList = sql.raw(shippingBulkStatuses.map((status) => `'${status}'`).join(', '));
const shippingCondition = sql`${bulkLines.status} in (${shippingStatusList})`;

/** A WHERE built only when a statement of its shape is first prepared, its values, and its shape: the names of its conditions. */
interface Where {
  where: () => SQL | undefined;
  params: Params;
  shape: string;
}

/** The WHERE of a list or an export: the caller's lines (all for clerks and inspectors), the kind, the filters. */
function whereOf(caller: SessionUser, kind: BulkListKind, filter: BulkFilterValues): Where {
  const conditions: (() => SQL | undefined)[] = [];
  const params: Params = {};
  const names: string[] = [];
  const add = (name: string, value: unknown, condition: (placeholder: Placeholder) => SQL | undefined) => {
    if (value === undefined) return;
    names.push(name);
    params[name] = value;
    conditions.push(() => condition(sql.placeholder(name)));
  };
  const prefix = (name: 'poNo' | 'styleNo' | 'colour' | 'destination', column: PgColumn) =>
    add(name, filter[name] && likePrefix(filter[name].toLowerCase()), (value) => sql`lower(${column}) like ${value}`);
  if (!readsAllLines(caller) && caller.company) add('company', caller.company, (value) => eq(bulkLines.ownerCompany, value));
  else if (!readsAllLines(caller)) add('owner', caller.id, (value) => eq(bulkLines.owner, value));
  if (kind === 'shipping') {
    names.push('shipping');
    conditions.push(() => shippingCondition);
  }
  add('type', filter.type, (value) => eq(bulkLines.type, value));
  add('status', filter.status, (value) => eq(bulkLines.status, value));
  add('inspectionResult', filter.inspectionResult, (value) => eq(bulkLines.inspectionResult, value));
  add('factoryCode', filter.factoryCode, (value) => eq(bulkLines.factoryCode, value));
  prefix('poNo', bulkLines.poNo);
  prefix('styleNo', bulkLines.styleNo);
  prefix('colour', bulkLines.colour);
  prefix('destination', bulkLines.destination);
  add('exFactoryFrom', filter.exFactoryFrom, (value) => gte(bulkLines.exFactoryDate, value));
  add('exFactoryTo', filter.exFactoryTo, (value) => lte(bulkLines.exFactoryDate, value));
  add('q', filter.q && likeContains(filter.q), (value) =>
    or(
      ...[bulkLines.odgItemNo, bulkLines.poNo, bulkLines.styleNo, bulkLines.colour].map(
        (column) => sql`${column} ilike ${value}`,
      ),
    ),
  );
  return { where: () => and(...conditions.map((condition) => condition())), params, shape: names.join(',') };
}

/*
 * List statements are prepared once per shape (which conditions, which order) and run with the values
 * (db/statements.ts). Each run is still planned for its values (the pool sets plan_cache_mode =
 * force_custom_plan, db/open.ts): a generic plan knows neither the offset nor the owner nor the prefix, and
 * chose a scan of the whole index.
 */

/** Filters bulk_line_counts can answer: none but type and status. */
const countersSuffice = (filter: BulkFilterValues) =>
  Object.entries(filter).every(([name, value]) => value === undefined || name === 'type' || name === 'status');

/** The lines counted for the caller, and their generation (pageMarks.ts). */
async function countFromCounters(db: Db, caller: SessionUser, kind: BulkListKind, filter: BulkFilterValues) {
  const params: Params = {};
  if (!readsAllLines(caller) && caller.company) params.company = caller.company;
  else if (!readsAllLines(caller)) params.owner = caller.id;
  if (filter.type !== undefined) params.type = filter.type;
  if (filter.status !== undefined) params.status = filter.status;
  const condition = (name: string, column: PgColumn) => (name in params ? eq(column, sql.placeholder(name)) : undefined);
  const [counted] = await runPrepared(
    db,
    ['counters', kind, ...Object.keys(params)].join(','),
    () =>
      db
        .select({
          n: sql<number>`coalesce(sum(${bulkLineCounts.n}), 0)`.mapWith(Number),
          generation: sql<number>`coalesce(sum(${bulkLineCounts.changes}), 0)`.mapWith(Number),
        })
        .from(bulkLineCounts)
        .where(
          and(
            condition('owner', bulkLineCounts.owner),
            'company' in params
              ? sql`${bulkLineCounts.owner} in (select u.id from users u where u.company_key = ${sql.placeholder('company')})`
              : undefined,
            condition('type', bulkLineCounts.type),
            condition('status', bulkLineCounts.status),
            kind === 'shipping' ? sql`${bulkLineCounts.status} in (${shippingStatusList})` : undefined,
          ),
        ),
    params,
  );
  return counted;
}

/** Counts the rows of a WHERE, stopping at `limit` when given. */
async function countRows(db: Db, { where, params, shape }: Where, limit?: number): Promise<number> {
  const counted = () =>
    limit === undefined
      ? db.select({ key: bulkLines.key }).from(bulkLines).where(where())
      : db.select({ key: bulkLines.key }).from(bulkLines).where(where()).limit(sql.placeholder('limit'));
  const [{ n }] = await runPrepared(
    db,
    `count:${limit === undefined ? 'all' : 'capped'}:${shape}`,
    () => db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(counted().as('counted')),
    { ...params, limit },
  );
  return n;
}

interface ListTotal {
  total: number;
  totalIsEstimate?: true;
  totalCap?: number;
}

/** A total as the answer gives it. */
function capped(counted: number, readsAll: boolean): ListTotal {
  const cap = bulkLimits.listCountCap;
  return readsAll && counted > cap ? { total: cap, totalIsEstimate: true, totalCap: cap } : { total: counted };
}

async function listTotal(
  db: Db,
  caller: SessionUser,
  kind: BulkListKind,
  filter: BulkFilterValues,
  where: Where,
): Promise<ListTotal> {
  const readsAll = readsAllLines(caller);
  const counted = countersSuffice(filter)
    ? (await countFromCounters(db, caller, kind, filter)).n
    : await countRows(db, where, readsAll ? bulkLimits.listCountCap + 1 : undefined);
  return capped(counted, readsAll);
}

/**
 * A page in the default order below this offset is read directly on the index. Deeper pages, and every page of
 * another order (a sort), find their keys first and build the JSON of the page's rows only: the database would
 * otherwise build it for every row it sorts.
 */
const DEFERRED_JOIN_FROM = 1000;

const markOrder = orderColumns(orderOf()) ?? [];
const marks = pageMarks(markOrder);

/** What a page reads of each line: its JSON built by the database (lineJson), and with `marked` its mark. */
const pageColumns = (readsAll: boolean, marked: boolean) => ({
  line: sql<string>`${lineJson('bulk_lines', { ownerName: readsAll })}::text`,
  ...(marked ? markFields(markOrder) : {}),
});

/**
 * The page's lines as JSON texts built by the database: no row becomes a JavaScript object. `marked` reads the
 * mark of each too (a deep page in the default order, pageMarks.ts).
 */
function pageRows(
  db: Db,
  caller: SessionUser,
  { where, params, shape }: Where,
  sorter: string | undefined,
  offset: number,
  limit: number,
  marked = false,
) {
  const readsAll = readsAllLines(caller);
  const deferred = offset >= DEFERRED_JOIN_FROM || (sorter !== undefined && sorter !== defaultBulkSorter);
  return runPrepared(
    db,
    `page:${deferred ? 'deferred' : 'direct'}${marked ? ':marked' : ''}:${readsAll ? 'names' : ''}:${sorter ?? ''}:${shape}`,
    () => {
      const columns = pageColumns(readsAll, marked);
      const order = orderOf(sorter);
      if (!deferred) {
        return db
          .select(columns)
          .from(bulkLines)
          .where(where())
          .orderBy(...order)
          .limit(sql.placeholder('limit'))
          .offset(sql.placeholder('offset'));
      }
      const pageKeys = db
        .select({ key: bulkLines.key })
        .from(bulkLines)
        .where(where())
        .orderBy(...order)
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'));
      // `key = any(array(…))` rather than a join: one plan shape (the keys, then the primary key), planned in
      // about two thirds of the time.
      return db
        .select(columns)
        .from(bulkLines)
        .where(sql`${bulkLines.key} = any(array(${pageKeys}))`)
        .orderBy(...order);
    },
    { ...params, limit, offset },
  );
}

/**
 * A deep page of the unfiltered packing list in its default order: the generation read first, then the page from
 * the nearest mark when one holds, else walked on the index like any deferred page (pageMarks.ts).
 */
async function markedPage(db: Db, caller: SessionUser, filter: BulkFilterValues, where: Where, offset: number, limit: number) {
  const readsAll = readsAllLines(caller);
  // A seek, and the generation it rests on, are one plan whatever the values; a walk is planned per offset.
  const planned = genericPlanned(db);
  const { n, generation } = await countFromCounters(planned, caller, 'packing', filter);
  const seek = (values: SeekValues) =>
    runPrepared(
      planned,
      `page:seek:${readsAll ? 'names' : ''}:${where.shape}`,
      () =>
        planned
          .select(pageColumns(readsAll, true))
          .from(bulkLines)
          .where(sql`${bulkLines.key} = any(array(${keysFromMark(bulkLines, bulkLines.key, where.where(), markOrder)}))`)
          .orderBy(...orderOf()),
      { ...where.params, limit, ...values },
    );
  const walk = () => pageRows(db, caller, where, undefined, offset, limit, true);
  const list = `${where.shape}:${readsAll ? '' : scopeName(caller)}`;
  const rows = await marks.read(list, generation, { offset, limit }, seek, walk);
  return { total: capped(n, readsAll), lines: rows.map((row) => row.line) };
}

/**
 * GET /v1/packing/bulkdata and /v1/shipping/bulkdata: the answer (a BulkListResult) already serialized — the
 * lines arrive from the database as JSON and are passed on as they are.
 */
export async function listBulkLinesJson(
  db: Db,
  caller: SessionUser,
  kind: BulkListKind,
  query: BulkListQueryValues,
): Promise<string> {
  const { current, pageSize, sorter, ...filter } = query;
  const where = whereOf(caller, kind, filter);
  const offset = (current - 1) * pageSize;
  const answer = (lines: string[], total: ListTotal) =>
    `{"data":[${lines.join(',')}],${JSON.stringify({ ...total, success: true, current, pageSize } satisfies Omit<BulkListResult, 'data'>).slice(1)}`;
  const unfiltered = Object.values(filter).every((value) => value === undefined);
  if (kind === 'packing' && unfiltered && !sorter && offset >= MARK_FROM && offset < bulkLimits.listMaxRows) {
    const { total, lines } = await markedPage(db, caller, filter, where, offset, pageSize);
    return answer(lines, total);
  }
  if (offset < bulkLimits.listMaxRows) {
    const [total, lines] = await Promise.all([
      listTotal(db, caller, kind, filter, where),
      pageRows(db, caller, where, sorter, offset, pageSize).then((rows) => rows.map((row) => row.line)),
    ]);
    return answer(lines, total);
  }
  const total = await listTotal(db, caller, kind, filter, where);
  if (offset >= total.total) return answer([], total);
  throw new RuleError(400, 'BAD_QUERY', `列表只能翻到前 ${bulkLimits.listMaxRows} 条，请用筛选条件缩小范围`, {
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
  const { where, params } = whereOf(caller, 'packing', filter);
  const chunk = (after: boolean) =>
    db
      .select({ row: lineColumns, createdAtText: sql<string>`${bulkLines.createdAt}::text` })
      .from(bulkLines)
      .where(
        and(
          where(),
          after
            ? or(
                sql`${bulkLines.createdAt} < ${sql.placeholder('afterCreatedAt')}::timestamptz`,
                and(
                  sql`${bulkLines.createdAt} = ${sql.placeholder('afterCreatedAt')}::timestamptz`,
                  sql`${bulkLines.key} > ${sql.placeholder('afterKey')}`,
                ),
              )
            : undefined,
        ),
      )
      .orderBy(...orderOf())
      .limit(EXPORT_CHUNK)
      .prepare('');
  const first = chunk(false);
  const next = chunk(true);
  let rows = await first.execute(params);
  while (rows.length > 0) {
    yield rows.map(({ row }) => toBulkLine(row));
    if (rows.length < EXPORT_CHUNK) return;
    const last = rows[rows.length - 1];
    rows = await next.execute({ ...params, afterCreatedAt: last.createdAtText, afterKey: last.row.key });
  }
}
