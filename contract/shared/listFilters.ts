/**
 * How a list query's filters match a row, described once per list: the server's SQL is built from it
 * (server/domain/listFilters.ts) and the mock filters its rows with `rowMatches`, so that both answer a filter
 * alike. A filter names the record's field(s) and how the value meets them:
 * - `equal`: the field is the value;
 * - `anyCase`: the field is the value, whatever its case (a vessel or voyage as typed);
 * - `prefix`: the field starts with the value, whatever its case;
 * - `keyPrefix`: a key (upper case) starts with the value, whatever its case;
 * - `atLeast` / `atMost`: from / up to the value (days as `YYYY-MM-DD` compare as text);
 * - `prefixOfAny`: one of the fields starts with the value, whatever its case (a free-text search);
 * - `contains`: one of the fields contains the value, whatever its case (the mock's own free-text search).
 */
export type FilterRule =
  | readonly [field: string, match: 'equal' | 'anyCase' | 'prefix' | 'keyPrefix' | 'atLeast' | 'atMost']
  | readonly [fields: readonly string[], match: 'prefixOfAny' | 'contains'];

/** A list's filters by their query names. */
export type FilterRules = Readonly<Record<string, FilterRule>>;

const text = (row: object, field: string) => String((row as Record<string, unknown>)[field] ?? '');
const lower = (value: string) => value.toLowerCase();

/** Whether `row` matches one filter's value. */
function matches(row: object, [field, match]: FilterRule, value: string): boolean {
  if (typeof field !== 'string') {
    const wanted = lower(value);
    return field.some((name) =>
      match === 'contains' ? lower(text(row, name)).includes(wanted) : lower(text(row, name)).startsWith(wanted),
    );
  }
  const cell = text(row, field);
  switch (match) {
    case 'equal':
      return cell === value;
    case 'anyCase':
      return lower(cell) === lower(value);
    case 'prefix':
    case 'keyPrefix':
      return lower(cell).startsWith(lower(value));
    case 'atLeast':
      return cell >= value;
    default:
      return cell <= value;
  }
}

/** Whether `row` matches every filter the query gives (a filter left out or empty matches every row). */
export function rowMatches(row: object, query: Readonly<Record<string, unknown>>, rules: FilterRules): boolean {
  return Object.entries(rules).every(
    ([name, rule]) => query[name] === undefined || query[name] === '' || matches(row, rule, String(query[name])),
  );
}

/** The filters of a list whose query is `Q`: only its own names. */
export type FilterRulesOf<Q> = { readonly [K in keyof Q]?: FilterRule };
