/**
 * 本月运费 for the customer's home: their company's lines in the containers of plans sailing this month (China time) and in the
 * loose bookings whose CFS cut-off is this month, each with its part of the freight, summed per PO.
 *
 * Splitting every container of the month on every load of the home costs tens of milliseconds for a customer with
 * hundreds of them; the answer is kept per company and month while the database's snapshot is the one it was
 * worked out under (`pg_current_snapshot()`: it changes when any writing transaction begins or ends, in any
 * process). A write anywhere works it out again; reads alone keep it.
 */
import { sql } from 'drizzle-orm';
import { chinaDateTime } from '../../../contract/shared/chinaTime';
import { monthFreightOf } from '../../../contract/home/codes';
import type { MonthFreight } from '../../../contract/home/schema';
import type { Db } from '../../db/open';
import { rowsOf } from '../../db/rowShape';
import { looseBookings, osbContainers, osbPlans } from '../../db/schema';
import { lineFreightSql } from './lines';
import type { SessionUser } from '../../auth/sessionUser';
import { ownRowsOf, scopeName } from '../ownership';

/** Answers kept, the oldest dropped first. */
const KEPT = 500;
const kept = new Map<string, { snapshot: string; freight: MonthFreight }>();

async function workedOut(db: Db, caller: SessionUser, month: string): Promise<MonthFreight> {
  const [from, to] = [`${month}-01`, sql`(${`${month}-01`}::date + interval '1 month')::date`];
  // The places sailing this month, from the plans and bookings; none (most days of most customers): no split at all.
  const [places] = rowsOf<{ containers: string[]; bookings: string[] }>(
    await db.execute(sql`select
      array(select c.key from ${osbContainers} c join ${osbPlans} p on p.key = c.plan_key
        where ${ownRowsOf('c', caller)} and p.etd >= ${from}::date and p.etd < ${to}) as containers,
      array(select b.key from ${looseBookings} b where ${ownRowsOf('b', caller)} and b.status <> 'CANCELLED'
        and b.cfs_cut_off >= ${from}::date and b.cfs_cut_off < ${to}) as bookings`),
  );
  if (places.containers.length + places.bookings.length === 0) return monthFreightOf(month, []);
  const keys = (list: string[]) => sql`select jsonb_array_elements_text(${JSON.stringify(list)}::jsonb)`;
  const freight = await lineFreightSql(db, { containers: keys(places.containers), bookings: keys(places.bookings) });
  const pos = rowsOf<{ poNo: string; cnyCents: number | null; pieces: number }>(
    await db.execute(sql`select l.po_no as "poNo", sum(l.total_qty)::int as pieces,
        case when bool_and(f.cny_cents is not null) then sum(f.cny_cents) end::float8 as "cnyCents"
      from ${freight} f join bulk_lines l on l.key = f.key where ${ownRowsOf('l', caller)} group by l.po_no`),
  );
  return monthFreightOf(month, pos);
}

export async function monthFreight(db: Db, caller: SessionUser, at: number): Promise<MonthFreight> {
  const month = chinaDateTime(at).slice(0, 7);
  const key = `${scopeName(caller)}:${month}`;
  // Read before the work: a write that ends meanwhile changes it, so what was worked out is never kept past it.
  const [{ snapshot }] = rowsOf<{ snapshot: string }>(await db.execute(sql`select pg_current_snapshot()::text as snapshot`));
  const known = kept.get(key);
  if (known?.snapshot === snapshot) return known.freight;
  const freight = await workedOut(db, caller, month);
  kept.delete(key);
  kept.set(key, { snapshot, freight });
  if (kept.size > KEPT) kept.delete(kept.keys().next().value as string);
  return freight;
}
