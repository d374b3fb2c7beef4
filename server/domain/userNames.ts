/**
 * Users' real names and their companies' names beside the rows that name them ('' for none), read for the rows
 * answered only.
 */
import { sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { OwnerNames } from '../../contract/shared/owners';
import type { Owned } from './ownership';

/** The real name of the user `id` holds, as a selected field. */
export const nameOf = (id: PgColumn) => sql<string>`coalesce((select u.real_name from users u where u.id = ${id}), '')`;

/** The same as SQL text over `table.column`, for rowShape's `json` extras. */
export const nameText = (table: string, column: string) =>
  `coalesce((select u.real_name from users u where u.id = ${table}.${column}), '')`;

const companyNameOf = (key: PgColumn) => sql<string>`coalesce((select c.name from companies c where c.key = ${key}), '')`;

/** 客户 and 客户公司 of an owned table's rows, as selected fields. */
export const ownerNames = (table: Owned) => ({
  ownerName: nameOf(table.owner),
  ownerCompanyName: companyNameOf(table.ownerCompany),
});

/** The same as SQL text over the table named `table`, for rowShape's `json` extras. */
export const ownerNamesText = (table: string): Record<keyof OwnerNames, string> => ({
  ownerName: nameText(table, 'owner'),
  ownerCompanyName: `coalesce((select c.name from companies c where c.key = ${table}.owner_company), '')`,
});
