/** The columns of every owned business row, apart from columns.ts because the owner refers to the users table. */
import { uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt, updatedAt, version } from './columns';

/** What each versioned business row carries: its owner (the customer), version and times. */
export const ownedVersioned = () => ({
  owner: uuid('owner')
    .notNull()
    .references(() => users.id),
  version: version(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
