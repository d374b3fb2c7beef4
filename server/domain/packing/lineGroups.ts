/**
 * Bulk lines in groups, a page of groups at a time: the inspector's queue (by customer and PO) and the customer's
 * goods waiting (by destination and ex-factory week). One statement reads the page's groups with their figures
 * and each group's lines as JSON built by the database; one counts the groups.
 */
import { count, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/open';
import { bulkLines } from '../../db/schema';
import type { ListAnswer } from '../list';

type Field = SQL | SQL.Aliased | PgColumn;

export interface LineGroupSpec {
  /** The lines to group (their status, the owner scope, the filters). */
  where: SQL | undefined;
  /** What makes a group, by answer field. */
  groupBy: Record<string, SQL | PgColumn>;
  /** A group's figures (sums, flags, names), by answer field. */
  figures: Record<string, Field>;
  /** Only the groups for which this holds (a condition over aggregates). */
  having?: SQL;
  order: SQL[];
  /** The fields of a group's lines (contract's `bulkLinePart`), and their order in it. */
  lines: readonly LineField[];
  lineOrder: PgColumn;
}

/** A packing line's field that is a column of its own. */
type LineField = keyof typeof bulkLines.$inferSelect;

const lineColumns = getTableColumns(bulkLines);

/** `'name', column, …` of the line's fields, for json_build_object. */
const lineJson = (fields: readonly LineField[]) =>
  sql.join(
    fields.map((name) => sql`${sql.raw(`'${name.replace(/[^A-Za-z0-9]/g, '')}'`)}, ${lineColumns[name]}`),
    sql`, `,
  );

export async function lineGroups<G>(
  db: Db,
  page: { current: number; pageSize: number },
  spec: LineGroupSpec,
): Promise<ListAnswer<G>> {
  const keys = Object.values(spec.groupBy);
  const lines = sql`json_agg(json_build_object(${lineJson(spec.lines)}) order by ${spec.lineOrder})`;
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({ ...spec.groupBy, ...spec.figures, lines })
      .from(bulkLines)
      .where(spec.where)
      .groupBy(...keys)
      .having(spec.having)
      .orderBy(...spec.order)
      .limit(page.pageSize)
      .offset((page.current - 1) * page.pageSize),
    db.select({ n: count() }).from(
      db
        .select({ one: sql`1` })
        .from(bulkLines)
        .where(spec.where)
        .groupBy(...keys)
        .having(spec.having)
        .as('groups'),
    ),
  ]);
  return { data: rows as G[], total: n, success: true, current: page.current, pageSize: page.pageSize };
}
