/**
 * The list engine of a resource (`GET /v1/<resource>?current&pageSize&sorter&…filters`): the owner scope from
 * the access policy, filters by name, sorting on a whitelist (then the key, so that equal values page in a
 * stable order), offset paging on the keys first (the page's rows are read by key), and the total counted up to
 * a cap (then `totalIsEstimate` and `totalCap`, as the packing list answers), so that a page view never counts
 * or reads a whole large table. Its statements are prepared once per shape (the filters given, the order, the
 * owner scope) and run with the values: a page view builds no SQL. A list may opt into totals kept by triggers
 * (`counter`). Packing's list adds database-built JSON on top (packing/list.ts); a resource starts here.
 */
import { and, asc, Column, desc, eq, is, SQL, sql, type Placeholder } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import { readsAll, type AccessPolicy } from '../../contract/shared/access';
import { isOwnField } from '../../contract/shared/common';
import { assertExportable } from '../../contract/shared/exports/sheet';
import type { SessionUser } from '../auth/sessionUser';
import { genericPlanned, type Db } from '../db/open';
import { rowCounts } from '../db/schema';
import { notFound } from './refusals';
import { ownRows, type Owned } from './ownership';
import { runPrepared, type Params } from '../db/statements';
import { keysFromMark, MARK_FROM, markFields, orderColumns, pageMarks, type SeekValues } from './pageMarks';

export interface ListAnswer<T> {
  data: T[];
  total: number;
  success: true;
  current: number;
  pageSize: number;
  totalIsEstimate?: true;
  totalCap?: number;
}

interface PageQuery {
  current: number;
  pageSize: number;
  sorter?: string;
}

/** A filter of the query: its condition over the value's placeholder, and what is bound (the value by default). */
export interface ListFilter<V> {
  where: (value: Placeholder) => SQL;
  bind?: (value: V) => unknown;
}

export interface ListSpec<S extends SelectedFields, Row, Item, F extends object> {
  /** Names the list's prepared statements. */
  name: string;
  table: PgTable;
  key: PgColumn;
  /** The owner columns: a caller outside the policy's `readAll` lists only their own rows (their company's). */
  owner: Owned;
  /**
   * The rows the list is of, when not the whole table (the handovers are the loose-cargo bookings from 已确认 on):
   * pages, totals and `one` see only these. Not with `counter`, whose totals are the whole table's.
   */
  scope?: SQL;
  policy: AccessPolicy;
  /** What a listed row selects (columns, and subqueries such as a user's name). */
  columns: S;
  toItem: (row: Row) => Item;
  sortColumns: Readonly<Record<string, PgColumn>>;
  /** The order without a sorter, before the key. */
  defaultOrder: readonly SQL[];
  filters: { [K in keyof F]?: ListFilter<NonNullable<F[K]>> };
  /** Totals are counted up to this (then `totalIsEstimate`, `totalCap`): a page view never counts a whole table. */
  countCap: number;
  /**
   * Opt-in: the entity whose rows `row_counts` keeps per owner (a trigger on the table, see migration 0006), so
   * that a list without filters reads its total instead of counting up to the cap.
   */
  counter?: string;
  /**
   * Opt-in with `counter`: the filter whose values row_counts also keeps per owner (entity `<counter>:<value>`,
   * triggers like migration 0009's), so that a list filtered by it alone reads its total too.
   */
  countedBy?: keyof F & string;
  /**
   * Opt-in: an item as JSON built by the database (rowShape's `json` over the table's own name), so that
   * `list.json` answers the page as text without a row becoming a JavaScript object.
   */
  json?: SQL;
  /** Tables the page's rows join for their columns (an order's plan), read for the page's rows only. */
  join?: (query: PgSelect) => PgSelect;
  /** The 404 of `one` for a key that is missing or not the caller's to read. */
  notFoundMessage: string;
  /**
   * Opt-in with `counter`, for a default order of columns that never change: deep pages of the unfiltered list
   * start at marks where they can (pageMarks.ts) instead of walking their offset.
   */
  marks?: true;
}

/**
 * The rows of the entity (placeholder `entity`) kept in row_counts, the company's (placeholder `owner`: the accounts
 * of that company), one owner's (placeholder `owner`: a member of staff) or everyone's, and their generation
 * (pageMarks.ts).
 */
const countedRows = (db: Db, scope: Scope) =>
  db
    .select({
      n: sql<number>`coalesce(sum(${rowCounts.n}), 0)`.mapWith(Number),
      generation: sql<number>`coalesce(sum(${rowCounts.changes}), 0)`.mapWith(Number),
    })
    .from(rowCounts)
    .where(
      and(
        eq(rowCounts.entity, sql.placeholder('entity')),
        scope === 'company'
          ? sql`${rowCounts.owner} in (select u.id from users u where u.company_key = ${sql.placeholder('owner')})`
          : scope === 'own'
            ? eq(rowCounts.owner, sql.placeholder('owner'))
            : undefined,
      ),
    );

