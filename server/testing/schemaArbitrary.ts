/**
 * Values that conform to a JSON schema of the served OpenAPI document (enums, patterns, number ranges, objects
 * with their required properties, arrays, anyOf/oneOf, $ref), except at the dates: every date, date-time,
 * month or week in them is, most of the time, one past the business range or no date at all. A request shaped
 * this way gets past the schema's other checks, so that a date the contract lets through reaches the database
 * — the class of input that answered 500 (`month=0000-01`) — on any route, the day it is added.
 */
import fc from 'fast-check';

/** Dates, months and weeks at and past the edges: no year 0, years 9999 and 10000, month 13, day 32. */
export const EXTREME_DATES = [
  '0000-01-01',
  '0001-01-01',
  '1999-12-31',
  '2101-01-01',
  '9999-12-31',
  '10000-01-01',
  '2025-13-01',
  '2025-00-10',
  '2025-01-32',
  '2025-02-29',
  '0000-01',
  '1999-12',
  '9999-12',
  '10000-01',
  '2025-13',
  '0000-W01',
  '9999-W52',
  '2025-W54',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59.999Z',
  '+275760-09-13T00:00:00Z',
] as const;
export const extremeDate = fc.constantFrom(...EXTREME_DATES);
const kinds = {
  date: EXTREME_DATES.filter((value) => /^\+?\d{4,6}-\d{2}-\d{2}/.test(value)),
  month: EXTREME_DATES.filter((value) => /^\d{4,5}-\d{2}$/.test(value)),
  week: EXTREME_DATES.filter((value) => value.includes('-W')),
};
/** The edges of the same kind as the schema's (a month for a month), now and then any other. */
function extremeLike(schema: Schema): fc.Arbitrary<string> {
  const pattern = String(schema.pattern ?? '');
  const kind = schema.format
    ? kinds.date
    : pattern.includes('W')
      ? kinds.week
      : pattern.includes('-\\d{2}-')
        ? kinds.date
        : kinds.month;
  return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...kind) }, { weight: 1, arbitrary: extremeDate });
}

type Schema = Record<string, any>;

/** A schema of a date, a date-time, a month (YYYY-MM) or a week (YYYY-Www), also under anyOf/oneOf (nullable). */
export function isDateSchema(schema: unknown): boolean {
  if (!schema || typeof schema !== 'object') return false;
  const s = schema as Schema;
  if (s.format === 'date' || s.format === 'date-time') return true;
  if (typeof s.pattern === 'string' && s.pattern.includes('\\d{4}-')) return true;
  return [...(s.anyOf ?? []), ...(s.oneOf ?? [])].some(isDateSchema);
}

/** Builds arbitraries for the schemas of one OpenAPI document (its `components` resolve `$ref`). */
export function schemaArbitraries(document: { components?: { schemas?: Record<string, Schema> } }) {
  const resolve = (schema: Schema): Schema => {
    if (typeof schema.$ref !== 'string') return schema;
    const name = schema.$ref.split('/').pop() as string;
    return document.components?.schemas?.[name] ?? {};
  };

  function conforming(given: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
    const schema = resolve(given ?? {});
    if (isDateSchema(schema)) {
      const dated = [schema, ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].find((s) => s.format || s.pattern) ?? schema;
      return fc.oneof({ weight: 4, arbitrary: extremeLike(dated) }, { weight: 1, arbitrary: fc.constant('2026-03-02') });
    }
    const members = schema.anyOf ?? schema.oneOf;
    if (Array.isArray(members) && members.length) return fc.oneof(...members.map((member: Schema) => conforming(member, depth)));
    if ('const' in schema) return fc.constant(schema.const);
    if (Array.isArray(schema.enum) && schema.enum.length) return fc.constantFrom(...schema.enum);
    const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') : schema.type;
    switch (type) {
      case 'integer':
        return fc.integer({
          min: Math.max(schema.minimum ?? 0, -(2 ** 31)),
          max: Math.min(schema.maximum ?? 1000, 2 ** 31 - 1),
        });
      case 'number':
        return fc.double({ min: schema.minimum ?? 0, max: schema.maximum ?? 1000, noNaN: true, noDefaultInfinity: true });
      case 'boolean':
        return fc.boolean();
      case 'array':
        return depth > 4
          ? fc.constant([])
          : fc.array(conforming(schema.items, depth + 1), {
              minLength: Math.min(schema.minItems ?? 0, 3),
              maxLength: Math.max(Math.min(schema.maxItems ?? 3, 3), Math.min(schema.minItems ?? 0, 3)),
            });
      case 'object': {
        if (depth > 4 || !schema.properties) return fc.constant({});
        const required = new Set<string>(schema.required ?? []);
        return fc.record(
          Object.fromEntries(Object.entries(schema.properties).map(([name, s]) => [name, conforming(s as Schema, depth + 1)])),
          { requiredKeys: Object.keys(schema.properties).filter((name) => required.has(name)) },
        );
      }
      case 'string':
      default:
        if (typeof schema.pattern === 'string') {
          try {
            return fc.stringMatching(new RegExp(schema.pattern)).filter((text) => text.length <= (schema.maxLength ?? 200));
          } catch {
            return fc.constant('x');
          }
        }
        return fc.string({ minLength: Math.min(schema.minLength ?? 0, 5), maxLength: Math.min(schema.maxLength ?? 20, 20) });
    }
  }

  /** True when a date, month or week is anywhere in the schema (nested properties and items included). */
  function holdsDate(given: Schema | undefined, depth = 0): boolean {
    const schema = resolve(given ?? {});
    if (isDateSchema(schema)) return true;
    if (depth > 6) return false;
    return [
      ...Object.values(schema.properties ?? {}),
      ...(schema.items ? [schema.items] : []),
      ...(schema.anyOf ?? []),
      ...(schema.oneOf ?? []),
    ].some((child) => holdsDate(child as Schema, depth + 1));
  }

  return { conforming, holdsDate };
}
