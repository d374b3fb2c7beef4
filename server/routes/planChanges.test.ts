/** 订舱变更 API: request, decide and withdraw; approval applies the values and the price difference atomically. */
import { eq } from 'drizzle-orm';
import { planEndpoints, type PlanChange } from '../../contract/plan/schema';
import { notices, osbChanges, osbPlans } from '../db/schema';
import { bookDraft, confirmedPlan, putPrice, sailingIn } from '../testing/booking';
import { createTestApp, type TestApp } from '../testing/harness';

let t: TestApp;
let user: string;
let user2: string;
let clerk: string;
let userId: string;
let clerkId: string;

beforeAll(async () => {
  t = await createTestApp();
  userId = await t.addUser('chuser', ['user'], { realName: '王客户' });
  await t.addUser('chuser2', ['user']);
  clerkId = await t.addUser('chclerk', ['documentClerk'], { realName: '李单证' });
  [user, user2, clerk] = await Promise.all(['chuser', 'chuser2', 'chclerk'].map((n) => t.login(n)));
});
afterAll(() => t.close());

const request = (planKey: string, body: object, token = user) =>
  t.call('POST', `/v1/osbplan/${planKey}/change`, { token, body: { reason: '客户调整', ...body } });
const decide = (change: PlanChange, body: object, path = `/v1/osbChange/${change.key}`) =>
  t.call('PATCH', path, { token: clerk, body: { version: change.version, ...body } });
const planRow = async (key: string) => (await t.app.db.select().from(osbPlans).where(eq(osbPlans.key, key)))[0];

it('changes a confirmed plan’s quantity through a request the clerk approves, one request at a time', async () => {
  const { plan } = await confirmedPlan(t, user, clerk, await putPrice(t, clerk), 2);
  const requested = await request(plan.key, { changeType: 'quantity', quantity: 4, version: plan.version });
  expect(requested.statusCode).toBe(201);
  const change = planEndpoints.requestChange.response.parse(requested.json());
  expect(change).toMatchObject({
    status: 'PENDING',
    changedFields: [{ field: 'quantity', old: 2, new: 4 }],
    priceDiff: null,
    requestedByName: '王客户',
  });
  const todo = await t.app.db
    .select()
    .from(notices)
    .where(eq(notices.title, `订舱计划 ${plan.key} 申请数量变更`));
  expect(todo.map((n) => [n.userId, n.type])).toEqual([[clerkId, 'event']]);

  const second = await request(plan.key, { changeType: 'cancel', version: plan.version });
  expect([second.statusCode, second.json().errorCode]).toEqual([409, 'CHANGE_PENDING']);

  const approved = await decide(change, { decision: 'approve' });
  expect(approved.json()).toMatchObject({ status: 'APPROVED', decidedByName: '李单证' });
  expect((await planRow(plan.key)).quantity).toBe(4);
  const detail = (await t.call('GET', `/v1/osbplan/${plan.key}`, { token: user })).json();
  expect(detail.changes.map((c: PlanChange) => c.status)).toEqual(['APPROVED']);
  const told = await t.app.db
    .select()
    .from(notices)
    .where(eq(notices.title, `订舱计划 ${plan.key} 的数量变更已批准`));
  expect(told.map((n) => n.userId)).toEqual([userId]);
  const twice = await decide({ ...change, version: change.version + 1 }, { decision: 'decline', comment: '不行' });
  expect([twice.statusCode, twice.json().errorMessage]).toEqual([409, `变更申请 ${change.key} 当前为「已批准」，不能拒绝`]);
});

it('moves a plan to another container type at that sailing’s price, storing the difference', async () => {
  const sailingDate = sailingIn(30);
  const price = await putPrice(t, clerk, { sailingDate, containerType: '40GP', amount: 1800 });
  await putPrice(t, clerk, { sailingDate, containerType: '40HQ', amount: 2100 });
  const { plan } = await confirmedPlan(t, user, clerk, price, 3);
  const change: PlanChange = (
    await request(plan.key, { changeType: 'containerType', containerType: '40HQ', version: plan.version })
  ).json();
  expect(change.priceDiff).toEqual({ currency: 'USD', oldAmount: 1800, newAmount: 2100, perContainer: 300, total: 900 });
  const approved = await decide(change, { decision: 'approve', comment: '同意' }, `/v1/osbplan/${plan.key}/change/${change.key}`);
  expect(approved.statusCode).toBe(200);
  const row = await planRow(plan.key);
  expect([row.containerType, row.priceSnapshot.amount, row.quantity]).toEqual(['40HQ', 2100, 3]);
  expect(approved.json().priceDiff.total).toBe(900);
});

it('leaves the plan and the request as they were when approval fails (the new sailing filled up)', async () => {
  const sailingDate = sailingIn(33);
  const price = await putPrice(t, clerk, { sailingDate, carrier: 'MSCU' });
  const later = await putPrice(t, clerk, { sailingDate: sailingIn(40), carrier: 'MSCU', amount: 1700 });
  const { plan } = await confirmedPlan(t, user, clerk, price);
  const change: PlanChange = (
    await request(plan.key, { changeType: 'sailing', carrier: 'MSCU', sailingDate: later.sailingDate, version: plan.version })
  ).json();
  expect(change.changedFields).toEqual([{ field: 'etd', old: sailingDate, new: later.sailingDate }]);
  const { key: _k, version, updatedAt: _u, ...fields } = later;
  await t.call('PUT', '/v1/osbPrice', { token: clerk, body: { prices: [{ ...fields, space: 'full', version }] } });
  const before = await planRow(plan.key);
  const refused = await decide(change, { decision: 'approve' });
  expect([refused.statusCode, refused.json().errorMessage]).toEqual([409, '新船期不可订舱：满舱']);
  expect(await planRow(plan.key)).toEqual(before);
  const [stored] = await t.app.db.select().from(osbChanges).where(eq(osbChanges.key, change.key));
  expect([stored.status, stored.version]).toEqual(['PENDING', change.version]);
});

