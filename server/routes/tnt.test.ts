/**
 * 货物跟踪: DCSA Track & Trace 2.2 in and out — every answer and emitted event held to DCSA's published schemas,
 * owners (also through a cursor), a system account's idempotent pushes, corrections that supersede, the timeline,
 * and the delay to-do said once across two server processes.
 */
import { and, count, eq, ne } from 'drizzle-orm';
import { iso6346CheckDigit } from '../../contract/container/schema';
import { tntEndpoints, type Timeline } from '../../contract/tnt/schema';
import { transportEvent } from '../../contract/tnt/build';
import { createSession } from '../auth/sessions';
import { recordEvents } from '../domain/tnt/events';
import { sailingDelays } from '../jobs/sailingDelays';
import { notices, tntEvents } from '../db/schema';
import { confirmedPlan, putPrice } from '../testing/booking';
import { dcsaDocumentVersion, dcsaProblems } from '../testing/dcsaTnt';
import { createTestApp, type TestApp } from '../testing/harness';

let t: TestApp;
let user: string;
let user2: string;
let clerk: string;
let inspector: string;
let system: string;
let userId: string;

beforeAll(async () => {
  t = await createTestApp();
  userId = await t.addUser('tnuser', ['user']);
  await t.addUser('tnuser2', ['user']);
  await t.addUser('tnclerk', ['documentClerk']);
  await t.addUser('tninspector', ['inspector']);
  [user, user2, clerk, inspector] = await Promise.all(['tnuser', 'tnuser2', 'tnclerk', 'tninspector'].map((n) => t.login(n)));
  system = await createSession(t.app.db, await t.addUser('carrier-maeu', ['system']), 24);
});
afterAll(() => t.close());

type Json = Record<string, unknown>;
const list = async (token: string, query = '') => {
  const response = await t.call('GET', `/v1/tnt/events${query}`, { token });
  return { response, events: response.statusCode === 200 ? (response.json() as Json[]) : [] };
};
const push = (body: unknown, token = system) => t.call('POST', '/v1/tnt/events', { token, body });

let box = 0;
/** A container number of its own, its ISO 6346 check digit computed. */
function nextContainerNo() {
  box += 1;
  const first10 = `TNTU${String(box).padStart(6, '0')}`;
  return `${first10}${iso6346CheckDigit(first10)}`;
}
/** A booked plan of the customer with one numbered container. */
async function bookedWithBox(owner = user) {
  const { plan, order } = await confirmedPlan(t, owner, clerk, await putPrice(t, clerk), 1);
  const containerNo = nextContainerNo();
  const added = await t.call('POST', `/v1/osbplan/${plan.key}/container`, { token: owner, body: { containerNo } });
  expect(added.statusCode).toBe(201);
  return { plan, order, containerNo };
}

const at = (iso: string) => new Date(iso).toISOString();
/** An instant `hours` ago: actual milestones have happened. */
const ago = (hours: number) => new Date(Math.floor(Date.now() / 60_000) * 60_000 - hours * 3_600_000).toISOString();
function equipment(containerNo: string, code: string, when: string, extra: Json = {}): Json {
  return {
    eventID: crypto.randomUUID(),
    eventCreatedDateTime: new Date().toISOString(),
    eventType: 'EQUIPMENT',
    eventClassifierCode: 'ACT',
    eventDateTime: when,
    equipmentEventTypeCode: code,
    equipmentReference: containerNo,
    emptyIndicatorCode: code === 'GTOT' ? 'EMPTY' : 'LADEN',
    eventLocation: { UNLocationCode: 'CNSHA' },
    ...extra,
  };
}
function arrival(bookingNo: string, classifier: string, when: string): Json {
  return {
    eventID: crypto.randomUUID(),
    eventCreatedDateTime: new Date().toISOString(),
    eventType: 'TRANSPORT',
    eventClassifierCode: classifier,
    eventDateTime: when,
    transportEventTypeCode: 'ARRI',
    transportCall: { transportCallID: 'USLAX-648E', modeOfTransport: 'VESSEL', UNLocationCode: 'USLAX' },
    documentReferences: [{ documentReferenceType: 'BKG (Booking)', documentReferenceValue: bookingNo }],
  };
}

