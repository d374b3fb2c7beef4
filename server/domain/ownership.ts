/**
 * Whose rows a caller works on: a customer their company's (客户公司, `owner_company`, set by the database from the
 * owner), a member of staff — who belongs to no company — the rows they own themselves. The one place the owner
 * scope is written, for Drizzle columns and for raw SQL alike.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { SessionUser } from '../auth/sessionUser';

/** A table's owner columns. */
export interface Owned {
  owner: PgColumn;
  ownerCompany: PgColumn;
}

/** The rows of `table` the caller owns. */
export const ownRows = (table: Owned, caller: SessionUser): SQL =>
  caller.company ? eq(table.ownerCompany, caller.company) : eq(table.owner, caller.id);

/** The same in raw SQL, over a table's alias (`l` for `bulk_lines l`). */
export const ownRowsOf = (alias: string, caller: SessionUser): SQL =>
  caller.company ? sql`${sql.raw(alias)}.owner_company = ${caller.company}` : sql`${sql.raw(alias)}.owner = ${caller.id}::uuid`;

/** The rows of the company of the account `owner` (of that account alone when it has none: staff). */
export const ofOwnersCompany = (table: Owned, owner: string): SQL =>
  sql`(${table.ownerCompany} = (select u.company_key from users u where u.id = ${owner})
    or (${table.ownerCompany} is null and ${table.owner} = ${owner}))`;

/** What names the caller's scope in a prepared statement's name and a cache key: the company, else the account. */
export const scopeName = (caller: SessionUser) => caller.company ?? caller.id;

/** Whether a row with this owner and company is the caller's to work on. */
export const ownsRow = (row: { owner: string; ownerCompany?: string | null }, caller: SessionUser) =>
  caller.company ? row.ownerCompany === caller.company : row.owner === caller.id;
