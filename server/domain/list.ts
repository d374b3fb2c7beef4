/**
 * The list engine of a resource (`GET /v1/<resource>?current&pageSize&sorter&…filters`): the owner scope from
 * the access policy, filters by name, sorting on a whitelist (then the key, so that equal values page in a
 * stable order), offset paging on the keys first (the page's rows are read by key), and the total counted up to
 * a cap (then `totalIsEstimate` and `totalCap`, as the packing list answers), so that a page view never counts
 * or reads a whole large table. Packing's list adds prepared statements and database-built JSON on top
 * (bulkList.ts); a resource starts here.
 */
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import { readsAll, type AccessPolicy } from '../../contract/access';
import { isOwnField } from '../../contract/common';
import type { SessionUser } from '../auth/sessions';
import type { Db } from '../db/open';

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

export interface ListSpec<S extends SelectedFields, Row, Item, F extends object> {
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
  /** A condition per filter of the query; an undefined value is no condition. */
  filters: { [K in keyof F]?: (value: NonNullable<F[K]>) => SQL | undefined };
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

  return async function list(db: Db, caller: SessionUser, query: PageQuery & F): Promise<ListAnswer<Item>> {
    const { current, pageSize, sorter, ...filterValues } = query;
    const conditions: (SQL | undefined)[] = [readsAll(spec.policy, caller.roles) ? undefined : eq(spec.owner, caller.id)];
    for (const [name, value] of Object.entries(filterValues)) {
      const condition = spec.filters[name as keyof F];
      if (value !== undefined && condition) conditions.push(condition(value as never));
    }
    const where = and(...conditions);
    const order = orderOf(sorter);
    const offset = (current - 1) * pageSize;
    const matching = () => db.select({ key: spec.key }).from(spec.table).$dynamic().where(where);
    const [{ n }] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(
      matching()
        .limit(spec.countCap + 1)
        .as('counted'),
    );
    // Few matches are sorted from their own rows: walking the order's index for them (what a LIMIT invites the
    // planner to do) can pass over the whole table. Many are walked on the index, keys only, to the page.
    const few = n <= FEW_ROWS;
    const pageKeys = few
      ? matching()
      : matching()
          .orderBy(...order)
          .limit(pageSize)
          .offset(offset);
    const page = db
      .select(spec.columns as SelectedFields)
      .from(spec.table)
      .$dynamic()
      .where(sql`${spec.key} = any(array(${pageKeys}))`)
      .orderBy(...order);
    const rows = few ? await page.limit(pageSize).offset(offset) : await page;
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
