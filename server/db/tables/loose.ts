/** 散货订舱 with its 订舱交接: one row per loose-cargo booking; its lines point at it by plan_key. */
import { doublePrecision, index, integer, jsonb, pgSequence, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { HandoverChecklist, LooseStatus } from '../../../contract/loose/codes';
import { users } from './accounts';
import { day, keyed } from './columns';
import { ownedVersioned } from './owned';

export const looseKeySeq = pgSequence('loose_key_seq', { startWith: 1, maxValue: 99_999_999 });

/** The booking's terms and its booked totals (its lines are frozen once booked), then the handover's record. */
export const looseBookings = pgTable(
  'loose_bookings',
  {
    key: keyed('LB', 'loose_key_seq'),
    destination: text('destination').notNull(),
    forwarder: text('forwarder').notNull(),
    cfsCutOff: day('cfs_cut_off').notNull(),
    warehouseEntryNo: text('warehouse_entry_no').notNull().default(''),
    remark: text('remark').notNull().default(''),
    lineCount: integer('line_count').notNull(),
    cartonCount: integer('carton_count').notNull(),
    totalQty: integer('total_qty').notNull(),
    totalGw: doublePrecision('total_gw').notNull(),
    cbm: doublePrecision('cbm').notNull(),
    status: text('status').notNull().$type<LooseStatus>(),
    documents: jsonb('documents').notNull().$type<HandoverChecklist>(),
    cartonsHandedOver: integer('cartons_handed_over'),
    /** Of them, the cartons scanned in by their SSCC (carton_scans); the rest were typed, with a note. */
    cartonsScanned: integer('cartons_scanned').notNull().default(0),
    differenceNote: text('difference_note').notNull().default(''),
    handedBy: text('handed_by').notNull().default(''),
    handedAt: timestamp('handed_at', { withTimezone: true }),
    needleCheckedBy: uuid('needle_checked_by').references(() => users.id),
    needleCheckedAt: timestamp('needle_checked_at', { withTimezone: true }),
    ...ownedVersioned(),
  },
  (t) => [
    index('loose_bookings_company_created_idx').on(t.ownerCompany, t.createdAt.desc().nullsFirst(), t.key),
    index('loose_bookings_created_idx').on(t.createdAt.desc().nullsFirst(), t.key),
    index('loose_bookings_status_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.key),
  ],
);

export type LooseBookingRow = typeof looseBookings.$inferSelect;