it('holds every event it answers and emits to DCSA T&T 2.2’s published schemas', async () => {
  expect(dcsaDocumentVersion()).toBe('2.2.0');
  const { plan, order, containerNo } = await bookedWithBox();
  expect((await push([equipment(containerNo, 'GTOT', ago(48)), equipment(containerNo, 'LOAD', ago(24))])).statusCode).toBe(200);
  const { response, events } = await list(clerk, `?carrierBookingReference=${order.carrierBookingNo}`);
  expect(response.headers['api-version']).toBe('2.2.0');
  expect(
    events.map(
      (e) =>
        `${e.eventType} ${e.eventClassifierCode} ${e.shipmentEventTypeCode ?? e.transportEventTypeCode ?? e.equipmentEventTypeCode}`,
    ),
  ).toEqual(['SHIPMENT ACT CONF', 'TRANSPORT PLN DEPA', 'TRANSPORT PLN ARRI', 'EQUIPMENT ACT GTOT', 'EQUIPMENT ACT LOAD']);
  for (const event of events) expect(dcsaProblems(event)).toEqual([]);
  expect(events[1]).toMatchObject({
    eventDateTime: at(`${plan.etd}T00:00:00+08:00`),
    transportCall: { UNLocationCode: 'CNSHA', vessel: 'MAERSK EINDHOVEN' },
  });
  // And the contract's own schema of the answer, which the OpenAPI document shows.
  expect(tntEndpoints.list.response.safeParse(events).success).toBe(true);
  // A wrong event is refused by the schema: the test's validator is not a rubber stamp.
  expect(dcsaProblems({ ...events[3], emptyIndicatorCode: 'FULL' })).not.toEqual([]);
});

it('answers a customer only the events of their own plans, also through a cursor; the inspector and systems read none', async () => {
  const own = await bookedWithBox();
  const other = await bookedWithBox(user2);
  const first = await list(user, '?limit=2');
  expect(first.events).toHaveLength(2);
  const next = String(first.response.headers['next-page']);
  expect(next).toMatch(/^\/v1\/tnt\/events\?cursor=/);
  const cursor = next.split('cursor=')[1];
  const mine = new Set<unknown>();
  for (let page = `?cursor=${cursor}`; page;) {
    const { response, events } = await list(user, page);
    events.forEach((event) => mine.add(event.eventID));
    page = response.headers['next-page'] ? `?${String(response.headers['next-page']).split('?')[1]}` : '';
  }
  const all = (await list(clerk, '?limit=1000')).events;
  const ownPlanEvents = await t.app.db.select({ id: tntEvents.eventId }).from(tntEvents).where(eq(tntEvents.owner, userId));
  expect(mine.size + 2).toBe(ownPlanEvents.length);
  // Another customer following the same cursor sees only what is theirs after it: none of the first customer's.
  const theirs = (await list(user2, `?cursor=${cursor}&limit=5`)).events;
  expect(theirs.length).toBeGreaterThan(0);
  const user2Ids = new Set(
    (await t.app.db.select({ id: tntEvents.eventId, owner: tntEvents.owner }).from(tntEvents))
      .filter((r) => r.owner !== userId)
      .map((r) => r.id),
  );
  for (const event of theirs) expect(user2Ids.has(String(event.eventID))).toBe(true);
  expect((await list(user2, `?carrierBookingReference=${own.order.carrierBookingNo}`)).events).toEqual([]);
  expect((await list(user, `?equipmentReference=${other.containerNo}`)).events).toEqual([]);
  expect(all.length).toBeGreaterThan(mine.size);
  expect((await list(inspector)).response.statusCode).toBe(403);
  expect((await list(system)).response.statusCode).toBe(403);
  // Systems reach only the routes that name them: no notices, no sign-in with a password.
  expect((await t.call('GET', '/v1/notices', { token: system })).statusCode).toBe(403);
  const tampered = Buffer.from(JSON.stringify({ after: 0, filters: { limit: 99999 } })).toString('base64url');
  expect((await list(user, `?cursor=${tampered}`)).response.statusCode).toBe(400);
  expect((await list(user, '?cursor=not-a-cursor')).response.json()).toMatchObject({ errorCode: 'BAD_QUERY' });
  expect((await list(user, '?eventType=SHIPMENT,BOGUS')).response.statusCode).toBe(400);
  // Year 0000 is a real ISO instant that PostgreSQL has no room for: the contract refuses it first.
  expect((await list(user, '?eventCreatedDateTime:eq=0000-01-01T00:00:00Z')).response.statusCode).toBe(400);
});

