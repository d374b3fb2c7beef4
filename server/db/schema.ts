/**
 * The one database schema, for PGlite and PostgreSQL alike (DESIGN.md §1). Migrations are generated from it
 * with drizzle-kit (`npx drizzle-kit generate`); never edit a generated migration by hand.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
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
import type { BulkAuditAction, BulkStatus, BulkType, InspectionResult, PackType } from '../../contract/bulkCodes';
import type { SizeBreakdown } from '../../contract/bulkRules';
import type { Role } from '../../contract/common';
import type { Fragment, InspectedLine, InspectionMode } from '../../contract/inspection';
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
    /** What was done, where the entity has named actions (bulk lines: BulkAuditAction). */
    action: text('action').$type<BulkAuditAction>(),
    /** The other rows of the same change: the new line of a split, the lines a merge removed. */
    relatedKeys: text('related_keys').array(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entityKey, t.at)],
);

/** 工厂 (seeded lookup). */
export const factories = pgTable('factories', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  country: text('country').notNull().default(''),
  city: text('city').notNull().default(''),
});

/** 尺码组: its sizes in display order (seeded lookup). */
export const sizeGroups = pgTable('size_groups', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  sizes: text('sizes').array().notNull(),
});

/** Orders of the business unit's order system (GBS), read-only here; looked up by odg item number prefix. */
export const gbsOrders = pgTable(
  'gbs_orders',
  {
    id: text('id').primaryKey(),
    odgItemNo: text('odg_item_no').notNull(),
    poNo: text('po_no').notNull(),
    styleNo: text('style_no').notNull(),
    colour: text('colour').notNull(),
    buyer: text('buyer').notNull(),
    destination: text('destination').notNull(),
    orderQty: integer('order_qty').notNull(),
    sizeGroup: text('size_group').notNull(),
    exFactoryDate: date('ex_factory_date', { mode: 'string' }).notNull(),
  },
  (t) => [index('gbs_orders_odg_item_no_prefix_idx').on(sql`lower(${t.odgItemNo}) text_pattern_ops`, t.poNo)],
);

/** Keys of bulk lines, BD00000001…; the cap makes an overflow an error instead of a truncated duplicate. */
export const bulkLineKeySeq = pgSequence('bulk_line_key_seq', { startWith: 1, maxValue: 99_999_999 });

const shippingStatuses = sql`status in ('allocated', 'shipped')`;

/**
 * 装箱明细, packing and shipping alike: a line is the same row from upload to shipment, and the shipping list
 * is the lines in a container or shipped (contract shippingBulkStatuses) — one table keeps keys, versions and
 * history whole through that move. Computed totals are stored (split and merge conserve them exactly, see
 * contract/bulkRules). Weights, sides and cbm are float8, which round-trips a JS number exactly.
 *
 * Indexes follow the list queries: the default order (created_at desc, key) per owner and overall, the
 * shipping subset of both (partial), status, PO and style prefixes (lower(), text_pattern_ops), ex-factory
 * date, and (po_no, carton_from) for the carton overlap check.
 */
export const bulkLines = pgTable(
  'bulk_lines',
  {
    key: text('key')
      .primaryKey()
      .default(sql`'BD' || lpad(nextval('bulk_line_key_seq')::text, 8, '0')`),
    type: text('type').notNull().$type<BulkType>(),
    odgItemNo: text('odg_item_no').notNull(),
    poNo: text('po_no').notNull(),
    styleNo: text('style_no').notNull(),
    colour: text('colour').notNull(),
    factoryCode: text('factory_code')
      .notNull()
      .references(() => factories.code),
    sizeGroup: text('size_group')
      .notNull()
      .references(() => sizeGroups.code),
    sizeBreakdown: jsonb('size_breakdown').notNull().$type<SizeBreakdown>(),
    packType: text('pack_type').notNull().$type<PackType>(),
    cartonFrom: integer('carton_from').notNull(),
    cartonTo: integer('carton_to').notNull(),
    cartonCount: integer('carton_count').notNull(),
    qtyPerCarton: integer('qty_per_carton').notNull(),
    totalQty: integer('total_qty').notNull(),
    nwPerCtn: doublePrecision('nw_per_ctn').notNull(),
    gwPerCtn: doublePrecision('gw_per_ctn').notNull(),
    totalNw: doublePrecision('total_nw').notNull(),
    totalGw: doublePrecision('total_gw').notNull(),
    ctnL: doublePrecision('ctn_l').notNull(),
    ctnW: doublePrecision('ctn_w').notNull(),
    ctnH: doublePrecision('ctn_h').notNull(),
    cbm: doublePrecision('cbm').notNull(),
    destination: text('destination').notNull(),
    exFactoryDate: date('ex_factory_date', { mode: 'string' }).notNull(),
    status: text('status').notNull().$type<BulkStatus>().default('pendingInspection'),
    inspectionResult: text('inspection_result').$type<InspectionResult>(),
    planKey: text('plan_key'),
    containerKey: text('container_key'),
    owner: uuid('owner')
      .notNull()
      .references(() => users.id),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bulk_lines_owner_created_idx').on(t.owner, t.createdAt.desc().nullsFirst(), t.key),
    index('bulk_lines_created_idx').on(t.createdAt.desc().nullsFirst(), t.key),
    index('bulk_lines_shipping_owner_created_idx').on(t.owner, t.createdAt.desc().nullsFirst(), t.key).where(shippingStatuses),
    index('bulk_lines_shipping_created_idx').on(t.createdAt.desc().nullsFirst(), t.key).where(shippingStatuses),
    index('bulk_lines_status_created_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.key),
    index('bulk_lines_po_cartons_idx').on(t.poNo, t.cartonFrom),
    index('bulk_lines_po_prefix_idx').on(sql`lower(${t.poNo}) text_pattern_ops`),
    index('bulk_lines_style_prefix_idx').on(sql`lower(${t.styleNo}) text_pattern_ops`),
    index('bulk_lines_ex_factory_idx').on(t.exFactoryDate),
  ],
);

/**
 * Lines per owner, type and status, kept by statement-level triggers on bulk_lines (migration
 * 0002_bulk_line_counts): exact list totals and statistics without counting a million rows per page view.
 */
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
  },
  (t) => [primaryKey({ columns: [t.entity, t.owner] })],
);

