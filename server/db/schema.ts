/**
 * The one database schema, for PGlite and PostgreSQL alike (DESIGN.md §1). Migrations are generated from it
 * with drizzle-kit (`npx drizzle-kit generate`); never edit a generated migration by hand.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Role } from '../../contract/common';
import type { NoticeType } from '../../contract/notice';
import type { NotifyPreferences, UserConfig, UserStatus } from '../../contract/user';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    realName: text('real_name').notNull().default(''),
    email: text('email').notNull().default(''),
    /** Null when unknown, so that the unique index allows several accounts without a phone. */
    phone: text('phone'),
    passwordHash: text('password_hash').notNull(),
    roles: text('roles').array().notNull().$type<Role[]>(),
    status: text('status').notNull().$type<UserStatus>().default('pending'),
    config: jsonb('config').notNull().$type<UserConfig>().default({}),
    notifyPreferences: jsonb('notify_preferences')
      .notNull()
      .$type<NotifyPreferences>()
      .default({ notification: true, message: true, event: true }),
    createdAt: createdAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('users_name_key').on(t.name), uniqueIndex('users_phone_key').on(t.phone)],
);

/** Signed-in sessions: only the SHA-256 of the bearer token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export type OneTimeTokenPurpose = 'activation' | 'reset';

/** Mailed single-use links (account activation, password reset), stored hashed. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull().$type<OneTimeTokenPurpose>(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('one_time_tokens_user_id_idx').on(t.userId)],
);

/** SMS verification codes, stored hashed; a code dies after its expiry, its use or too many wrong tries. */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mobile: text('mobile').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('sms_codes_mobile_idx').on(t.mobile, t.createdAt)],
);

/** Fixed-window counters of the rate limits, in the database so that every server process shares them. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  hits: integer('hits').notNull(),
});

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
  },
  (t) => [index('notices_user_id_datetime_idx').on(t.userId, t.datetime.desc())],
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
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entityKey, t.at)],
);

export const schema = { users, sessions, oneTimeTokens, smsCodes, rateLimits, settings, notices, auditLog };
export type UserRow = typeof users.$inferSelect;
export type NoticeRow = typeof notices.$inferSelect;
export type SettingRow = typeof settings.$inferSelect;

/** `now()` as the database sees it, so that every process agrees on expiry. */
export const dbNow = sql`now()`;
