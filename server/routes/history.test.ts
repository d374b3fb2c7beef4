/**
 * 变更历史 API: for each entity with a detail page, a row's history is its audit trail (the same entries, newest
 * first, paged), each changed field with its Chinese label and its values in words; it is refused exactly as the row
 * is — a role outside the entity's policy 403, another customer's row 404 like a missing one.
 */
import { and, asc, desc, eq } from 'drizzle-orm';
import type { ListResult } from '../../contract/shared/common';
import type { HistoryEntity, HistoryEntry } from '../../contract/history/codes';
import type { Plan } from '../../contract/plan/schema';
import { auditLog, billsOfLading, bulkLines, declarations, inspections, osbOrders, osbPlans } from '../db/schema';
import { createLine, lineInput, setStatus } from '../testing/bulk';
import { createDemoApp, type DemoName } from '../testing/demo';
import type { TestApp } from '../testing/harness';
import { orderOf, putPrice, sailingIn, bookDraft, submit } from '../testing/booking';

let t: TestApp;
let token: Record<DemoName, string>;
let userId: string;

beforeAll(async () => {
  let id: Record<DemoName, string>;
  ({ t, token, id } = await createDemoApp());
  userId = id.user;
});
afterAll(() => t.close());

const history = (entity: string, key: string, as: string, query = '') =>
  t.call('GET', `/v1/history/${entity}/${encodeURIComponent(key)}${query}`, { token: token[as as DemoName] });

/** The audit entries of a row, newest first: what its history must be. */
const audited = (entity: string, key: string) =>
  t.app.db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityKey, key)))
    .orderBy(desc(auditLog.at), desc(auditLog.id));

/** An open box of the demo customer: what the container page shows. */
const openContainer = async () =>
  (await t.call('GET', '/v1/osbContainer?current=1&pageSize=1', { token: token.user })).json().data[0].key as string;

/** A row of the demo customer of each entity (the demo plays bookings through the API, so each has its audit). */
async function demoRows(): Promise<[HistoryEntity, string, string, string][]> {
  const first = async (query: Promise<{ key: string }[]>) => (await query)[0].key;
  return [
    [
      'packing',
      'bulkLine',
      await first(
        t.app.db
          .select({ key: bulkLines.key })
          .from(bulkLines)
          .where(eq(bulkLines.owner, userId))
          .orderBy(asc(bulkLines.key))
          .limit(1),
      ),
      'user',
    ],
    [
      'plan',
      'plan',
      await first(
        t.app.db
          .select({ key: osbPlans.key })
          .from(osbPlans)
          .where(eq(osbPlans.owner, userId))
          .orderBy(desc(osbPlans.key))
          .limit(1),
      ),
      'user',
    ],
    [
      'order',
      'order',
      await first(t.app.db.select({ key: osbOrders.key }).from(osbOrders).orderBy(desc(osbOrders.key)).limit(1)),
      'clerk',
    ],
    ['container', 'container', await openContainer(), 'user'],
    [
      'bol',
      'bol',
      await first(t.app.db.select({ key: billsOfLading.key }).from(billsOfLading).orderBy(asc(billsOfLading.key)).limit(1)),
      'user',
    ],
    [
      'declaration',
      'declaration',
      await first(t.app.db.select({ key: declarations.key }).from(declarations).orderBy(asc(declarations.key)).limit(1)),
      'clerk',
    ],
    [
      'inspection',
      'inspection',
      await first(
        t.app.db
          .select({ key: inspections.key })
          .from(inspections)
          .where(eq(inspections.owner, userId))
          .orderBy(asc(inspections.key))
          .limit(1),
      ),
      'user',
    ],
  ];
}

it("answers each entity's audit trail, newest first, to whoever reads the row, and refuses as the row does", async () => {
  for (const [entity, audit, key, reader] of await demoRows()) {
    const response = await history(entity, key, reader);
    expect([entity, response.statusCode]).toEqual([entity, 200]);
    const page = response.json<ListResult<HistoryEntry>>();
    const expected = await audited(audit, key);
    expect(expected.length).toBeGreaterThan(0);
    expect([entity, page.total, page.data.map((entry) => entry.id)]).toEqual([
      entity,
      expected.length,
      expected.slice(0, 20).map((entry) => String(entry.id)),
    ]);
    for (const entry of page.data) {
      expect(entry.actorName).not.toBe('');
      expect(entry.action).toMatch(/\p{Script=Han}/u);
      for (const change of entry.changes) expect(change.label).toMatch(/\p{Script=Han}|[A-Z]/u);
    }
    // Another customer sees nothing of it, not even that it exists.
    if (reader === 'user') expect([entity, (await history(entity, key, 'user2')).statusCode]).toEqual([entity, 404]);
  }
  const [, , planKey] = (await demoRows())[1];
  expect((await history('plan', planKey, 'inspector')).statusCode).toBe(403);
  expect((await history('declaration', 'DC99999999', 'user')).statusCode).toBe(403);
  expect((await history('plan', 'OP99999999', 'user')).statusCode).toBe(404);
  expect((await history('nothing', planKey, 'user')).statusCode).toBe(404);
  expect((await history('plan', planKey, 'user', '?pageSize=1000')).statusCode).toBe(400);
  expect((await t.call('GET', `/v1/history/plan/${planKey}`)).statusCode).toBe(401);
});

