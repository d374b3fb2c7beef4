import { sql } from 'drizzle-orm';
import { date, integer, text, timestamp } from 'drizzle-orm/pg-core';

/** When the row was made. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/** When the row last changed. */
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** The row's version, raised by every change (server/domain/versioned.ts). */
export const version = () => integer('version').notNull().default(1);

/** The next business key `<prefix>00000001…` of a sequence, as SQL (a column default, or an insert from a select). */
export const nextKey = (prefix: string, sequence: string) => sql.raw(`'${prefix}' || lpad(nextval('${sequence}')::text, 8, '0')`);

/** A business key `<prefix>00000001…` from its sequence (capped, so an overflow is an error, not a duplicate). */
export const keyed = (prefix: string, sequence: string) => text('key').primaryKey().default(nextKey(prefix, sequence));

/** A calendar day, as YYYY-MM-DD text in JavaScript. */
export const day = (name: string) => date(name, { mode: 'string' });
