/** Accounts: users, their sessions and API tokens, one-time links and codes, known addresses, rate limits. */
import {
  boolean,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Role } from '../../../contract/shared/common';
import { defaultMailPreferences, type MailPreferences } from '../../../contract/mail/codes';
import type { TokenScope } from '../../../contract/token/codes';
import type { SignInOutcome } from '../../../contract/admin/codes';
import type { NotifyPreferences, UserConfig, UserStatus } from '../../../contract/user/schema';
import { createdAt, keyed, updatedAt, version } from './columns';

export const companyKeySeq = pgSequence('company_key_seq', { startWith: 1, maxValue: 99_999_999 });

/** 客户公司: a customer of the business unit (a factory, a buying office), whose members share its records. */
export const companies = pgTable(
  'companies',
  {
    key: keyed('CO', 'company_key_seq'),
    name: text('name').notNull(),
    /** 简称代码: short, upper case, unique; what lists and exports show. */
    shortCode: text('short_code').notNull(),
    contact: text('contact').notNull().default(''),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('companies_short_code_key').on(t.shortCode)],
);

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
    mailPreferences: jsonb('mail_preferences').notNull().$type<MailPreferences>().default(defaultMailPreferences),
    createdAt: createdAt(),
    version: integer('version').notNull().default(1),
    /** A customer's company; none for the business unit's staff. */
    companyKey: text('company_key').references(() => companies.key),
    /** 公司管理员: invites and removes the company's members (a flag, not a role). */
    isManager: boolean('is_manager').notNull().default(false),
  },
  (t) => [
    uniqueIndex('users_name_key').on(t.name),
    uniqueIndex('users_phone_key').on(t.phone),
    index('users_company_idx').on(t.companyKey),
  ],
);

/**
 * Signed-in sessions and API tokens (kind `api`: named, read-only or read-write, a fixed expiry): only the SHA-256 of
 * the bearer token is stored.
 */
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
    kind: text('kind').notNull().default('session').$type<'session' | 'api'>(),
    /** An API token's name and scope (contract/token). */
    name: text('name'),
    scope: text('scope').$type<TokenScope>(),
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

/**
 * 邀请同事: a company manager's mailed invitation to join the company, single-use and expiring, stored hashed like
 * the other mailed links. Open while neither accepted nor revoked nor expired; a company has at most 5 open.
 */
export const companyInvitations = pgTable(
  'company_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyKey: text('company_key')
      .notNull()
      .references(() => companies.key),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('company_invitations_token_hash_key').on(t.tokenHash),
    index('company_invitations_company_idx').on(t.companyKey, t.createdAt),
  ],
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

/**
 * Addresses an account has signed in from with its password. When the account's failures from all addresses
 * pass their limit, a correct password from one of these still signs in: a guesser cannot lock the owner out.
 */
export const knownAddresses = pgTable(
  'known_addresses',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    lastSignedInAt: timestamp('last_signed_in_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.address] })],
);

/**
 * 登录记录: every password or SMS sign-in attempt that named an existing account — when, from where, and whether
 * it worked or why not — for the administrator's console. Attempts on unknown names are counted by the rate
 * limits, not kept.
 */
export const signIns = pgTable(
  'sign_ins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    outcome: text('outcome').notNull().$type<SignInOutcome>(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sign_ins_user_at_idx').on(t.userId, t.at.desc())],
);

/** Fixed-window counters of the rate limits, in the database so that every server process shares them. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  hits: integer('hits').notNull(),
});
