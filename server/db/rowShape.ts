/**
 * The API shape of a table's rows, derived from its Drizzle columns instead of written out field by field: the
 * same field names, times as ISO text. One table gives the mapping in JavaScript (`toApi`), the fields a change
 * writes (`stored`) and the same object built by the database (`json`), which list pages pass on unparsed.
 */
import { getTableColumns, sql, type InferInsertModel, type InferSelectModel, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/** Columns the database fills, never written by a change. */
const GENERATED = ['key', 'version', 'createdAt', 'updatedAt', 'ownerCompany'] as const;
/** Columns the API never shows: the owner's company, set by the database from the owner (tables/owned.ts). */
const UNSHOWN = ['ownerCompany'];

export interface RowShape<T extends PgTable, A> {
  toApi(row: InferSelectModel<T>): A;
  /** The writable columns of an API object or a rule's result (no key, version or times): an INSERT's values. */
  stored(value: A): InferInsertModel<T>;
  /**
   * `toApi` as SQL over the row alias `alias`: a float8 prints as the shortest text that reads back to the same
   * number, as in JavaScript, and times as ISO with milliseconds, cut as a JS Date cuts them.
   */
  json(alias: string, options?: { extra?: Record<string, string>; binary?: boolean }): SQL;
  /**
   * INSERT of many rows from one JSON parameter (json_to_recordset): binding a multi-row VALUES of thousands of
   * rows × 30 columns costs seconds. The rows are API-shaped objects with every writable field.
   */
  insertJson(values: readonly Partial<A>[]): SQL;
}

/** `omit`: columns the API does not show (kept for look-ups, such as an array of keys beside its JSON). */
export function rowShape<T extends PgTable, A>(table: T, omit: readonly string[] = []): RowShape<T, A> {
  const all = Object.entries(getTableColumns(table));
  const columns = all.filter(([field]) => !omit.includes(field) && !UNSHOWN.includes(field));
  const written = all.filter(([field]) => !(GENERATED as readonly string[]).includes(field));
  const writable = written.map(([field]) => field);
  const isTime = (column: (typeof columns)[number][1]) => column.columnType === 'PgTimestamp';
  return {
    toApi(row) {
      const values = row as Record<string, unknown>;
      const api: Record<string, unknown> = {};
      for (const [field] of columns) {
        const value = values[field];
        api[field] = value instanceof Date ? value.toISOString() : (value ?? null);
      }
      return api as A;
    },
    stored(value) {
      const source = value as Record<string, unknown>;
      return Object.fromEntries(
        writable.filter((field) => field in source).map((field) => [field, source[field]]),
      ) as InferInsertModel<T>;
    },
    json(alias, options = {}) {
      const pairs = columns.map(([field, column]) => {
        const value = `${alias}.${column.name}`;
        return `'${field}', ${isTime(column) ? `to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')` : value}`;
      });
      for (const [field, expression] of Object.entries(options.extra ?? {})) pairs.push(`'${field}', ${expression}`);
      return sql.raw(`${options.binary ? 'jsonb' : 'json'}_build_object(${pairs.join(', ')})`);
    },
    insertJson(values) {
      const names = sql.raw(written.map(([, column]) => column.name).join(', '));
      const fields = sql.raw(written.map(([field]) => `"${field}"`).join(', '));
      const types = sql.raw(written.map(([field, column]) => `"${field}" ${column.getSQLType()}`).join(', '));
      return sql`insert into ${table} (${names}) select ${fields} from json_to_recordset(${JSON.stringify(values)}::json) as r(${types})`;
    },
  };
}

/** The rows of a raw `db.execute`: node-postgres and PGlite both answer `{ rows }`, which Drizzle types loosely. */
export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
