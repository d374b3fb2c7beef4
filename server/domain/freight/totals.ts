/**
 * Whole freights for the list exports: a plan's per container (its locked price and its lane's surcharges, in CNY at
 * its sailing month's rate) times the containers a row stands for, and a loose booking's rate × CBM. The settings
 * are read once an export; each chunk of rows reads its plans in one query.
 */
import { sql } from 'drizzle-orm';
import {
  containerCharges,
  freightTotal,
  timesFreight,
  type FreightTotal,
  type WithFreight,
} from '../../../contract/freight/codes';
import { looseFreightTotal } from '../../../contract/freight/loose';
import type { Db } from '../../db/open';
import { rowsOf } from '../../db/rowShape';
import { settingValue } from '../setting';

/** What adds their freight to an export's rows, one chunk after another (exportRoute's `enrich`). */
export type Enrich<Item extends object> = (db: Db) => (items: Item[]) => Promise<WithFreight<Item>[]>;

/** A value read once, on first use. */
const once = <T>(read: () => Promise<T>) => {
  let value: Promise<T> | undefined;
  return () => (value ??= read());
};

type Lane = { amount: number; currency: string; carrier: string; pol: string; pod: string; etd: string };

/**
 * A plan's freight for `count` containers, memoised for the export: plans of one lane, month and price share one
 * answer (worked out once, not once a row: 100 000 plans took 25 MB more at peak).
 */
function freightOfPlans(db: Db) {
  const settings = once(async () => ({
    surcharges: await settingValue(db, 'surcharges'),
    rates: await settingValue(db, 'exchangeRates'),
  }));
  const known = new Map<string, FreightTotal>();
  return async () => {
    const { surcharges, rates } = await settings();
    return (lane: Lane, count: number) => {
      const month = lane.etd.slice(0, 7);
      const key = [lane.carrier, lane.pol, lane.pod, month, lane.currency, lane.amount, count].join('|');
      let total = known.get(key);
      if (!total) {
        const price = { amount: lane.amount, currency: lane.currency };
        total = timesFreight(freightTotal(containerCharges(price, lane, surcharges), month, rates), count);
        known.set(key, total);
      }
      return total;
    };
  };
}

type PlanRow = { key: string; amount: number; currency: string; carrier: string; pol: string; pod: string; etd: string };

/** Rows that stand for `count(item)` containers of plan `planKeyOf(item)`. */
export function withPlanFreight<Item extends object>(
  planKeyOf: (item: Item) => string,
  count: (item: Item) => number,
): Enrich<Item> {
  return (db) => {
    const freightOf = freightOfPlans(db);
    return async (items) => {
      const keys = [...new Set(items.map(planKeyOf))];
      const of = await freightOf();
      const plans = rowsOf<PlanRow>(
        await db.execute(sql`select key, (price_snapshot ->> 'amount')::float8 as amount,
            price_snapshot ->> 'currency' as currency, carrier, pol, pod, etd::text as etd
          from osb_plans where key in (select jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb))`),
      );
      const lanes = new Map(plans.map((plan) => [plan.key, plan]));
      return items.map((item) => {
        const lane = lanes.get(planKeyOf(item));
        return Object.assign(item, { freight: lane && of(lane, count(item)) });
      });
    };
  };
}

type Priced = {
  priceSnapshot: { amount: number; currency: string };
  carrier: string;
  pol: string;
  pod: string;
  etd: string;
  quantity: number;
};

/** Plans, which carry their price and lane: each its containers' freight, without reading the plans again. */
export function withOwnFreight<Item extends Priced>(db: Db): (items: Item[]) => Promise<WithFreight<Item>[]> {
  const freightOf = freightOfPlans(db);
  return async (items) => {
    const of = await freightOf();
    return items.map((plan) => {
      const { amount, currency } = plan.priceSnapshot;
      const lane = { amount, currency, carrier: plan.carrier, pol: plan.pol, pod: plan.pod, etd: plan.etd };
      return Object.assign(plan, { freight: of(lane, plan.quantity) });
    });
  };
}

type Booking = { forwarder: string; destination: string; cfsCutOff: string; cbm: number; status: string };

/** Loose-cargo bookings: each its rate × CBM (none once cancelled). */
export function withLooseFreight<Item extends Booking>(db: Db): (items: Item[]) => Promise<WithFreight<Item>[]> {
  const settings = once(async () => ({
    looseRates: await settingValue(db, 'looseRates'),
    rates: await settingValue(db, 'exchangeRates'),
  }));
  return async (items) => {
    const { looseRates, rates } = await settings();
    return items.map((item) =>
      Object.assign(item, { freight: item.status === 'CANCELLED' ? null : looseFreightTotal(item, looseRates, rates) }),
    );
  };
}