it('shows what a change did in words: the clerk who booked a plan moved its ETD, and the line an edit changed', async () => {
  const price = await putPrice(t, token.clerk, { sailingDate: sailingIn(40) });
  const plan = await submit(t, token.user, await bookDraft(t, token.user, price.key, 1));
  const order = await orderOf(t, token.clerk, plan.key);
  const etd = sailingIn(43);
  const booked = await t.call('PATCH', `/v1/osbOrder/${order.key}`, {
    token: token.clerk,
    body: { action: 'book', carrierBookingNo: 'BKHIST1', vessel: 'MAERSK ESSEN', voyage: '651E', etd, version: order.version },
  });
  expect(booked.statusCode).toBe(200);
  const page = (await history('plan', plan.key, 'user')).json<ListResult<HistoryEntry>>();
  const [latest] = page.data;
  expect(latest).toMatchObject({ action: '修改', actorName: expect.stringMatching(/\p{Script=Han}/u) });
  expect(latest.changes).toEqual(
    expect.arrayContaining([
      { field: 'etd', label: '开船日期', before: (plan as Plan).etd, after: etd },
      { field: 'status', label: '状态', before: '已提交', after: '已确认' },
    ]),
  );
  expect(page.data.at(-1)).toMatchObject({ action: '新建' });

  const line = await createLine(t, token.user, { poNo: 'PO-HIST', colour: 'NAVY' });
  const edited = await t.call('PUT', `/v1/packing/multi/bulkdata/${line.key}`, {
    token: token.user,
    body: { ...lineInput({ poNo: 'PO-HIST', colour: 'RED' }), version: line.version },
  });
  expect(edited.statusCode).toBe(200);
  const lineHistory = (await history('packing', line.key, 'clerk')).json<ListResult<HistoryEntry>>();
  expect(lineHistory.data[0].changes).toEqual([{ field: 'colour', label: '颜色', before: 'NAVY', after: 'RED' }]);
});

it('a loose booking: booked by the customer, confirmed by the clerk', async () => {
  const line = await createLine(t, token.user, { poNo: 'PO-HIST-LB', cartonTo: 6 }, 'single');
  await setStatus(t, line.key, 'pendingConsolidation', 'pass');
  const booked = await t.call('POST', '/v1/looseBooking', {
    token: token.user,
    body: {
      versions: { [line.key]: (await t.call('GET', `/v1/packing/bulkdata/${line.key}`, { token: token.user })).json().version },
      forwarder: '德迅',
      cfsCutOff: '2099-12-01',
    },
  });
  expect(booked.statusCode).toBe(201);
  const { key, version } = booked.json();
  const confirmed = await t.call('PATCH', `/v1/looseBooking/${key}`, {
    token: token.clerk,
    body: { status: 'CONFIRMED', warehouseEntryNo: 'NBCFS-HIST', version },
  });
  expect(confirmed.statusCode).toBe(200);
  const page = (await history('looseBooking', key, 'user')).json<ListResult<HistoryEntry>>();
  expect(page.total).toBe((await audited('looseBooking', key)).length);
  expect(page.data[0].changes).toEqual(
    expect.arrayContaining([
      { field: 'status', label: '状态', before: '待确认', after: '已确认' },
      { field: 'warehouseEntryNo', label: '进仓编号', before: '—', after: 'NBCFS-HIST' },
    ]),
  );
  expect(page.data.at(-1)?.action).toBe('新建');
  expect((await history('looseBooking', key, 'user2')).statusCode).toBe(404);
  expect((await history('looseBooking', key, 'inspector')).statusCode).toBe(403);
});

it('pages a long history', async () => {
  const [, , key] = (await demoRows())[0];
  const all = (await history('packing', key, 'user')).json<ListResult<HistoryEntry>>();
  const second = (await history('packing', key, 'user', '?current=2&pageSize=1')).json<ListResult<HistoryEntry>>();
  if (all.total > 1) expect(second.data.map((entry) => entry.id)).toEqual([all.data[1].id]);
  expect(second).toMatchObject({ total: all.total, current: 2, pageSize: 1 });
});
