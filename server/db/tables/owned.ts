/** The columns of every owned business row, apart from columns.ts because the owner refers to the users table. */
import { text, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt, updatedAt, version } from './columns';

/** The owner: the customer who made the row (or whose row it is). */
export const owner = () =>
  uuid('owner')
    .notNull()
    .references(() => users.id);

/**
 * The owner's company (客户公司), whose every member reads and works on the row: set by the database from the owner
 * at insert (trigger `owner_company`, migration 0036), so that no insert can file a row under another company.
 * Null only for a row owned by the business unit's staff, who belong to no company.
 */
export const ownerCompany = () => text('owner_company');

/** What each versioned business row carries: its owner (the customer) and company, version and times. */
export const ownedVersioned = () => ({
  owner: owner(),
  ownerCompany: ownerCompany(),
  version: version(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
