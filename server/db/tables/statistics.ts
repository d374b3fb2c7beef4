/**
 * The home page's counters (server/domain/home.ts), kept by triggers on the tables they count, so that a
 * figure reads a few rows instead of summing a million lines per page view.
 */
import { bigint, date, numeric, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';

/**
 * Lines, cartons and m³ per owner and ex-factory week (its Monday), kept by statement-level triggers on bulk_lines
 * (migration 0015_home_statistics): the home page's weekly chart without summing a million lines per view.
 */
export const bulkLineWeeks = pgTable(
  'bulk_line_weeks',
  {
    owner: uuid('owner').notNull(),
    week: date('week', { mode: 'string' }).notNull(),
    lines: bigint('lines', { mode: 'number' }).notNull(),
    cartons: bigint('cartons', { mode: 'number' }).notNull(),
    // Exact sums of 3-decimal figures: float deltas would drift as lines come and go.
    cbm: numeric('cbm', { precision: 16, scale: 3 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.owner, t.week] })],
);

/**
 * Lines waiting for inspection per customer and PO (a lot of the inspector's queue), kept by triggers on bulk_lines
 * (migration 0019_lot_and_inspection_counts); a lot's row goes when its last line leaves 待验针.
 */
export const bulkLinePendingLots = pgTable(
  'bulk_line_pending_lots',
  {
    owner: uuid('owner').notNull(),
    poNo: text('po_no').notNull(),
    lines: bigint('lines', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.owner, t.poNo] })],
);

/**
 * Inspections and passes per day (China's date) and factory (the lot's first line's), kept by triggers on
 * inspections (migration 0019_lot_and_inspection_counts): today's figures and 30 days of pass rates at a glance.
 */
export const inspectionDayCounts = pgTable(
  'inspection_day_counts',
  {
    day: date('day', { mode: 'string' }).notNull(),
    factoryCode: text('factory_code').notNull(),
    inspected: bigint('inspected', { mode: 'number' }).notNull(),
    passed: bigint('passed', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.factoryCode] })],
);
