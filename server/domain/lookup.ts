/** Read-only lookups (contract/lookup/schema.ts): factories, size groups and GBS orders. */
import { asc, eq, sql } from 'drizzle-orm';
import { bulkLimits } from '../../contract/packing/codes';
import type { Factory, GbsOrder, SizeGroup } from '../../contract/lookup/schema';
import type { Db } from '../db/open';
import { factories, gbsOrders, sizeGroups } from '../db/schema';
import { notFound } from './refusals';
import { likePrefix } from './sqlText';

export async function listFactories(db: Db): Promise<Factory[]> {
  return db.select().from(factories).orderBy(asc(factories.code));
}

export async function listSizeGroups(db: Db): Promise<SizeGroup[]> {
  return db.select().from(sizeGroups).orderBy(asc(sizeGroups.code));
}

/** Orders whose odg item number starts with `text` (case-insensitive), by odg item number then PO. */
export async function findGbsOrders(db: Db, text: string): Promise<GbsOrder[]> {
  return db
    .select()
    .from(gbsOrders)
    .where(sql`lower(${gbsOrders.odgItemNo}) like ${likePrefix(text.toLowerCase())}`)
    .orderBy(sql`lower(${gbsOrders.odgItemNo})`, asc(gbsOrders.poNo), asc(gbsOrders.id))
    .limit(bulkLimits.gbsMaxResults);
}

export async function getGbsOrder(db: Db, id: string): Promise<GbsOrder> {
  const [order] = await db.select().from(gbsOrders).where(eq(gbsOrders.id, id));
  if (!order) throw notFound('订单不存在');
  return order;
}
