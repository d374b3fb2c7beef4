/**
 * Page marks: where the deep pages of an unfiltered list start, so that the next view of such a page (or of one a
 * little after it) seeks to the mark on the order's index instead of walking the whole offset from the top — the
 * keyset paging DESIGN asks for deep pages, under the `current`/`pageSize` the API keeps.
 *
 * A mark is the sort values of the row at an offset, for one statement shape and its values, and for one
 * generation of the rows: the sum of the `changes` the counter triggers keep (every inserted and deleted row, never
 * netted; migration 0019). While the generation read just before a page stands, no row came or went, and an order
 * of columns that never change (creation time, inspection time and result, then the key) has every row where it was:
 * the mark still starts that page. A generation read after a write never matches a mark made before it. Marks live
 * in the process (each server process keeps its own) and are only ever used after that check.
 */
import { Column, is, type SQL, sql, StringChunk } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/** A column of an order and its direction. */
export interface OrderColumn {
  column: PgColumn;
  descending: boolean;
}

/** A page from this offset on may start at a mark (shallower pages walk little); marks are set from here. */
export const MARK_FROM = 1000;
/** A mark serves a page that starts at most this many rows after it. */
const MARK_REACH = 1000;
/** Lists (shapes with their values) whose marks are kept, the least recently used going first. */
const MAX_LISTS = 500;
/** Marks kept per list, the oldest going first. */
const MAX_MARKS = 64;

/**
 * The columns and directions of an order made of `asc(column)` and `desc(column)` terms over NOT NULL columns, or
 * undefined for any other order (its pages walk their offset).
 */
export function orderColumns(order: readonly SQL[]): OrderColumn[] | undefined {
  const columns: OrderColumn[] = [];
  for (const term of order) {
    const [before, column, after, ...rest] = term.queryChunks;
    if (rest.length > 0 || !is(before, StringChunk) || !is(column, Column) || !is(after, StringChunk)) return undefined;
    const direction = after.value.join('').trim();
    if (before.value.join('') !== '' || !['asc', 'desc'].includes(direction) || !column.notNull) return undefined;
    columns.push({ column: column as PgColumn, descending: direction === 'desc' });
  }
  return columns;
}

/** The sort values of a page's first row, as text (a time keeps its microseconds), named `mark0`, `mark1`, …. */
export const markFields = (order: readonly OrderColumn[]): Record<`mark${number}`, SQL<string>> =>
  Object.fromEntries(order.map(({ column }, i) => [`mark${i}`, sql<string>`${column}::text`]));

/**
 * The keys of the page that starts `delta` rows after a mark (placeholders `mark0`…, `reach` = limit + delta,
 * `limit`, `delta`): one index range per column of the order — the rows equal to the mark up to that column and
 * past it on that one — each read only as far as the page can reach, merged in the order. The last column is the
 * key, which the mark's row itself passes (>=).
 */
export function keysFromMark(table: PgTable, key: PgColumn, where: SQL | undefined, order: readonly OrderColumn[]): SQL {
  const term = ({ column, descending }: OrderColumn) => sql`${column} ${sql.raw(descending ? 'desc' : 'asc')}`;
  const ordered = sql.join(order.map(term), sql`, `);
  const selected = sql.join([key, ...order.map(({ column }) => column)].filter(unique), sql`, `);
  const ranges = order.map(({ column, descending }, i) => {
    const equal = order.slice(0, i).map((prior, j) => sql`${prior.column} = ${sql.placeholder(`mark${j}`)}`);
    const past = i === order.length - 1 ? '>=' : descending ? '<' : '>';
    const beyond = sql`${column} ${sql.raw(past)} ${sql.placeholder(`mark${i}`)}`;
    const condition = sql.join([...(where ? [where] : []), ...equal, beyond], sql` and `);
    return sql`(select ${selected} from ${table} where ${condition} order by ${ordered} limit ${sql.placeholder('reach')})`;
  });
  return sql`select ${key} from (${sql.join(ranges, sql` union all `)}) as ${table} order by ${ordered} limit ${sql.placeholder('limit')} offset ${sql.placeholder('delta')}`;
}

/** The mark of a row read with `markFields`. */
const markOf = (row: object, order: readonly OrderColumn[]) =>
  order.map((_, i) => String((row as Record<string, unknown>)[`mark${i}`]));

function unique(column: PgColumn, i: number, all: readonly PgColumn[]) {
  return all.indexOf(column) === i;
}

interface ListMarks {
  generation: number;
  /** Offset → the sort values of the row there. */
  at: Map<number, string[]>;
}

/** The values a seek from a mark binds: the mark's (`mark0`…), and how far the page reaches past it. */
export type SeekValues = Record<string, string | number>;

/** The marks of one kind of list in `order` (one per list engine), by list and offset. */
export function pageMarks(order: readonly OrderColumn[]) {
  const lists = new Map<string, ListMarks>();
  return {
    /**
     * The rows of the page at `offset` under `generation` (read before the page): `seek`ed from the nearest mark
     * when one holds, else `walk`ed on the index; either way a mark is left where the page starts. Both read the
     * rows with `markFields`.
     */
    async read<R extends object>(
      list: string,
      generation: number,
      { offset, limit }: { offset: number; limit: number },
      seek: (values: SeekValues) => Promise<R[]>,
      walk: () => Promise<R[]>,
    ): Promise<R[]> {
      const mark = this.find(list, generation, offset);
      const rows = mark
        ? await seek({
            ...Object.fromEntries(mark.values.map((value, i) => [`mark${i}`, value])),
            reach: limit + offset - mark.offset,
            delta: offset - mark.offset,
          })
        : await walk();
      if (rows.length > 0) this.set(list, generation, offset, markOf(rows[0], order));
      return rows;
    },
    /** The nearest mark at or before `offset` within reach, under `generation`. */
    find(list: string, generation: number, offset: number): { offset: number; values: string[] } | undefined {
      const marks = lists.get(list);
      if (!marks || marks.generation !== generation) return undefined;
      lists.delete(list);
      lists.set(list, marks);
      let best: { offset: number; values: string[] } | undefined;
      for (const [at, values] of marks.at) {
        if (at <= offset && offset - at <= MARK_REACH && (!best || at > best.offset)) best = { offset: at, values };
      }
      return best;
    },
    /** Marks where the page at `offset` starts, as read under `generation` (read before the page). */
    set(list: string, generation: number, offset: number, values: string[]): void {
      let marks = lists.get(list);
      if (!marks || marks.generation !== generation) marks = { generation, at: new Map() };
      lists.delete(list);
      lists.set(list, marks);
      marks.at.delete(offset);
      marks.at.set(offset, values);
      if (marks.at.size > MAX_MARKS) marks.at.delete(marks.at.keys().next().value as number);
      if (lists.size > MAX_LISTS) lists.delete(lists.keys().next().value as string);
    },
  };
}
