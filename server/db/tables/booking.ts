/** 订舱: the price calendar, booking plans, their changes and containers, and the clerk's booking orders. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { OrderStatus } from '../../../contract/order/codes';
import type { ChangedField, ChangeStatus, ChangeType, PlanStatus, PriceDiff, PriceSnapshot } from '../../../contract/plan/codes';
import type { SpaceLevel } from '../../../contract/price/codes';
import type { FreightBasis } from '../../../contract/freight/codes';
import type { ContainerType } from '../../../contract/setting/codes';
import { day, keyed, updatedAt, version } from './columns';
import { users } from './accounts';
import { owner, ownerCompany, ownedVersioned } from './owned';

export const priceKeySeq = pgSequence('osb_price_key_seq', { startWith: 1, maxValue: 99_999_999 });
export const planKeySeq = pgSequence('osb_plan_key_seq', { startWith: 1, maxValue: 99_999_999 });
export const changeKeySeq = pgSequence('osb_change_key_seq', { startWith: 1, maxValue: 99_999_999 });
export const orderKeySeq = pgSequence('osb_order_key_seq', { startWith: 1, maxValue: 99_999_999 });
export const containerKeySeq = pgSequence('osb_container_key_seq', { startWith: 1, maxValue: 99_999_999 });

/**
 * 运价: one carrier's price of one sailing of a lane for a container type. The calendar reads a lane's month
 * (pol, pod, container type, sailing date), so that is the index; a sailing has one price per carrier.
 */
