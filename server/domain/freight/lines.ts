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

/** Where a line (`l`) pays freight: its container, or its loose-cargo booking. */
const partOf = sql.raw(`coalesce(l.container_key, case when l.plan_key like 'LB%' then l.plan_key end)`);

/**
 * The charges of the plans and loose bookings of the lines that `scope` (a condition on bulk_lines `l`) picks:
 * a plan's per container, in each currency, a booking's rate × CBM (at least its minimum).
 */
async function chargesOf(db: Db, scope: SQL): Promise<GroupCharge[]> {
  // One after another: the comparison reads them inside its transaction, on one connection.
  const plans = await db.execute(sql`select p.key, p.price_snapshot as "price", p.carrier, p.pol, p.pod, p.etd::text as etd
    from osb_plans p where p.key in (
      select c.plan_key from osb_containers c join bulk_lines l on l.container_key = c.key where ${scope})`);
  const bookings = await db.execute(sql`select b.key, b.forwarder, b.destination, b.cfs_cut_off::text as "cfsCutOff", b.cbm
    from loose_bookings b where b.status <> 'CANCELLED' and b.key in (
      select l.plan_key from bulk_lines l where l.plan_key like 'LB%' and l.container_key is null and ${scope})`);
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
 * A relation `(key, cny_cents, qty)`: each line of `scope` that pays freight, with its part in CNY cents (null when
 * a currency has no rate) and its pieces. Every line of a container or booking takes part in the split, also
 * those `scope` leaves out, so that a line's part is the one the container page shows.
 */
export async function lineFreightSql(db: Db, scope: SQL): Promise<SQL> {
  const charges = await chargesOf(db, scope);
  return sql`(
    with charges as (
      select * from jsonb_to_recordset(${JSON.stringify(charges)}::jsonb)
        as c("group" text, currency text, cents bigint, "toCny" float8)
    ),
    members as (
      select l.key, l.total_qty, l.updated_at, ${partOf} as part_of, coalesce(c.plan_key, l.plan_key) as charged_to,
        floor((case when c.freight_basis = 'gw' then l.total_gw else l.cbm end) * 1000 + 0.5)::bigint as weight
      from bulk_lines l left join osb_containers c on c.key = l.container_key
      where ${partOf} in (select ${partOf} from bulk_lines l where ${scope})
    ),
    units as (
      select m.*, case when sum(weight) over whole > 0 then weight else 1 end as unit,
        (case when sum(weight) over whole > 0 then sum(weight) over whole else count(*) over whole end)::bigint as whole
      from members m window whole as (partition by part_of)
    ),
    shares as (
      select u.key, u.updated_at, u.part_of, g.currency, g.cents, g."toCny",
        (abs(g.cents) * u.unit) / u.whole as base, (abs(g.cents) * u.unit) % u.whole as remainder
      from units u join charges g on g."group" = u.charged_to
    ),
    parts as (
      select s.key, s."toCny", sign(s.cents) * (s.base + case when row_number() over (
          partition by s.part_of, s.currency order by s.remainder desc, s.updated_at, s.key)
        <= abs(s.cents) - sum(s.base) over (partition by s.part_of, s.currency) then 1 else 0 end) as cents
      from shares s
    )
    select p.key, case when bool_and(p."toCny" is not null)
        then sum(floor((p.cents::float8 / 100) * p."toCny" * 100 + 0.5))::float8 end as cny_cents,
      min(m.total_qty) as qty
    from parts p join members m on m.key = p.key
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
  const relation = await lineFreightSql(db, inKeys);
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
