/**
 * A list's filters as SQL, from the description the mock reads too (contract/shared/listFilters.ts). Each
 * filter's condition is over the value's placeholder, so that the list's statements are prepared once.
 */
import { eq, getTableColumns, gte, lte, sql, type Placeholder } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FilterRule, FilterRules } from '../../contract/shared/listFilters';
import type { ListFilter } from './list';
import { likePrefix, prefixFilter } from './sqlText';

const lower = (value: string) => value.toLowerCase();

function sqlFilter(column: (field: string) => PgColumn, [field, match]: FilterRule): ListFilter<string> {
  if (typeof field !== 'string') {
    if (match === 'contains') throw new Error(`'contains' has no index to run on: describe ${field.join(', ')} otherwise`);
    const each = field.map((name) => prefixFilter(column(name)));
    return {
      where: (p) =>
        sql`(${sql.join(
          each.map((filter) => filter.where(p)),
          sql` or `,
        )})`,
      bind: lower,
    };
  }
  const of = column(field);
  switch (match) {
    case 'equal':
      return { where: (p) => eq(of, p) };
    case 'anyCase':
      return { where: (p) => eq(sql`lower(${of})`, p), bind: lower };
    case 'prefix':
      return prefixFilter(of);
    case 'keyPrefix':
      // Keys are upper case and their btree index serves a LIKE of a constant start.
      return { where: (p: Placeholder) => sql`${of} like ${p}`, bind: (value) => likePrefix(value.toUpperCase()) };
    case 'atLeast':
      return { where: (p) => gte(of, p) };
    default:
      return { where: (p) => lte(of, p) };
  }
}

/** The filters `rules` describe, over `table`'s columns named as the record's fields. */
export function sqlFilters<R extends FilterRules>(table: PgTable, rules: R): { [K in keyof R]: ListFilter<string> } {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const column = (field: string) => {
    const found = columns[field];
    if (!found) throw new Error(`a list filter names ${field}, which is no column of the table`);
    return found;
  };
  return Object.fromEntries(Object.entries(rules).map(([name, rule]) => [name, sqlFilter(column, rule)])) as {
    [K in keyof R]: ListFilter<string>;
  };
}
