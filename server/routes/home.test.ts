/**
 * GET /v1/user/statistics/shipment, the home page's one call: on the demo data (plans in every state, a B/L
 * waiting, inspections, a declaration), each role's figures equal what the test counts from the rows itself.
 */
import { eq, sql } from 'drizzle-orm';
import { declarationDocuments } from '../../contract/declaration/codes';
import type { ShipmentStatistics } from '../../contract/home/schema';
import { homeLimits } from '../../contract/home/codes';
import { chinaToday } from '../../contract/plan/codes';
import { detectorCalibrations, inspections, osbOrders } from '../db/schema';
import { createLine, lineInput, setStatus } from '../testing/bulk';
import { createDemoApp, type DemoName } from '../testing/demo';
import type { TestApp } from '../testing/harness';

let t: TestApp;
let token: Record<DemoName, string>;
let id: Record<DemoName, string>;
const HOUR = 3_600_000;

// Both drivers answer `{ rows }`; the shared Db type leaves the result unknown.
const rowsOf = async (query: ReturnType<typeof sql>) =>
  ((await t.app.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
/** The first column of the first row of a query, as a number. */
const one = async (query: ReturnType<typeof sql>) => Number(Object.values((await rowsOf(query))[0])[0]);
const statisticsOf = async (name: DemoName): Promise<ShipmentStatistics> => {
  const response = await t.call('GET', '/v1/user/statistics/shipment', { token: token[name] });
  if (response.statusCode !== 200) throw new Error(response.body);
  return response.json();
};

beforeAll(async () => {
  ({ t, token, id } = await createDemoApp());
  // The other customer's goods this week and a line of the demo customer far beyond the chart's window.
  const today = new Date().toISOString().slice(0, 10);
  await createLine(t, token.user2, { poNo: 'PO-OTHER', exFactoryDate: today });
  await createLine(t, token.user, { poNo: 'PO-LATER', exFactoryDate: '2099-06-01' });
  // One failed inspection of the customer inside the window and one outside it.
  const [recent] = await t.app.db.select().from(inspections).limit(1);
  const copy = ({ key: _key, ...row }: typeof recent, at: Date) => ({
    ...row,
    owner: id.user,
    result: 'fail' as const,
    inspectedAt: at,
  });
  await t.app.db
    .insert(inspections)
    .values([copy(recent, new Date(Date.now() - HOUR)), copy(recent, new Date(Date.now() - 40 * 24 * HOUR))]);
  // Detectors: D-DUE last calibrated two hours ago, D-OK ten minutes ago.
  await t.app.db.insert(detectorCalibrations).values([
    { detectorId: 'D-DUE', sensitivityFeMm: 1.0, calibratedAt: new Date(Date.now() - 2 * HOUR), calibratedBy: id.inspector },
    { detectorId: 'D-OK', sensitivityFeMm: 1.0, calibratedAt: new Date(Date.now() - 10 * 60_000), calibratedBy: id.inspector },
  ]);
  // A booked order's SI cut-off in 10 hours, another's CY cut-off in 60 hours (outside the 48).
  const booked = await t.app.db
    .select()
    .from(osbOrders)
    .where(sql`status in ('BOOKED', 'RELEASED')`)
    .limit(2);
  expect(booked).toHaveLength(2);
  await t.app.db
    .update(osbOrders)
    .set({ siCutoff: new Date(Date.now() + 10 * HOUR) })
    .where(eq(osbOrders.key, booked[0].key));
  await t.app.db
    .update(osbOrders)
    .set({ siCutoff: null, cyCutoff: new Date(Date.now() + 60 * HOUR), vgmCutoff: null })
    .where(eq(osbOrders.key, booked[1].key));
}, 60_000);

afterAll(() => t.close());

describe('the customer’s home', () => {
  it('counts their own lines, weeks, plans, B/Ls, failed inspections and open containers, and nothing else', async () => {
    const mine = await statisticsOf('user');
    expect(mine.clerk).toBeUndefined();
    expect(mine.inspector).toBeUndefined();
    expect(mine.user).toBeUndefined();
    for (const [status, n] of Object.entries(mine.packing)) {
      expect(n).toBe(await one(sql`select count(*) from bulk_lines where owner = ${id.user} and status = ${status}`));
    }
    const weeks = (
      await rowsOf(sql`
        select to_char(date_trunc('week', ex_factory_date), 'YYYY-MM-DD') as week, count(*)::int as lines,
          sum(carton_count)::int as cartons, round(sum(cbm)::numeric, 3)::float8 as cbm
        from bulk_lines where owner = ${id.user}
          and ex_factory_date < date_trunc('week', now()) + make_interval(weeks => ${homeLimits.weeksAhead + 1})
        group by 1 order by 1 desc limit ${homeLimits.weeks}`)
    ).reverse();
    expect(weeks.length).toBeGreaterThan(0);
    expect(mine.customer?.weeks).toEqual(weeks);
    expect(mine.customer?.weeks.some((week) => week.week.startsWith('2099'))).toBe(false);

    const plans = await rowsOf(sql`select status, count(*)::int as n from osb_plans where owner = ${id.user} group by 1`);
    expect(mine.customer?.plans).toEqual(Object.fromEntries(plans.map((row) => [row.status, row.n])));
    expect(mine.customer?.bolsToConfirm).toBe(
      await one(sql`select count(*) from bills_of_lading where owner = ${id.user} and status = 'PENDING_APPROVAL'`),
    );
    expect(mine.customer?.bolsToConfirm).toBeGreaterThan(0);
    expect(mine.customer?.failedInspections).toBe(
      await one(
        sql`select count(*) from inspections where owner = ${id.user} and result = 'fail' and inspected_at >= now() - interval '30 days'`,
      ),
    );
    const open = await one(sql`
      select count(*) from osb_containers c join osb_plans p on p.key = c.plan_key
      where c.owner = ${id.user} and p.status in ('CONFIRMED', 'LOADING')`);
    expect(mine.customer?.loadingContainers).toHaveLength(Math.min(open, homeLimits.containers));
    for (const box of mine.customer?.loadingContainers ?? []) {
      expect(box.cbmUsed).toBeCloseTo(
        await one(sql`select coalesce(sum(cbm), 0) from bulk_lines where container_key = ${box.key}`),
        3,
      );
    }
  });

  it('sums this month’s freight per PO as each container’s page splits it, the other customer’s apart', async () => {
    const month = chinaToday().slice(0, 7);
    // Every box of the customer holding lines sails this month.
    await t.app.db.execute(sql`update osb_plans set etd = ${`${month}-15`}::date where key in (
      select c.plan_key from osb_containers c where c.owner = ${id.user}
        and exists (select 1 from bulk_lines l where l.container_key = c.key))`);
    const boxes = await rowsOf(sql`select distinct c.key from osb_containers c join bulk_lines l on l.container_key = c.key
      where c.owner = ${id.user}`);
    expect(boxes.length).toBeGreaterThan(0);
    const expected = new Map<string, { cents: number; pieces: number }>();
    for (const { key } of boxes) {
      const freight = (await t.call('GET', `/v1/osbContainer/${key}/freight`, { token: token.user })).json();
      for (const share of freight.lines) {
        const po = expected.get(share.poNo) ?? { cents: 0, pieces: 0 };
        expected.set(share.poNo, { cents: po.cents + Math.round(share.cny * 100), pieces: po.pieces + share.pieces });
      }
    }
    const mine = (await statisticsOf('user')).customer!.monthFreight;
    const cents = [...expected.values()].reduce((sum, po) => sum + po.cents, 0);
    const pieces = [...expected.values()].reduce((sum, po) => sum + po.pieces, 0);
    expect(mine.month).toBe(month);
    expect(mine.total).toEqual({ cny: cents / 100, pieces, cnyPerPiece: Math.round(cents / pieces) / 100 });
    expect(mine.poCount).toBe(expected.size);
    for (const po of mine.pos) {
      const { cents: poCents, pieces: poPieces } = expected.get(po.poNo)!;
      expect(po).toEqual({
        poNo: po.poNo,
        cny: poCents / 100,
        pieces: poPieces,
        cnyPerPiece: Math.round(poCents / poPieces) / 100,
      });
    }
    expect(mine.pos.map((po) => po.cny)).toEqual(mine.pos.map((po) => po.cny).sort((a, b) => b! - a!));
    expect((await statisticsOf('user2')).customer!.monthFreight.pos.some((po) => expected.has(po.poNo))).toBe(false);

    // Kept while nothing is written (the same answer), worked out again after any write: a box moved to next month.
    expect((await statisticsOf('user')).customer!.monthFreight).toEqual(mine);
    await t.app.db.execute(sql`update osb_plans set etd = etd + interval '1 month' where key = (
      select c.plan_key from osb_containers c where c.key = ${boxes[0].key})`);
    const after = (await statisticsOf('user')).customer!.monthFreight;
    expect(after.total.cny).toBeLessThan(mine.total.cny!);
  });

  it('shows the shipped sailings on their way, their planned arrival and the carrier’s estimate (在途)', async () => {
    const shipped = await rowsOf(sql`select p.key, o.carrier_booking_no as "bookingNo", p.pod from osb_plans p
      join osb_orders o on o.plan_key = p.key where p.owner = ${id.user} and p.status = 'SHIPPED'`);
    expect(shipped.length).toBeGreaterThan(0);
    const before = (await statisticsOf('user')).customer?.inTransit ?? [];
    expect(before.map((row) => row.planKey)).toEqual(shipped.map((row) => row.key));
    const [sailing] = before;
    expect(sailing).toMatchObject({ expectedArrival: null, containerNos: [expect.stringMatching(/^SDMU\d{7}$/)] });
    const planned = Date.parse(sailing.plannedArrival ?? '');
    const estimate = new Date(planned + 30 * HOUR).toISOString();
    const pushed = await t.call('POST', '/v1/tnt/events', {
      token: token.clerk,
      body: {
        eventID: crypto.randomUUID(),
        eventCreatedDateTime: new Date().toISOString(),
        eventType: 'TRANSPORT',
        eventClassifierCode: 'EST',
        eventDateTime: estimate,
        transportEventTypeCode: 'ARRI',
        transportCall: { transportCallID: 'X', modeOfTransport: 'VESSEL', UNLocationCode: shipped[0].pod },
        documentReferences: [{ documentReferenceType: 'BKG (Booking)', documentReferenceValue: shipped[0].bookingNo }],
      },
    });
    expect(pushed.statusCode).toBe(200);
    const [after] = (await statisticsOf('user')).customer?.inTransit ?? [];
    expect(after.expectedArrival).toBe(estimate);
    expect((await statisticsOf('user2')).customer?.inTransit).toEqual([]);
  });

  it('another customer sees only their own figures', async () => {
    const theirs = await statisticsOf('user2');
    expect(theirs.customer?.plans).toEqual({});
    expect(theirs.customer?.bolsToConfirm).toBe(0);
    expect(theirs.customer?.loadingContainers).toEqual([]);
    const lines = await one(sql`select count(*) from bulk_lines where owner = ${id.user2}`);
    expect(Object.values(theirs.packing).reduce((a, b) => a + b, 0)).toBe(lines);
    expect(theirs.customer?.weeks.reduce((a, week) => a + week.lines, 0)).toBeLessThanOrEqual(lines);
  });

  it('the weekly counters follow edits, moves and deletes of lines', async () => {
    const line = await createLine(t, token.user2, { poNo: 'PO-MOVE', exFactoryDate: new Date().toISOString().slice(0, 10) });
    const before = (await statisticsOf('user2')).customer?.weeks ?? [];
    const later = new Date(Date.now() + 14 * 24 * HOUR).toISOString().slice(0, 10);
    const moved = await t.call('PUT', `/v1/packing/multi/bulkdata/${line.key}`, {
      token: token.user2,
      body: { ...lineInput({ poNo: 'PO-MOVE', exFactoryDate: later, cartonTo: 20 }), version: line.version },
    });
    expect(moved.json()).toMatchObject({ exFactoryDate: later });
    const after = (await statisticsOf('user2')).customer?.weeks ?? [];
    expect(after.reduce((a, week) => a + week.cartons, 0)).toBe(before.reduce((a, week) => a + week.cartons, 0) + 10);
    const removed = await t.call('DELETE', `/v1/packing/multi/bulkdata/${line.key}`, {
      token: token.user2,
      body: { version: moved.json().version },
    });
    expect(removed.statusCode).toBe(200);
    const gone = (await statisticsOf('user2')).customer?.weeks ?? [];
    expect(gone.reduce((a, week) => a + week.lines, 0)).toBe(before.reduce((a, week) => a + week.lines, 0) - 1);
  });
});

describe('the clerk’s home', () => {
  it('counts orders to book, changes to decide, cut-offs within 48 h, B/Ls to issue and handovers missing documents', async () => {
    const clerk = await statisticsOf('clerk');
    expect(clerk.customer).toBeUndefined();
    expect(clerk.inspector).toBeUndefined();
    expect(clerk.user?.active).toBeGreaterThanOrEqual(4);
    expect(clerk.clerk?.ordersToBook).toBe(await one(sql`select count(*) from osb_orders where status = 'PENDING'`));
    expect(clerk.clerk?.changesToDecide).toBe(await one(sql`select count(*) from osb_changes where status = 'PENDING'`));
    expect(clerk.clerk?.bolsToIssue).toBe(await one(sql`select count(*) from bills_of_lading where status = 'APPROVED'`));
    const complete = sql.join(
      declarationDocuments.map((document) => sql`coalesce((documents ->> ${document})::boolean, false)`),
      sql` and `,
    );
    const missing = await one(sql`select count(*) from customs_declarations where status = 'PENDING' and not (${complete})`);
    expect(missing).toBeGreaterThan(0);
    expect(clerk.clerk?.handoversMissingDocuments).toBe(missing);
    const within = await one(sql`
      select count(*) from osb_orders where status in ('BOOKED', 'RELEASED') and (
        si_cutoff between now() and now() + interval '48 hours' or cy_cutoff between now() and now() + interval '48 hours'
        or vgm_cutoff between now() and now() + interval '48 hours')`);
    expect(within).toBeGreaterThan(0);
    expect(clerk.clerk?.cutOffCount).toBe(within);
    expect(clerk.clerk?.cutOffs.every((cutOff) => Date.parse(cutOff.at) < Date.now() + 48 * HOUR)).toBe(true);
    expect(clerk.clerk?.cutOffs[0]).toMatchObject({ kind: 'si' });
    // The clerk's packing figures are everyone's.
    const all = await one(sql`select count(*) from bulk_lines`);
    expect(Object.values(clerk.packing).reduce((a, b) => a + b, 0)).toBe(all);
  });
});

describe('the inspector’s home', () => {
  it('counts lots waiting, today’s inspections, pass rates by factory and detectors due', async () => {
    const inspector = await statisticsOf('inspector');
    expect(inspector.customer).toBeUndefined();
    expect(inspector.clerk).toBeUndefined();
    expect(inspector.inspector?.lotsWaiting).toEqual({
      n: await one(
        sql`select count(*) from (select distinct po_no, owner from bulk_lines where status = 'pendingInspection') lots`,
      ),
      capped: false,
    });
    // Today began at midnight in China (UTC+8).
    const CHINA = 8 * HOUR;
    const since = new Date(Math.floor((Date.now() + CHINA) / (24 * HOUR)) * 24 * HOUR - CHINA).toISOString();
    expect(inspector.inspector?.inspectedToday).toBe(
      await one(sql`select count(*) from inspections where inspected_at >= ${since}`),
    );
    expect(inspector.inspector?.passedToday).toBe(
      await one(sql`select count(*) from inspections where inspected_at >= ${since} and result = 'pass'`),
    );
    const rates = await rowsOf(sql`
        select b.factory_code as "factoryCode", count(*)::int as inspected, (count(*) filter (where i.result = 'pass'))::int as passed
        from inspections i join bulk_lines b on b.key = i.line_keys[1]
        where ((i.inspected_at at time zone 'UTC') + interval '8 hours')::date > (now() at time zone 'UTC' + interval '8 hours')::date - 30
        group by 1 order by 2 desc, 1`);
    expect(rates.length).toBeGreaterThan(0);
    expect(inspector.inspector?.passRates).toEqual(rates);
    expect(inspector.inspector?.detectorsDue.map((detector) => detector.detectorId)).toContain('D-DUE');
    expect(inspector.inspector?.detectorsDue.map((detector) => detector.detectorId)).not.toContain('D-OK');
  });

  it('the lots follow lines into and out of 待验针; the day counts follow inspections', async () => {
    const lots = async () => (await statisticsOf('inspector')).inspector?.lotsWaiting.n;
    const before = await lots();
    const line = await createLine(t, token.user2, { poNo: 'PO-LOT' });
    expect(await lots()).toBe((before ?? 0) + 1);
    await setStatus(t, line.key, 'pendingConsolidation');
    expect(await lots()).toBe(before);
    expect(await one(sql`select count(*) from bulk_line_pending_lots where lines <= 0`)).toBe(0);
    expect(await one(sql`select count(*) from bulk_line_pending_lots`)).toBe(
      await one(sql`select count(*) from (select distinct po_no, owner from bulk_lines where status = 'pendingInspection') lots`),
    );

    const today = (await statisticsOf('inspector')).inspector;
    const [row] = await t.app.db.select().from(inspections).limit(1);
    const { key: _key, ...copy } = row;
    await t.app.db.insert(inspections).values({ ...copy, result: 'pass', inspectedAt: new Date() });
    const after = (await statisticsOf('inspector')).inspector;
    expect([after?.inspectedToday, after?.passedToday]).toEqual([
      (today?.inspectedToday ?? 0) + 1,
      (today?.passedToday ?? 0) + 1,
    ]);
  });

  it('answers 401 without a session', async () => {
    expect((await t.call('GET', '/v1/user/statistics/shipment')).statusCode).toBe(401);
  });
});