export const bulkLineCounts = pgTable(
  'bulk_line_counts',
  {
    owner: uuid('owner').notNull(),
    type: text('type').notNull().$type<BulkType>(),
    status: text('status').notNull().$type<BulkStatus>(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.owner, t.type, t.status] })],
);

/** Keys of needle inspections, NI00000001…. */
export const inspectionKeySeq = pgSequence('inspection_key_seq', { startWith: 1, maxValue: 99_999_999 });

/**
 * 验针记录: one lot (lines of one customer's PO) through one detector. The lot's lines are kept as they were
 * (`lines`), with their keys beside them for the "inspections of this line" look-up; the detector's calibration
 * is copied in, since the record must show what it was measured against.
 */
export const inspections = pgTable(
  'inspections',
  {
    key: text('key')
      .primaryKey()
      .default(sql`'NI' || lpad(nextval('inspection_key_seq')::text, 8, '0')`),
    poNo: text('po_no').notNull(),
    lineKeys: text('line_keys').array().notNull(),
    lines: jsonb('lines').notNull().$type<InspectedLine[]>(),
    lotQty: integer('lot_qty').notNull(),
    mode: text('mode').notNull().$type<InspectionMode>(),
    sampleSize: integer('sample_size').notNull(),
    detectorId: text('detector_id').notNull(),
    sensitivityFeMm: doublePrecision('sensitivity_fe_mm').notNull(),
    calibratedAt: timestamp('calibrated_at', { withTimezone: true }).notNull(),
    inspectedQty: integer('inspected_qty').notNull(),
    passedQty: integer('passed_qty').notNull(),
    alarmQty: integer('alarm_qty').notNull(),
    fragments: jsonb('fragments').notNull().$type<Fragment[]>(),
    result: text('result').notNull().$type<InspectionResult>(),
    remark: text('remark').notNull().default(''),
    /** The lines' owner: the customer who sees this record. */
    owner: uuid('owner')
      .notNull()
      .references(() => users.id),
    inspector: uuid('inspector')
      .notNull()
      .references(() => users.id),
    inspectedAt: timestamp('inspected_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('inspections_result_at_idx').on(t.result, t.inspectedAt.desc().nullsFirst(), t.key),
    index('inspections_owner_result_at_idx').on(t.owner, t.result, t.inspectedAt.desc().nullsFirst(), t.key),
    index('inspections_line_keys_idx').using('gin', t.lineKeys),
    index('inspections_po_prefix_idx').on(sql`lower(${t.poNo}) text_pattern_ops`),
  ],
);

/** 校准: a detector found the Fe test piece; an inspection needs one within the last hour. Append-only. */
export const detectorCalibrations = pgTable(
  'detector_calibrations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    detectorId: text('detector_id').notNull(),
    sensitivityFeMm: doublePrecision('sensitivity_fe_mm').notNull(),
    calibratedAt: timestamp('calibrated_at', { withTimezone: true }).notNull().defaultNow(),
    calibratedBy: uuid('calibrated_by')
      .notNull()
      .references(() => users.id),
  },
  (t) => [index('detector_calibrations_detector_at_idx').on(t.detectorId, t.calibratedAt.desc().nullsFirst())],
);

export const schema = {
  users,
  sessions,
  oneTimeTokens,
  smsCodes,
  rateLimits,
  settings,
  notices,
  auditLog,
  factories,
  sizeGroups,
  gbsOrders,
  bulkLines,
  bulkLineCounts,
  rowCounts,
  inspections,
  detectorCalibrations,
};
export type UserRow = typeof users.$inferSelect;
export type NoticeRow = typeof notices.$inferSelect;
export type SettingRow = typeof settings.$inferSelect;
export type BulkLineRow = typeof bulkLines.$inferSelect;
export type InspectionRow = typeof inspections.$inferSelect;

/** `now()` as the database sees it, so that every process agrees on expiry. */
export const dbNow = sql`now()`;