it('takes a pushed event once by its eventID, all of a list or none, and names an unknown container', async () => {
  const { containerNo } = await bookedWithBox();
  const gateIn = equipment(containerNo, 'GTIN', ago(30));
  expect((await push(gateIn)).json()).toEqual({ success: true, created: 1, unchanged: 0 });
  expect((await push([gateIn])).json()).toEqual({ success: true, created: 0, unchanged: 1 });
  const changed = await push({ ...gateIn, eventDateTime: ago(29) });
  expect([changed.statusCode, changed.json().errorCode]).toEqual([409, 'EVENT_EXISTS']);
  const before = (await t.app.db.select({ n: count() }).from(tntEvents))[0].n;
  const unknown = await push([equipment(containerNo, 'STUF', ago(31)), equipment('TGHU9999999', 'GTIN', ago(30))]);
  expect([unknown.statusCode, unknown.json().fields]).toEqual([
    422,
    { '1.equipmentReference': '柜号 TGHU9999999 不属于任何订舱计划' },
  ]);
  expect((await t.app.db.select({ n: count() }).from(tntEvents))[0].n).toBe(before);
  const bad = await push({ ...gateIn, eventID: crypto.randomUUID(), emptyIndicatorCode: 'FULL' });
  expect(bad.statusCode).toBe(422);
  const yearZero = await push({ ...gateIn, eventID: crypto.randomUUID(), eventDateTime: '0000-01-01T00:00:00Z' });
  expect([yearZero.statusCode, Object.keys(yearZero.json().fields)]).toEqual([422, ['eventDateTime']]);
  expect((await push(gateIn, user)).statusCode).toBe(403);
  expect((await push(gateIn, inspector)).statusCode).toBe(403);
});

it('keeps a correction beside what it corrects: the clerk’s new time supersedes, nothing is deleted', async () => {
  const { plan, containerNo } = await bookedWithBox();
  const enter = (body: Json) => t.call('POST', '/v1/tnt/milestones', { token: clerk, body: { planKey: plan.key, ...body } });
  const load = { eventType: 'EQUIPMENT', code: 'LOAD', classifier: 'ACT', location: 'CNSHA', equipmentReference: containerNo };
  const first = await enter({ ...load, eventDateTime: ago(20) });
  expect([first.statusCode, first.json().source]).toEqual([201, 'clerk']);
  const second = await enter({ ...load, eventDateTime: ago(18), remark: '码头更正' });
  const timeline: Timeline = (await t.call('GET', `/v1/tnt/timeline/${plan.key}`, { token: user })).json();
  const loads = timeline.milestones.filter((m) => m.code === 'LOAD');
  expect(loads.map((m) => [m.eventDateTime, m.supersededBy])).toEqual([
    [ago(20), second.json().eventID],
    [ago(18), null],
  ]);
  expect(timeline).toMatchObject({ pol: 'CNSHA', containers: [containerNo], vessel: 'MAERSK EINDHOVEN' });
  const { events } = await list(clerk, `?equipmentReference=${containerNo}`);
  for (const event of events) expect(dcsaProblems(event)).toEqual([]);
  const notOurs = await enter({ ...load, equipmentReference: 'TGHU9999999', eventDateTime: ago(20) });
  expect([notOurs.statusCode, notOurs.json().fields]).toEqual([422, { equipmentReference: '柜号 TGHU9999999 不在该订舱计划中' }]);
  const ahead = await enter({ ...load, eventDateTime: ago(-5) });
  expect([ahead.statusCode, Object.keys(ahead.json().fields)]).toEqual([422, ['eventDateTime']]);
  expect((await enter({ ...load, classifier: 'EST', eventDateTime: ago(-5) })).statusCode).toBe(201);
  expect(
    (
      await t.call('POST', '/v1/tnt/milestones', {
        token: user,
        body: { planKey: plan.key, ...load, eventDateTime: ago(20) },
      })
    ).statusCode,
  ).toBe(403);
  expect((await t.call('GET', `/v1/tnt/timeline/${plan.key}`, { token: user2 })).statusCode).toBe(404);
});

