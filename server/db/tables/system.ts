/** What every resource shares: settings, notices, the audit log, the kept row counts of lists. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { BulkAuditAction } from '../../../contract/packing/codes';
import type { NoticeType } from '../../../contract/notice/schema';
import { users } from './accounts';

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull().$type<unknown>(),
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: text('updated_by'),
});

export const notices = pgTable(
  'notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull().$type<NoticeType>(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    status: text('status').notNull().default(''),
    read: boolean('read').notNull().default(false),
    datetime: timestamp('datetime', { withTimezone: true }).notNull().defaultNow(),
    link: text('link'),
    /**
     * What a to-do waits on (`plan:OP00000001:book`): one to-do per person and subject, reopened when the thing
     * waits again and closed (status `done`) when it is done.
     */
    subject: text('subject'),
  },
  (t) => [
    index('notices_user_id_datetime_idx').on(t.userId, t.datetime.desc()),
    uniqueIndex('notices_subject_idx')
      .on(t.subject, t.userId)
      .where(sql`subject is not null`),
  ],
);

/** Who changed what: one row per changed entity, written in the transaction of the change. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** A user id, or `cli` / `system` for changes made outside a request. */
    actor: text('actor').notNull(),
    entity: text('entity').notNull(),
    entityKey: text('entity_key').notNull(),
    /** What was done, where the entity has named actions (bulk lines: BulkAuditAction). */
    action: text('action').$type<BulkAuditAction>(),
    /** The other rows of the same change: the new line of a split, the lines a merge removed. */
    relatedKeys: text('related_keys').array(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entityKey, t.at)],
);

/**
 * Rows per (entity, owner) of the tables whose lists count by it (defineList's `counter`), kept by
 * statement-level triggers (migration 0006): a list's unfiltered total without counting rows.
 */
export const rowCounts = pgTable(
  'row_counts',
  {
    entity: text('entity').notNull(),
    owner: uuid('owner').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
    /** Rows inserted and deleted so far: while it stands, an unfiltered list's pages stand too (pageMarks.ts). */
    changes: bigint('changes', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.entity, t.owner] })],
);

/**
 * Scheduled jobs (server/jobs): a process runs a job only by moving its `nextRunAt` on in the transaction that runs
 * it, so a job runs once per period however many server processes share the database.
 */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  /** When a run last ended well, its work after the claim (a backup's file) included: what the metrics show. */
  lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  runs: bigint('runs', { mode: 'number' }).notNull().default(0),
});
