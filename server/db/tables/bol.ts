/** 提单: the bills of lading drafted from the loaded containers of a booking plan. */
import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, jsonb, pgSequence, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { BolContainer, BolParty, BolStatus, BolType, FreightTerm, ReleaseType } from '../../../contract/bol/codes';
import { users } from './accounts';
import { osbOrders, osbPlans } from './booking';
import { day, keyed } from './columns';
import { ownedVersioned } from './owned';

export const bolKeySeq = pgSequence('bol_key_seq', { startWith: 1, maxValue: 99_999_999 });

/**
 * 提单: parties, route and vessel, its containers with the cargo summed from their lines (never typed), and the
 * lifecycle. The list reads newest first, by status, by ETD, by vessel and by the start of a number or name;
 * `row_counts` keeps the unfiltered totals and those per status (entity `bol`).
 */
export const billsOfLading = pgTable(
  'bills_of_lading',
  {
    key: keyed('BL', 'bol_key_seq'),
    bolNo: text('bol_no').notNull(),
    type: text('type').notNull().$type<BolType>(),
    releaseType: text('release_type').$type<ReleaseType>(),
    planKey: text('plan_key')
      .notNull()
      .references(() => osbPlans.key),
    orderKey: text('order_key')
      .notNull()
      .references(() => osbOrders.key),
    carrier: text('carrier').notNull(),
    carrierBookingNo: text('carrier_booking_no').notNull(),
    shipper: jsonb('shipper').notNull().$type<BolParty>(),
    consignee: jsonb('consignee').notNull().$type<BolParty>(),
    notifyParty: jsonb('notify_party').notNull().$type<BolParty>(),
    /** The consignee's name again, as text: the free-text search reads its start. */
    consigneeName: text('consignee_name').notNull(),
    placeOfReceipt: text('place_of_receipt').notNull(),
    pol: text('pol').notNull(),
    pod: text('pod').notNull(),
    placeOfDelivery: text('place_of_delivery').notNull(),
    vessel: text('vessel').notNull(),
    voyage: text('voyage').notNull(),
    etd: day('etd').notNull(),
    eta: day('eta').notNull(),
    containers: jsonb('containers').notNull().$type<BolContainer[]>(),
    marks: jsonb('marks').notNull().$type<string[]>(),
    description: jsonb('description').notNull().$type<string[]>(),
    hsCode: text('hs_code').notNull().default(''),
    packages: integer('packages').notNull(),
    pieces: integer('pieces').notNull(),
    grossWeight: doublePrecision('gross_weight').notNull(),
    cbm: doublePrecision('cbm').notNull(),
    freightTerm: text('freight_term').notNull().$type<FreightTerm>(),
    status: text('status').notNull().$type<BolStatus>(),
    issueDate: day('issue_date'),
    /** The day the goods were loaded on board, stated by the issued B/L ("Shipped on Board"). */
    onBoardDate: day('on_board_date'),
    /** Why it was issued on a day the milestones do not bear out; '' when they do. */
    onBoardReason: text('on_board_reason').notNull().default(''),
    /** The clerk who issued it: the contact of its DCSA export. */
    issuedBy: uuid('issued_by').references(() => users.id),
    /** The customer's latest request for a change. */
    amendmentComment: text('amendment_comment').notNull().default(''),
    voidReason: text('void_reason').notNull().default(''),
    userRemark: text('user_remark').notNull().default(''),
    /** The owner: the plan's customer. */
    ...ownedVersioned(),
  },
  (t) => [
    uniqueIndex('bills_of_lading_bol_no_idx').on(t.bolNo),
    index('bills_of_lading_created_idx').on(t.createdAt.desc().nullsFirst(), t.key),
    index('bills_of_lading_company_created_idx').on(t.ownerCompany, t.createdAt.desc().nullsFirst(), t.key),
    index('bills_of_lading_status_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.key),
    index('bills_of_lading_company_status_idx').on(t.ownerCompany, t.status, t.createdAt.desc().nullsFirst(), t.key),
    index('bills_of_lading_etd_idx').on(t.etd, t.key),
    // A plan's B/Ls, the first by key at once (a carton's B/L).
    index('bills_of_lading_plan_idx').on(t.planKey, t.key),
    index('bills_of_lading_bol_no_prefix_idx').on(sql`lower(${t.bolNo}) text_pattern_ops`),
    index('bills_of_lading_company_bol_no_prefix_idx').on(t.ownerCompany, sql`lower(${t.bolNo}) text_pattern_ops`),
    index('bills_of_lading_vessel_prefix_idx').on(sql`lower(${t.vessel}) text_pattern_ops`),
    // A vessel's B/Ls come in a few weeks of a voyage: its filter reads them newest first on an index of their own.
    index('bills_of_lading_vessel_idx').on(sql`lower(${t.vessel})`, t.createdAt.desc().nullsFirst(), t.key),
    index('bills_of_lading_booking_no_prefix_idx').on(sql`lower(${t.carrierBookingNo}) text_pattern_ops`),
    index('bills_of_lading_consignee_prefix_idx').on(sql`lower(${t.consigneeName}) text_pattern_ops`),
  ],
);

export type BolRow = typeof billsOfLading.$inferSelect;