it('raises the delay to-do once for the customer and each clerk, across two processes, and closes it when on time', async () => {
  const { plan, order } = await bookedWithBox();
  const subject = `tnt:${plan.key}:delay`;
  const twoDaysLate = new Date(Date.parse(`${plan.eta}T00:00:00+08:00`) + 48 * 3_600_000).toISOString();
  const other = await t.anotherServer();
  const [a, b] = await Promise.all([
    push(arrival(order.carrierBookingNo, 'EST', twoDaysLate)),
    other.inject({
      method: 'POST',
      url: '/v1/tnt/events',
      headers: { authorization: `Bearer ${system}` },
      payload: arrival(order.carrierBookingNo, 'EST', twoDaysLate),
    }),
  ]);
  expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
  const todos = await t.app.db.select().from(notices).where(eq(notices.subject, subject));
  expect(todos.filter((n) => n.userId === userId)).toHaveLength(1);
  expect(todos.map((n) => n.title)).toContain(`订舱计划 ${plan.key} 抵港晚于计划约 48 小时`);
  // One for the customer and one for the clerk of this test app, each open.
  expect(todos.map((n) => n.status)).toEqual(['delayed', 'delayed']);
  const onTime = await push(arrival(order.carrierBookingNo, 'EST', at(`${plan.eta}T06:00:00+08:00`)));
  expect(onTime.statusCode).toBe(200);
  const open = await t.app.db
    .select({ n: count() })
    .from(notices)
    .where(and(eq(notices.subject, subject), ne(notices.status, 'done')));
  expect(open[0].n).toBe(0);
});

it('the sailingDelays job raises the to-do of a departure that did not happen; the actual departure closes it', async () => {
  const { plan, order } = await bookedWithBox();
  const subject = `tnt:${plan.key}:delay`;
  // Two days on: the planned departure is behind us, and nothing followed it up yet.
  const sailing = { bookingNo: order.carrierBookingNo, vessel: order.vessel, voyage: order.voyage };
  const planned = transportEvent({ eventID: crypto.randomUUID(), now: ago(72) }, 'DEPA', 'PLN', plan.pol, ago(48), sailing);
  await t.app.db.transaction((tx) => recordEvents(tx, [{ event: planned, planKey: plan.key, owner: userId, source: 'system' }]));
  expect(await t.app.db.select().from(notices).where(eq(notices.subject, subject))).toEqual([]);
  await t.app.db.transaction((tx) => sailingDelays.run!(tx, new Date()));
  const raised = await t.app.db.select().from(notices).where(eq(notices.subject, subject));
  expect(raised.map((n) => [n.title, n.status])).toEqual([
    [`订舱计划 ${plan.key} 计划离港已过 24 小时，尚无实际离港`, 'delayed'],
    [`订舱计划 ${plan.key} 计划离港已过 24 小时，尚无实际离港`, 'delayed'],
  ]);
  const departed = transportEvent({ eventID: crypto.randomUUID(), now: ago(1) }, 'DEPA', 'ACT', plan.pol, ago(2), sailing);
  expect((await push(departed)).statusCode).toBe(200);
  const after = await t.app.db.select().from(notices).where(eq(notices.subject, subject));
  expect(after.map((n) => n.status)).toEqual(['done', 'done']);
});
