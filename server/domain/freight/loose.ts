/** 散货运费 of a loose-cargo booking, read whenever asked (contract/freight/loose.ts): the settings' rate, its lines. */
import { eq } from 'drizzle-orm';
import type { ContainerFreight } from '../../../contract/freight/codes';
import { looseFreight } from '../../../contract/freight/loose';
import type { Db } from '../../db/open';
import { bulkLines } from '../../db/schema';
import { settingValue } from '../setting';
import { freightLines } from './container';

/** The freight of `booking` split over its lines in the order the reports split it, or null without a rate. */
export async function looseFreightOf(
  db: Db,
  booking: { key: string; forwarder: string; destination: string; cfsCutOff: string; cbm: number },
): Promise<ContainerFreight | null> {
  const [lines, looseRates, rates] = await Promise.all([
    freightLines(db, eq(bulkLines.planKey, booking.key)),
    settingValue(db, 'looseRates'),
    settingValue(db, 'exchangeRates'),
  ]);
  return looseFreight({ booking, looseRates, rates, lines });
}