export const osbPrices = pgTable(
  'osb_prices',
  {
    key: keyed('PR', 'osb_price_key_seq'),
    carrier: text('carrier').notNull(),
    pol: text('pol').notNull(),
    pod: text('pod').notNull(),
    containerType: text('container_type').notNull().$type<ContainerType>(),
    sailingDate: day('sailing_date').notNull(),
    /** Whole units of the currency per container. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    space: text('space').notNull().$type<SpaceLevel>(),
    transitDays: integer('transit_days').notNull(),
    validUntil: day('valid_until'),
    version: version(),
    updatedAt: updatedAt(),
    updatedBy: uuid('updated_by').references(() => users.id),
  },
  (t) => [uniqueIndex('osb_prices_sailing_idx').on(t.pol, t.pod, t.containerType, t.sailingDate, t.carrier)],
);

/**
 * 订舱计划: containers booked from a sailing of the calendar, its price fixed in `priceSnapshot`. The lists
 * read newest first, by status or by ETD, per owner and overall (an index for each, with the key for a stable
 * order); `row_counts` keeps the unfiltered totals (entity `plan`).
 */
export const osbPlans = pgTable(
  'osb_plans',
  {
    key: keyed('OP', 'osb_plan_key_seq'),
    osbFactory: text('osb_factory').notNull(),
    carrier: text('carrier').notNull(),
    pol: text('pol').notNull(),
    pod: text('pod').notNull(),
    etd: day('etd').notNull(),
    eta: day('eta').notNull(),
    weekNo: text('week_no').notNull(),
    containerType: text('container_type').notNull().$type<ContainerType>(),
    quantity: integer('quantity').notNull(),
    priceSnapshot: jsonb('price_snapshot').notNull().$type<PriceSnapshot>(),
    status: text('status').notNull().$type<PlanStatus>(),
    /** Why it was rejected or cancelled. */
    reason: text('reason').notNull().default(''),
    remark: text('remark').notNull().default(''),
    ...ownedVersioned(),
  },
  (t) => [
    index('osb_plans_created_idx').on(t.createdAt.desc().nullsFirst(), t.key),
    index('osb_plans_company_created_idx').on(t.ownerCompany, t.createdAt.desc().nullsFirst(), t.key),
    index('osb_plans_status_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.key),
    index('osb_plans_company_status_idx').on(t.ownerCompany, t.status, t.createdAt.desc().nullsFirst(), t.key),
    index('osb_plans_etd_idx').on(t.etd, t.key),
    index('osb_plans_company_etd_idx').on(t.ownerCompany, t.etd, t.key),
  ],
);

/** 订舱变更: a confirmed plan's requested change; one pending per plan (partial unique index). */
export const osbChanges = pgTable(
  'osb_changes',
  {
    key: keyed('OC', 'osb_change_key_seq'),
    planKey: text('plan_key')
      .notNull()
      .references(() => osbPlans.key, { onDelete: 'cascade' }),
    changeType: text('change_type').notNull().$type<ChangeType>(),
    changedFields: jsonb('changed_fields').notNull().$type<ChangedField[]>(),
    priceDiff: jsonb('price_diff').$type<PriceDiff>(),
    /** The sailing whose price an approved repricing change fixes (contract PriceSnapshot's priceKey). */
    newPriceKey: text('new_price_key'),
    reason: text('reason').notNull(),
    status: text('status').notNull().$type<ChangeStatus>(),
    comment: text('comment').notNull().default(''),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The plan's owner and company. */
    owner: owner(),
    ownerCompany: ownerCompany(),
    version: version(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('osb_changes_plan_idx').on(t.planKey, t.requestedAt),
    uniqueIndex('osb_changes_one_pending_idx')
      .on(t.planKey)
      .where(sql`status = 'PENDING'`),
    index('osb_changes_status_idx').on(t.status, t.requestedAt),
  ],
);

/** 订舱单: the clerk's booking of a submitted plan with the carrier, one per plan. */
export const osbOrders = pgTable(
  'osb_orders',
  {
    key: keyed('BO', 'osb_order_key_seq'),
    planKey: text('plan_key')
      .notNull()
      .references(() => osbPlans.key, { onDelete: 'cascade' }),
    status: text('status').notNull().$type<OrderStatus>(),
    carrierBookingNo: text('carrier_booking_no').notNull().default(''),
    vessel: text('vessel').notNull().default(''),
    voyage: text('voyage').notNull().default(''),
    etd: day('etd').notNull(),
    eta: day('eta').notNull(),
    /** Computed from the cut-off rules when booked: a later change of the rules leaves them as they were. */
    siCutoff: timestamp('si_cutoff', { withTimezone: true }),
    cyCutoff: timestamp('cy_cutoff', { withTimezone: true }),
    vgmCutoff: timestamp('vgm_cutoff', { withTimezone: true }),
    reason: text('reason').notNull().default(''),
    clerk: uuid('clerk').references(() => users.id),
    /** The plan's owner. */
    ...ownedVersioned(),
  },
  (t) => [
    uniqueIndex('osb_orders_plan_idx').on(t.planKey),
    index('osb_orders_created_idx').on(t.createdAt.desc().nullsFirst(), t.key),
    index('osb_orders_status_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.key),
    // Cut-offs coming up: the clerk's home page and the cut-off reminders read each by time.
    index('osb_orders_si_cutoff_idx').on(t.siCutoff),
    index('osb_orders_cy_cutoff_idx').on(t.cyCutoff),
    index('osb_orders_vgm_cutoff_idx').on(t.vgmCutoff),
    // The header search: an SO number by its start.
    index('osb_orders_booking_no_prefix_idx').on(sql`lower(${t.carrierBookingNo}) text_pattern_ops`),
    // A Track & Trace event or filter naming the booking: the number as the carrier wrote it.
    index('osb_orders_booking_no_idx').on(t.carrierBookingNo),
  ],
);

/**
 * 柜: a container of a plan, of the plan's type, with the capacity and payload of that type when it was added (a
 * later change of the setting moves no container). A number is unique among active containers (`active` is
 * cleared when its B/L is issued: the number may serve a later booking).
 */
export const osbContainers = pgTable(
  'osb_containers',
  {
    key: keyed('CT', 'osb_container_key_seq'),
    planKey: text('plan_key')
      .notNull()
      .references(() => osbPlans.key, { onDelete: 'cascade' }),
    containerType: text('container_type').notNull().$type<ContainerType>(),
    containerNo: text('container_no'),
    sealNo: text('seal_no'),
    tareKg: doublePrecision('tare_kg'),
    vgmKg: doublePrecision('vgm_kg'),
    cbmCapacity: doublePrecision('cbm_capacity').notNull(),
    payloadKg: doublePrecision('payload_kg').notNull(),
    /** The B/L it is on (not voided): its goods are frozen until the B/L is voided. */
    bolKey: text('bol_key'),
    /** Cartons scanned into it by their SSCC (carton_scans), of those its lines hold. */
    cartonsScanned: integer('cartons_scanned').notNull().default(0),
    /** 运费分摊: the clerk's choice of how the freight is split over the lines, by CBM or by gross weight. */
    freightBasis: text('freight_basis').notNull().default('cbm').$type<FreightBasis>(),
    active: boolean('active').notNull().default(true),
    ...ownedVersioned(),
  },
  (t) => [
    index('osb_containers_plan_idx').on(t.planKey, t.key),
    uniqueIndex('osb_containers_number_idx')
      .on(t.containerNo)
      .where(sql`active and container_no is not null`),
    // The header search: a container number by its start.
    index('osb_containers_number_prefix_idx').on(sql`lower(${t.containerNo}) text_pattern_ops`),
    // A Track & Trace event naming the box, also once its B/L has freed the number.
    index('osb_containers_number_all_idx').on(t.containerNo),
  ],
);

export type PriceRow = typeof osbPrices.$inferSelect;
export type ContainerRow = typeof osbContainers.$inferSelect;
export type PlanRow = typeof osbPlans.$inferSelect;
export type ChangeRow = typeof osbChanges.$inferSelect;
export type OrderRow = typeof osbOrders.$inferSelect;
