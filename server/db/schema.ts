/**
 * The one database schema, for PGlite and PostgreSQL alike (DESIGN.md §1), one file per resource under
 * tables/. Migrations are generated from it with drizzle-kit (`npx drizzle-kit generate`); never edit a
 * generated migration by hand.
 */
import { sql } from 'drizzle-orm';
import { auditLog, notices, rowCounts, scheduledJobs, settings } from './tables/system';
import { companies, companyInvitations, oneTimeTokens, rateLimits, sessions, signIns, smsCodes, users } from './tables/accounts';
import { factories, gbsOrders, sizeGroups } from './tables/lookups';
import { bulkLineCounts, bulkLines, cartonLabels, cartonScanLines, cartonScans } from './tables/bulk';
import { detectorCalibrations, inspections } from './tables/inspection';
import { bulkLinePendingLots, bulkLineWeeks, inspectionDayCounts } from './tables/statistics';
import { osbChanges, osbContainers, osbOrders, osbPlans, osbPrices } from './tables/booking';
import { billsOfLading } from './tables/bol';
import { declarationFiles, declarations } from './tables/declaration';
import { looseBookings } from './tables/loose';
import { storedFileChunks, storedFiles } from './tables/files';
import { mailUnsubscribes, todoMails } from './tables/mail';
import { tntEvents } from './tables/tnt';

export * from './tables/accounts';
export * from './tables/system';
export * from './tables/lookups';
export * from './tables/bulk';
export * from './tables/inspection';
export * from './tables/statistics';
export * from './tables/booking';
export * from './tables/bol';
export * from './tables/declaration';
export * from './tables/loose';
export * from './tables/files';
export * from './tables/mail';
export * from './tables/tnt';
export * from './tables/webhook';

export const schema = {
  companies,
  users,
  sessions,
  oneTimeTokens,
  companyInvitations,
  signIns,
  smsCodes,
  rateLimits,
  settings,
  notices,
  auditLog,
  scheduledJobs,
  factories,
  sizeGroups,
  gbsOrders,
  bulkLines,
  bulkLineCounts,
  bulkLineWeeks,
  bulkLinePendingLots,
  cartonLabels,
  cartonScans,
  cartonScanLines,
  rowCounts,
  inspections,
  detectorCalibrations,
  inspectionDayCounts,
  osbPrices,
  osbPlans,
  osbChanges,
  osbOrders,
  osbContainers,
  billsOfLading,
  declarations,
  declarationFiles,
  looseBookings,
  storedFiles,
  storedFileChunks,
  todoMails,
  mailUnsubscribes,
  tntEvents,
};
export type UserRow = typeof users.$inferSelect;
export type NoticeRow = typeof notices.$inferSelect;
export type SettingRow = typeof settings.$inferSelect;
export type BulkLineRow = typeof bulkLines.$inferSelect;
export type InspectionRow = typeof inspections.$inferSelect;

/** `now()` as the database sees it, so that every process agrees on expiry. */
export const dbNow = sql`now()`;
