/**
 * Whole freights for the list exports: a plan's per container (its locked price and its lane's surcharges, in CNY at
 * its sailing month's rate) times the containers a row stands for, and a loose booking's rate × CBM.
 */
import { inArray } from 'drizzle-orm';
import { containerCharges, freightTotal, timesFreight, type WithFreight } from '../../../contract/freight/codes';
import { looseFreightTotal } from '../../../contract/freight/loose';
import type { Db } from '../../db/open';
import { osbPlans } from '../../db/schema';
import { settingValue } from '../setting';

/** An export's rows with their freight added (exportRoute's `enrich`). */
export type Enrich<Item> = (db: Db, items: Item[]) => Promise<WithFreight<Item>[]>;

/** Rows that stand for `count(item)` containers of plan `planKeyOf(item)`. */
export function withPlanFreight<Item>(planKeyOf: (item: Item) => string, count: (item: Item) => number): Enrich<Item> {
  return async (db, items) => {
    const keys = [...new Set(items.map(planKeyOf))];
    if (keys.length === 0) return [];
    const [plans, surcharges, rates] = await Promise.all([
      db
        .select({
          key: osbPlans.key,
          price: osbPlans.priceSnapshot,
          carrier: osbPlans.carrier,
          pol: osbPlans.pol,
          pod: osbPlans.pod,
          etd: osbPlans.etd,
        })
        .from(osbPlans)
        .where(inArray(osbPlans.key, keys)),
      settingValue(db, 'surcharges'),
      settingValue(db, 'exchangeRates'),
    ]);
    const perContainer = new Map(
      plans.map((plan) => [plan.key, freightTotal(containerCharges(plan.price, plan, surcharges), plan.etd.slice(0, 7), rates)]),
    );
    return items.map((item) => {
      const total = perContainer.get(planKeyOf(item));
      return { ...item, freight: total && timesFreight(total, count(item)) };
    });
  };
}

type Booking = { forwarder: string; destination: string; cfsCutOff: string; cbm: number; status: string };

/** Loose-cargo bookings: each its rate × CBM (none once cancelled). */
export async function withLooseFreight<Item extends Booking>(db: Db, items: Item[]): Promise<WithFreight<Item>[]> {
  const [looseRates, rates] = await Promise.all([settingValue(db, 'looseRates'), settingValue(db, 'exchangeRates')]);
  return items.map((item) => ({
    ...item,
    freight: item.status === 'CANCELLED' ? null : looseFreightTotal(item, looseRates, rates),
  }));
}