it('cancels a confirmed plan through an approved 取消 change, with its order', async () => {
  const { plan, order } = await confirmedPlan(t, user, clerk, await putPrice(t, clerk));
  const change: PlanChange = (await request(plan.key, { changeType: 'cancel', version: plan.version })).json();
  await decide(change, { decision: 'approve' });
  expect((await planRow(plan.key)).status).toBe('CANCELLED');
  expect((await t.call('GET', `/v1/osbOrder/${order.key}`, { token: clerk })).json().status).toBe('CANCELLED');
});

it('refuses requests that do not fit, declines with a comment only, and lets only the requester withdraw', async () => {
  const draft = await bookDraft(t, user, (await putPrice(t, clerk)).key);
  const onDraft = await request(draft.key, { changeType: 'quantity', quantity: 3, version: draft.version });
  expect([onDraft.statusCode, onDraft.json().errorMessage]).toEqual([
    409,
    `订舱计划 ${draft.key} 当前为「草稿」，只有已确认的计划可以申请变更`,
  ]);

  const { plan } = await confirmedPlan(t, user, clerk, await putPrice(t, clerk), 2);
  const same = await request(plan.key, { changeType: 'quantity', quantity: 2, version: plan.version });
  expect([same.statusCode, same.json().fields]).toEqual([422, { quantity: '新值与当前相同' }]);
  const stray = await request(plan.key, { changeType: 'quantity', quantity: 3, pod: 'DEHAM', version: plan.version });
  expect(stray.json().fields).toEqual({ pod: '「数量」变更不能修改该项' });
  const noPrice = await request(plan.key, {
    changeType: 'route',
    pol: 'CNTAO',
    pod: 'NLRTM',
    carrier: 'MAEU',
    sailingDate: plan.etd,
    version: plan.version,
  });
  expect(noPrice.statusCode).toBe(422);
  const stale = await request(plan.key, { changeType: 'quantity', quantity: 3, version: plan.version - 1 });
  expect(stale.statusCode).toBe(409);
  expect((await request(plan.key, { changeType: 'quantity', quantity: 3, version: plan.version }, user2)).statusCode).toBe(404);
  expect((await request(plan.key, { changeType: 'quantity', quantity: 3, version: plan.version }, clerk)).statusCode).toBe(403);
  expect(await t.app.db.select().from(osbChanges).where(eq(osbChanges.planKey, plan.key))).toEqual([]);

  const change: PlanChange = (await request(plan.key, { changeType: 'quantity', quantity: 1, version: plan.version })).json();
  expect((await decide(change, { decision: 'decline' })).statusCode).toBe(422);
  const wrongPlan = await decide(
    change,
    { decision: 'decline', comment: '不行' },
    `/v1/osbplan/${draft.key}/change/${change.key}`,
  );
  expect(wrongPlan.statusCode).toBe(404);
  const byOther = await t.call('DELETE', `/v1/osbChange/${change.key}`, { token: user2, body: { version: change.version } });
  expect(byOther.statusCode).toBe(404);
  const withdrawn = await t.call('DELETE', `/v1/osbplan/${plan.key}/change/${change.key}`, {
    token: user,
    body: { version: change.version },
  });
  expect(withdrawn.json().status).toBe('WITHDRAWN');
  expect((await planRow(plan.key)).quantity).toBe(2);

  const mine = (await t.call('GET', `/v1/osbChange?planKey=${plan.key}`, { token: user })).json();
  expect(mine.data.map((c: PlanChange) => c.status)).toEqual(['WITHDRAWN']);
  expect((await t.call('GET', `/v1/osbChange?planKey=${plan.key}`, { token: user2 })).json().total).toBe(0);
  expect((await t.call('GET', '/v1/osbChange?status=PENDING', { token: clerk })).statusCode).toBe(200);
});

it('splits its boxes’ freight again at the new sailing’s price once the move is approved', async () => {
  const price = await putPrice(t, clerk, { sailingDate: sailingIn(44), carrier: 'MSCU', amount: 2000 });
  const later = await putPrice(t, clerk, { sailingDate: sailingIn(46), carrier: 'MSCU', amount: 1700 });
  const { plan } = await confirmedPlan(t, user, clerk, price);
  const box = (await t.call('POST', `/v1/osbplan/${plan.key}/container`, { token: user, body: {} })).json();
  const freight = async () => (await t.call('GET', `/v1/osbContainer/${box.key}/freight`, { token: user })).json();
  // The plan's price and the documentation fee of the default surcharges, in USD.
  expect((await freight()).totals[0]).toEqual({ currency: 'USD', amount: 2045 });
  const current = await planRow(plan.key);
  const change: PlanChange = (
    await request(plan.key, { changeType: 'sailing', carrier: 'MSCU', sailingDate: later.sailingDate, version: current.version })
  ).json();
  expect((await decide(change, { decision: 'approve' })).statusCode).toBe(200);
  expect((await freight()).totals[0]).toEqual({ currency: 'USD', amount: 1745 });
});