/** Whose rows a list shows: a company's, a member of staff's own, or everyone's. */
type Scope = 'company' | 'own' | 'all';
const scopeOf = (caller: SessionUser, ownOnly: boolean): Scope => (!ownOnly ? 'all' : caller.company ? 'company' : 'own');
/** The owner condition of a scope over the placeholder `owner`. */
const ownerWhere = (owner: Owned, scope: Scope) =>
  scope === 'company'
    ? eq(owner.ownerCompany, sql.placeholder('owner'))
    : scope === 'own'
      ? eq(owner.owner, sql.placeholder('owner'))
      : undefined;

/** The columns an order reads: all that few rows fenced off for sorting need to carry. */
function columnsIn(parts: readonly unknown[]): Column[] {
  return parts.flatMap((part) => (is(part, Column) ? [part] : is(part, SQL) ? columnsIn(part.queryChunks) : []));
}

/** Up to this many matching rows, a page is sorted from them rather than found on the order's index. */
const FEW_ROWS = 1000;

export function defineList<S extends SelectedFields, Row, Item, F extends object>(spec: ListSpec<S, Row, Item, F>) {
  const orderOf = (sorter?: string): SQL[] => {
    const [field, direction] = (sorter ?? '').split(':');
    if (!isOwnField(spec.sortColumns, field)) return [...spec.defaultOrder, asc(spec.key)];
    const column = spec.sortColumns[field];
    return [direction === 'ascend' ? asc(column) : desc(column), asc(spec.key)];
  };
  const sortedOn = (order: readonly SQL[]) => [...new Set([spec.key, ...columnsIn(order)])];
  const markOrder = (spec.marks && orderColumns(orderOf())) || [];
  if (spec.marks && !(markOrder.length > 0 && spec.counter))
    throw new Error(`${spec.name}: marks need a counter and a plain order`);
  const marks = pageMarks(markOrder);
  const filterOf = (name: string) => (spec.filters as Record<string, ListFilter<unknown> | undefined>)[name];

  /** The caller's scope and the query's filters and order, as the list's prepared statements take them. */
  function scoped(database: Db, caller: SessionUser, query: Partial<PageQuery> & F) {
    // A list's statements keep one generic plan: each is an index walk whatever the values (prefixes are ranges,
    // sqlText.ts), and planning one anew for every page view cost more than running it.
    const db = genericPlanned(database);
    const { current: _current, pageSize: _pageSize, sorter, ...filterValues } = query;
    const ownOnly = !readsAll(spec.policy, caller.roles);
    const scope = scopeOf(caller, ownOnly);
    const given = Object.entries(filterValues).filter(([name, value]) => value !== undefined && filterOf(name));
    const params: Params = { owner: ownOnly ? (caller.company ?? caller.id) : null, cap: spec.countCap + 1 };
    for (const [name, value] of given) params[name] = filterOf(name)?.bind?.(value) ?? value;
    const where = () =>
      and(spec.scope, ownerWhere(spec.owner, scope), ...given.map(([name]) => filterOf(name)?.where(sql.placeholder(name))));
    const order = isOwnField(spec.sortColumns, (sorter ?? '').split(':')[0]) ? sorter : '';
    const shape = `${spec.name}:${scope}:${given.map(([name]) => name).join(',')}:${order}`;
    const matching = () => db.select({ key: spec.key }).from(spec.table).$dynamic().where(where());
    return { db, ownOnly, scope, given, params, where, order, shape, matching };
  }

  /** The page's rows (`select`ed) and the total, as the list answers them. */
  async function page<R>(database: Db, caller: SessionUser, query: PageQuery & F, select: SelectedFields, variant: string) {
    const { db, scope, given, params, where, order, shape, matching } = scoped(database, caller, query);
    const { current, pageSize } = query;
    const bounds = { ...params, limit: pageSize, offset: (current - 1) * pageSize };

    const { counter } = spec;
    const countedBy = given.length === 1 && given[0][0] === spec.countedBy ? String(given[0][1]) : undefined;
    const counted = counter && (given.length === 0 || countedBy !== undefined);
    const entity = countedBy === undefined ? counter : `${counter}:${countedBy}`;
    const [{ n, generation }] = counted
      ? await runPrepared(db, `${shape}:counter`, () => countedRows(db, scope), { ...params, entity })
      : await runPrepared(
          db,
          `${shape}:count`,
          () =>
            db
              .select({ n: sql<number>`count(*)`.mapWith(Number), generation: sql<number>`0` })
              .from(matching().limit(sql.placeholder('cap')).as('counted')),
          params,
        );
    // Few matches are sorted from their own rows: walking the order's index for them (what a LIMIT invites the
    // planner to do) can pass over the whole table. `offset 0` fences them off so; named as the table, the order
    // applies to them unchanged, and only the page's rows are then read (and built as JSON). Many are walked on
    // the index, keys only, to the page.
    const few = n <= FEW_ROWS;
    const read = () =>
      db
        .select({ ...select, ...markFields(markOrder) })
        .from(spec.table)
        .$dynamic();
    const pageOf = (pageKeys: SQL) => (spec.join ? spec.join(read()) : read()).where(sql`${spec.key} = any(array(${pageKeys}))`);
    const marked = markOrder.length > 0 && counted && given.length === 0 && !order && bounds.offset >= MARK_FROM;
    const walk = () =>
      runPrepared(
        db,
        `${shape}:${few ? 'few' : 'many'}${variant}`,
        () => {
          const bounded = sql`limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}`;
          const pageKeys = few
            ? sql`select ${spec.key} from (select ${sql.join(sortedOn(orderOf(order)), sql`, `)} from ${spec.table} where ${where() ?? sql`true`} offset 0) as ${spec.table} order by ${sql.join(orderOf(order), sql`, `)} ${bounded}`
            : matching()
                .orderBy(...orderOf(order))
                .limit(sql.placeholder('limit'))
                .offset(sql.placeholder('offset'))
                .getSQL();
          return pageOf(pageKeys).orderBy(...orderOf(order));
        },
        bounds,
      );
    const seek = (values: SeekValues) =>
      runPrepared(
        db,
        `${shape}:seek${variant}`,
        () => pageOf(keysFromMark(spec.table, spec.key, where(), markOrder)).orderBy(...orderOf(order)),
        { ...bounds, ...values },
      );
    const rows = marked ? await marks.read(`${shape}:${params.owner ?? ''}`, generation, bounds, seek, walk) : await walk();
    const capped = n > spec.countCap;
    const total = capped ? { total: spec.countCap, totalIsEstimate: true as const, totalCap: spec.countCap } : { total: n };
    return { rows: rows as unknown as R[], answer: { ...total, success: true as const, current, pageSize } };
  }

  async function list(db: Db, caller: SessionUser, query: PageQuery & F): Promise<ListAnswer<Item>> {
    const { rows, answer } = await page<Row>(db, caller, query, spec.columns, '');
    return { data: rows.map(spec.toItem), ...answer };
  }
  /** The answer as JSON text, its items built by the database (needs `json`). */
  async function json(db: Db, caller: SessionUser, query: PageQuery & F): Promise<string> {
    const { rows, answer } = await page<{ item: string }>(db, caller, query, { item: sql<string>`${spec.json}::text` }, ':json');
    return `{"data":[${rows.map((row) => row.item).join(',')}],${JSON.stringify(answer).slice(1)}`;
  }
  /**
   * Every row under the query's filters and order, `size` at a time (an export): the keys in order first, in one
   * statement, then each chunk's rows by key. More than `max` rows is refused before anything is read.
   */
  async function* chunks(database: Db, caller: SessionUser, query: F & { sorter?: string }, max: number, size: number) {
    const { db, params, order, shape, matching } = scoped(database, caller, query);
    // The keys as one JSON text (a row per key would be 100 000 objects to map and collect).
    const [{ keys: keyText }] = await runPrepared(
      db,
      `${shape}:keys`,
      () => {
        const ordered = matching()
          .orderBy(...orderOf(order))
          .limit(sql.placeholder('limit'))
          .as('ordered');
        return db.select({ keys: sql<string>`coalesce(json_agg(${ordered.key}), '[]')::text` }).from(ordered);
      },
      { ...params, limit: max + 1 },
    );
    const keys = JSON.parse(keyText) as string[];
    assertExportable(keys.length, max);
    // Each chunk by its keys, in one prepared statement; the item built by the database where the list has `json`
    // (a B/L's parties and boxes are never mapped field by field), else mapped as a page's rows are.
    const selected = spec.json ? { item: sql<string>`${spec.json}::text` } : spec.columns;
    const read = () => {
      const rows = db
        .select({ ...selected, chunkKey: spec.key } as SelectedFields)
        .from(spec.table)
        .$dynamic();
      return (spec.join ? spec.join(rows) : rows).where(
        sql`${spec.key} = any(array(select jsonb_array_elements_text(cast(${sql.placeholder('keys')} as jsonb))))`,
      );
    };
    const toItem = spec.json ? (row: { item: string }) => JSON.parse(row.item) as Item : spec.toItem;
    for (let from = 0; from < keys.length; from += size) {
      const part = keys.slice(from, from + size);
      const rows = (await runPrepared(db, `${spec.name}:chunk`, read, { keys: JSON.stringify(part) })) as { chunkKey: string }[];
      const byKey = new Map(rows.map(({ chunkKey, ...row }) => [chunkKey, row]));
      // A row removed since its key was read is left out.
      yield part.flatMap((key) => (byKey.has(key) ? [toItem(byKey.get(key) as Row & { item: string })] : []));
    }
  }
  /** One row as the list selects it, under the same owner scope; 404 alike for a missing key and another owner's. */
  async function one(db: Db, caller: SessionUser, key: string): Promise<Row> {
    const read = db
      .select(spec.columns as SelectedFields)
      .from(spec.table)
      .$dynamic();
    const [found] = await (spec.join ? spec.join(read) : read).where(
      and(eq(spec.key, key), spec.scope, readsAll(spec.policy, caller.roles) ? undefined : ownRows(spec.owner, caller)),
    );
    if (!found) throw notFound(spec.notFoundMessage);
    return found as Row;
  }
  return Object.assign(list, { json, one, chunks });
}
