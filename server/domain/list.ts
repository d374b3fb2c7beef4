/**
 * The list engine of a resource (`GET /v1/<resource>?current&pageSize&sorter&…filters`): the owner scope from
 * the access policy, filters by name, sorting on a whitelist (then the key, so that equal values page in a
 * stable order), offset paging on the keys first (the page's rows are read by key), and the total counted up to
 * a cap (then `totalIsEstimate` and `totalCap`, as the packing list answers), so that a page view never counts
 * or reads a whole large table. Its statements are prepared once per shape (the filters given, the order, the
 * owner scope) and run with the values: a page view builds no SQL. Packing's list adds database-built JSON and
 * trigger-kept counters on top (bulkList.ts); a resource starts here.
 */
import { and, asc, desc, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import { readsAll, type AccessPolicy } from '../../contract/access';
import { isOwnField } from '../../contract/common';
import type { SessionUser } from '../auth/sessions';
import type { Db } from '../db/open';
import { runPrepared, type Params } from '../db/statements';

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
  /** The owner column: a caller outside the policy's `readAll` lists only their own rows. */
  owner: PgColumn;
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
  const filterOf = (name: string) => (spec.filters as Record<string, ListFilter<unknown> | undefined>)[name];

  return async function list(db: Db, caller: SessionUser, query: PageQuery & F): Promise<ListAnswer<Item>> {
    const { current, pageSize, sorter, ...filterValues } = query;
    const ownOnly = !readsAll(spec.policy, caller.roles);
    const given = Object.entries(filterValues).filter(([name, value]) => value !== undefined && filterOf(name));
    const params: Params = { owner: ownOnly ? caller.id : null, cap: spec.countCap + 1 };
    for (const [name, value] of given) params[name] = filterOf(name)?.bind?.(value) ?? value;
    const where = () =>
      and(
        ownOnly ? eq(spec.owner, sql.placeholder('owner')) : undefined,
        ...given.map(([name]) => filterOf(name)?.where(sql.placeholder(name))),
      );
    const order = isOwnField(spec.sortColumns, (sorter ?? '').split(':')[0]) ? sorter : '';
    const shape = `${spec.name}:${ownOnly ? 'own' : 'all'}:${given.map(([name]) => name).join(',')}:${order}`;
    const matching = () => db.select({ key: spec.key }).from(spec.table).$dynamic().where(where());

    const [{ n }] = await runPrepared(
      db,
      `${shape}:count`,
      () => db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(matching().limit(sql.placeholder('cap')).as('counted')),
      params,
    );
    // Few matches are sorted from their own rows: walking the order's index for them (what a LIMIT invites the
    // planner to do) can pass over the whole table. Many are walked on the index, keys only, to the page.
    const few = n <= FEW_ROWS;
    const page = { ...params, limit: pageSize, offset: (current - 1) * pageSize };
    const rows = await runPrepared(
      db,
      `${shape}:${few ? 'few' : 'many'}`,
      () => {
        const pageKeys = few
          ? matching()
          : matching()
              .orderBy(...orderOf(order))
              .limit(sql.placeholder('limit'))
              .offset(sql.placeholder('offset'));
        const read = db
          .select(spec.columns as SelectedFields)
          .from(spec.table)
          .$dynamic()
          .where(sql`${spec.key} = any(array(${pageKeys}))`)
          .orderBy(...orderOf(order));
        return few ? read.limit(sql.placeholder('limit')).offset(sql.placeholder('offset')) : read;
      },
      page,
    );
    const capped = n > spec.countCap;
    return {
      data: (rows as Row[]).map(spec.toItem),
      ...(capped ? { total: spec.countCap, totalIsEstimate: true as const, totalCap: spec.countCap } : { total: n }),
      success: true,
      current,
      pageSize,
    };
  };
}
