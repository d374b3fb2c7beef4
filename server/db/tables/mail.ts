/** 邮件提醒: the to-do mails waiting to go (or gone), and the mailed unsubscribe links. */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TodoMailKind } from '../../../contract/mail/codes';
import { users } from './accounts';
import { notices } from './system';

/**
 * `queued` → `sending` (claimed by one process, in the transaction of the mail job's run) → `sent`; `skipped`
 * when the to-do was done, or its switch turned off, before its turn; `failed` after the last try. A crash while
 * sending leaves the row `sending`: the mail is sent at most once.
 */
export type TodoMailStatus = 'queued' | 'sending' | 'sent' | 'skipped' | 'failed';

/** One mail per time a to-do waits (made or reopened) for a user whose switch for its kind is on. */
export const todoMails = pgTable(
  'todo_mails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    noticeId: uuid('notice_id')
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull().$type<TodoMailKind>(),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status').notNull().$type<TodoMailStatus>().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
  },
  (t) => [
    // A to-do reopened while its mail still waits has that one mail.
    uniqueIndex('todo_mails_waiting_idx')
      .on(t.noticeId)
      .where(sql`status = 'queued'`),
    index('todo_mails_queue_idx')
      .on(t.userId, t.queuedAt)
      .where(sql`status = 'queued'`),
  ],
);

/** A mailed unsubscribe link: its holder may turn that user's switch for that kind off, signed out. */
export const mailUnsubscribes = pgTable(
  'mail_unsubscribes',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull().$type<TodoMailKind>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_unsubscribes_created_idx').on(t.createdAt)],
);
