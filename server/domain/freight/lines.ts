/**
 * 运费 of many lines at once, for the reports and exports (出运对比表, 装箱明细导出, the home page): the charges are
 * worked out in JavaScript per plan and per loose-cargo booking (contract/freight), and the database splits them
 * over the lines by the same largest remainder as splitCents, with window functions, so that a million lines are
 * never read into memory. Its parts are the same to the cent as the container page's (lines.test.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import { byCurrency, containerCharges, perPiece, ratesFor } from '../../../contract/freight/codes';
import { looseChargeCents, looseRateFor } from '../../../contract/freight/loose';
import { toCents } from '../../../contract/freight/split';
import type { PriceSnapshot } from '../../../contract/plan/codes';
import type { Db } from '../../db/open';
import { rowsOf } from '../../db/rowShape';
import { settingValue } from '../setting';

/** One currency of what each container of a plan, or a loose-cargo booking, pays; `toCny` null without a rate. */
interface GroupCharge {
  group: string;
  currency: string;
  cents: number;
  toCny: number | null;
}

/**
 * The containers and loose-cargo bookings whose freight is split: each a SELECT of their keys. Named by place, not by
 * line, so that the lines are then read by their container_key and plan_key indexes.
 */
export interface FreightPlaces {
  containers: SQL;
  bookings: SQL;
}

/** The places of the lines that `scope` (a condition on bulk_lines `l`) picks. */
export const placesOfLines = (scope: SQL): FreightPlaces => ({
  containers: sql`select l.container_key from bulk_lines l where ${scope} and l.container_key is not null`,
  bookings: sql`select l.plan_key from bulk_lines l where ${scope} and l.container_key is null and l.plan_key like 'LB%'`,
});

/**
 * The charges of `places`: a plan's per container, in each currency, for each plan of the containers, and a
 * booking's rate × CBM (at least its minimum).
 */
async function chargesOf(db: Db, places: FreightPlaces): Promise<GroupCharge[]> {
  // One after another: the comparison reads them inside its transaction, on one connection.
  const plans = await db.execute(sql`select p.key, p.price_snapshot as "price", p.carrier, p.pol, p.pod, p.etd::text as etd
    from osb_plans p where p.key in (select c.plan_key from osb_containers c where c.key in (${places.containers}))`);
  const bookings = await db.execute(sql`select b.key, b.forwarder, b.destination, b.cfs_cut_off::text as "cfsCutOff", b.cbm
    from loose_bookings b where b.status <> 'CANCELLED' and b.key in (${places.bookings})`);
  const surcharges = await settingValue(db, 'surcharges');
  const rates = await settingValue(db, 'exchangeRates');
  const looseRates = await settingValue(db, 'looseRates');
  const priced = (group: string, month: string, totals: { currency: string; cents: number }[]) => {
    const { ratesUsed } = ratesFor(
      totals.map((total) => total.currency),
      month,
      rates,
    );
    const toCny = new Map(ratesUsed.map((rate) => [rate.currency, rate.toCny]));
    return totals.map(({ currency, cents }) => ({
      group,
      currency,
      cents,
      toCny: currency === 'CNY' ? 1 : (toCny.get(currency) ?? null),
    }));
  };
  type PlanRow = { key: string; price: PriceSnapshot; carrier: string; pol: string; pod: string; etd: string };
  const ofPlans = rowsOf<PlanRow>(plans).flatMap((plan) =>
    priced(
      plan.key,
      plan.etd.slice(0, 7),
      byCurrency(containerCharges(plan.price, plan, surcharges)).map((total) => ({
        currency: total.currency,
        cents: toCents(total.amount),
      })),
    ),
  );
  type BookingRow = { key: string; forwarder: string; destination: string; cfsCutOff: string; cbm: number };
  const ofBookings = rowsOf<BookingRow>(bookings).flatMap((booking) => {
    const rate = looseRateFor(looseRates, booking);
    if (!rate) return [];
    return priced(booking.key, booking.cfsCutOff.slice(0, 7), [
      { currency: rate.currency, cents: looseChargeCents(rate, booking.cbm) },
    ]);
  });
  return [...ofPlans, ...ofBookings];
}

/**
 * A relation `(key, cny_cents, qty)`: each line of `places` that pays freight, with its part in CNY cents (null when
 * a currency has no rate) and its pieces. Every line of a container or booking takes part in the split, so that a
 * line's part is the one the container page shows.
 */
export async function lineFreightSql(db: Db, places: FreightPlaces): Promise<SQL> {
  const charges = await chargesOf(db, places);
  return sql`(
    with charges as (
      select * from jsonb_to_recordset(${JSON.stringify(charges)}::jsonb)
        as c("group" text, currency text, cents bigint, "toCny" float8)
    ),
    members as (
      -- Two reads, each by its index (an OR of the two would read every line).
      select l.key, l.total_qty, l.updated_at, c.key as part_of, c.plan_key as charged_to,
        floor((case when c.freight_basis = 'gw' then l.total_gw else l.cbm end) * 1000 + 0.5)::bigint as weight
      from osb_containers c join bulk_lines l on l.container_key = c.key
      where c.key in (${places.containers})
      union all
      select l.key, l.total_qty, l.updated_at, l.plan_key, l.plan_key, floor(l.cbm * 1000 + 0.5)::bigint
      from bulk_lines l where l.plan_key in (${places.bookings}) and l.container_key is null
    ),
    units as (
      select m.*, case when sum(weight) over whole > 0 then weight else 1 end as unit,
        (case when sum(weight) over whole > 0 then sum(weight) over whole else count(*) over whole end)::bigint as whole
      from members m window whole as (partition by part_of)
    ),
    shares as (
      select u.key, u.total_qty, u.updated_at, u.part_of, g.currency, g.cents, g."toCny",
        (abs(g.cents) * u.unit) / u.whole as base, (abs(g.cents) * u.unit) % u.whole as remainder
      from units u join charges g on g."group" = u.charged_to
    ),
    parts as (
      select s.key, s.total_qty, s."toCny", sign(s.cents) * (s.base + case when row_number() over (
          partition by s.part_of, s.currency order by s.remainder desc, s.updated_at, s.key)
        <= abs(s.cents) - sum(s.base) over (partition by s.part_of, s.currency) then 1 else 0 end) as cents
      from shares s
    )
    select p.key, case when bool_and(p."toCny" is not null)
        then sum(floor((p.cents::float8 / 100) * p."toCny" * 100 + 0.5))::float8 end as cny_cents,
      min(p.total_qty) as qty
    from parts p
    group by p.key
  )`;
}

export interface LineFreight {
  /** CNY, or null when a currency has no rate. */
  cny: number | null;
  cnyPerPiece: number | null;
}

/** The freight of each of `keys` that pays one (a line in no container or booking has none). */
export async function lineFreights(db: Db, keys: readonly string[]): Promise<Map<string, LineFreight>> {
  if (keys.length === 0) return new Map();
  const inKeys = sql`l.key in (select jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb))`;
  const relation = await lineFreightSql(db, placesOfLines(inKeys));
  const rows = rowsOf<{ key: string; cny_cents: number | null; qty: number }>(
    await db.execute(sql`select key, cny_cents, qty from ${relation} f`),
  );
  return new Map(
    rows.map((row) => {
      const cny = row.cny_cents === null ? null : row.cny_cents / 100;
      return [row.key, { cny, cnyPerPiece: perPiece(cny, row.qty) }];
    }),
  );
}
