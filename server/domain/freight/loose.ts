/** 散货运费 of a loose-cargo booking, read whenever asked (contract/freight/loose.ts): the settings' rate, its lines. */
import { asc, eq } from 'drizzle-orm';
import type { ContainerFreight } from '../../../contract/freight/codes';
import { looseFreight } from '../../../contract/freight/loose';
import type { Db } from '../../db/open';
import { bulkLines } from '../../db/schema';
import { settingValue } from '../setting';

/** The freight of `booking` split over its lines in the order the reports split it, or null without a rate. */
export async function looseFreightOf(
  db: Db,
  booking: { key: string; forwarder: string; destination: string; cfsCutOff: string; cbm: number },
): Promise<ContainerFreight | null> {
  const [lines, looseRates, rates] = await Promise.all([
    db
      .select({
        key: bulkLines.key,
        poNo: bulkLines.poNo,
        cbm: bulkLines.cbm,
        totalGw: bulkLines.totalGw,
        totalQty: bulkLines.totalQty,
      })
      .from(bulkLines)
      .where(eq(bulkLines.planKey, booking.key))
      .orderBy(asc(bulkLines.updatedAt), asc(bulkLines.key)),
    settingValue(db, 'looseRates'),
    settingValue(db, 'exchangeRates'),
  ]);
  return looseFreight({ booking, looseRates, rates, lines });
}
