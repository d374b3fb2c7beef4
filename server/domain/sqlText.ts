import { sql, type Param, type Placeholder } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** LIKE patterns from user text: `%`, `_` and `\` match themselves (backslash is LIKE's default escape). */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Starts with `text`. */
export const likePrefix = (text: string) => `${escapeLike(text)}%`;

/** Contains `text`. */
export const likeContains = (text: string) => `%${escapeLike(text)}%`;

/**
 * A list filter "lower(column) starts with the value" as a range on the column's `lower(…) text_pattern_ops`
 * index. A LIKE with a bound pattern cannot use that index in a prepared statement's generic plan, so it is
 * planned anew at every call; the range keeps one plan. U+10FFFF, the last code point, bounds the range.
 */
export const prefixFilter = (column: PgColumn) => ({
  where: (p: Placeholder | Param) => sql`lower(${column}) ~>=~ ${p} and lower(${column}) ~<~ (${p} || chr(1114111))`,
  bind: (value: string) => value.toLowerCase(),
});
