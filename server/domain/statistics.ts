/**
 * GET /v1/user/statistics/shipment: counts by status, per entity, of the caller's own rows (all rows for a
 * clerk). Each business table adds one provider here as it arrives (packing lines, plans, bills of lading…).
 */
import { count, eq, sql } from 'drizzle-orm';
import { bulkStatuses } from '../../contract/bulkCodes';
import type { ShipmentStatistics } from '../../contract/user';
import type { SessionUser } from '../auth/sessions';
import type { Db } from '../db/open';
import { bulkLineCounts, notices, users } from '../db/schema';
import { readsAllLines } from './bulkLines';

type StatisticsProvider = (db: Db, caller: SessionUser) => Promise<[entity: string, counts: Record<string, number>] | null>;

const toCounts = (rows: { status: string; n: number }[]) => Object.fromEntries(rows.map((row) => [row.status, row.n]));

const providers: StatisticsProvider[] = [
  /** The caller's notices, read and unread. */
  async (db, caller) => {
    const rows = await db
      .select({ status: sql<string>`case when ${notices.read} then 'read' else 'unread' end`, n: count() })
      .from(notices)
      .where(eq(notices.userId, caller.id))
      .groupBy(sql`1`);
    return ['notice', { read: 0, unread: 0, ...toCounts(rows) }];
  },
  /** Accounts by status, for the clerk (who sees pending registrations). */
  async (db, caller) => {
    if (!caller.roles.includes('documentClerk')) return null;
    const rows = await db.select({ status: users.status, n: count() }).from(users).groupBy(users.status);
    return ['user', { pending: 0, active: 0, disabled: 0, ...toCounts(rows) }];
  },
  /** Packing lines by status: the caller's own, or everyone's for the clerk and the inspector (from the counters). */
  async (db, caller) => {
    const rows = await db
      .select({ status: bulkLineCounts.status, n: sql<number>`sum(${bulkLineCounts.n})`.mapWith(Number) })
      .from(bulkLineCounts)
      .where(readsAllLines(caller) ? undefined : eq(bulkLineCounts.owner, caller.id))
      .groupBy(bulkLineCounts.status);
    return ['packing', { ...Object.fromEntries(bulkStatuses.map((status) => [status, 0])), ...toCounts(rows) }];
  },
];

export async function shipmentStatistics(db: Db, caller: SessionUser): Promise<ShipmentStatistics> {
  const statistics: ShipmentStatistics = {};
  for (const provider of providers) {
    const entry = await provider(db, caller);
    if (entry) statistics[entry[0]] = entry[1];
  }
  return statistics;
}
