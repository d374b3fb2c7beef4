/** Users' real names beside the rows that name them ('' for none), read for the rows answered only. */
import { sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** The real name of the user `id` holds, as a selected field. */
export const nameOf = (id: PgColumn) => sql<string>`coalesce((select u.real_name from users u where u.id = ${id}), '')`;

/** The same as SQL text over `table.column`, for rowShape's `json` extras. */
export const nameText = (table: string, column: string) =>
  `coalesce((select u.real_name from users u where u.id = ${table}.${column}), '')`;
