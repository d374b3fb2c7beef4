/** 柜 API: containers of a confirmed plan, ISO 6346 numbers, the plan's quantity, owners, versions and audit. */
import { eq } from 'drizzle-orm';
import { containerEndpoints, type Container } from '../../contract/container/schema';
import { auditLog, bulkLines, osbContainers } from '../db/schema';
import { bookDraft, confirmedPlan, putPrice } from '../testing/booking';
import { createLine } from '../testing/bulk';
import { seedLookups } from '../domain/demo/packing';
import { createTestApp, type TestApp } from '../testing/harness';

let t: TestApp;
let user: string;
let user2: string;
let clerk: string;
let inspector: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedLookups(t.app.db);
  await t.addUser('ctuser', ['user']);
  await t.addUser('ctuser2', ['user']);
  await t.addUser('ctclerk', ['documentClerk']);
  await t.addUser('ctinspector', ['inspector']);
  [user, user2, clerk, inspector] = await Promise.all(['ctuser', 'ctuser2', 'ctclerk', 'ctinspector'].map((n) => t.login(n)));
});
afterAll(() => t.close());

const add = (planKey: string, body: object = {}, token = user) =>
  t.call('POST', `/v1/osbplan/${planKey}/container`, { token, body });
const put = (container: Container, body: object, token = user) =>
  t.call('PUT', `/v1/osbplan/${container.planKey}/container/${container.key}`, {
    token,
    body: { version: container.version, ...body },
  });

it('adds up to the plan’s quantity, each with the capacity of its type, and lists them with the plan', async () => {
  const { plan } = await confirmedPlan(t, user, clerk, await putPrice(t, clerk, { containerType: '40GP' }), 2);
  const first = await add(plan.key);
  expect(first.statusCode).toBe(201);
  expect(containerEndpoints.create.response.parse(first.json())).toMatchObject({
    planKey: plan.key,
    containerType: '40GP',
    containerNo: null,
    cbmCapacity: 58,
    payloadKg: 26730,
  });
  const second = await add(plan.key, { containerNo: 'csqu3054383', sealNo: 'SL123456' });
  expect(second.json()).toMatchObject({ containerNo: 'CSQU3054383', sealNo: 'SL123456' });
  const third = await add(plan.key);
  expect([third.statusCode, third.json().errorMessage]).toEqual([409, `订舱计划 ${plan.key} 订了 2 柜，已全部添加`]);
  const detail = (await t.call('GET', `/v1/osbplan/${plan.key}`, { token: user })).json();
  expect(detail.containers.map((c: Container) => c.containerNo)).toEqual([null, 'CSQU3054383']);
});

it('refuses a wrong check digit naming the right one, a number in use, and a plan not yet confirmed', async () => {
  const { plan } = await confirmedPlan(t, user, clerk, await putPrice(t, clerk), 3);
  const wrong = await add(plan.key, { containerNo: 'MWCU6059785' });
  expect([wrong.statusCode, wrong.json().fields]).toEqual([422, { containerNo: '箱号校验位应为 4（输入的是 5）' }]);
  const box: Container = (await add(plan.key, { containerNo: 'MWCU6059784' })).json();
  const taken = await add(plan.key, { containerNo: 'MWCU6059784' });
  expect([taken.statusCode, taken.json().errorCode]).toEqual([409, 'CONTAINER_NO_TAKEN']);
  const other: Container = (await add(plan.key)).json();
  expect((await put(other, { containerNo: 'MWCU6059784' })).statusCode).toBe(409);
  expect((await put(box, { containerNo: 'MWCU6059784', tareKg: 3750 })).json()).toMatchObject({ tareKg: 3750, version: 2 });
  const draft = await bookDraft(t, user, (await putPrice(t, clerk)).key);
  const early = await add(draft.key);
  expect([early.statusCode, early.json().errorMessage]).toEqual([409, `订舱计划 ${draft.key} 当前为「草稿」，确认后才能添加柜`]);
  const rows = await t.app.db.select().from(osbContainers).where(eq(osbContainers.planKey, plan.key));
  expect(rows).toHaveLength(2);
});

it('keeps containers to their plan’s owner and the clerk; versions and audit on every change', async () => {
  const { plan } = await confirmedPlan(t, user, clerk, await putPrice(t, clerk), 2);
  const box: Container = (await add(plan.key)).json();
  expect((await add(plan.key, {}, user2)).statusCode).toBe(404);
  expect((await add(plan.key, {}, inspector)).statusCode).toBe(403);
  expect((await put(box, { sealNo: 'X1' }, user2)).statusCode).toBe(404);
  const byClerk = await put(box, { containerNo: 'APZU4812090', vgmKg: 12_500 }, clerk);
  expect(byClerk.json()).toMatchObject({ containerNo: 'APZU4812090', vgmKg: 12_500, version: 2 });
  const stale = await put(box, { sealNo: 'X2' });
  expect(stale.json().errorCode).toBe('VERSION_CONFLICT');
  const wrongPlan = await t.call('PUT', `/v1/osbplan/OP99999999/container/${box.key}`, { token: user, body: { version: 2 } });
  expect(wrongPlan.statusCode).toBe(404);
  const audits = await t.app.db.select().from(auditLog).where(eq(auditLog.entityKey, box.key));
  expect(audits).toHaveLength(2);
});

it('removes an empty container only', async () => {
  const { plan } = await confirmedPlan(t, user, clerk, await putPrice(t, clerk), 2);
  const empty: Container = (await add(plan.key)).json();
  const loaded: Container = (await add(plan.key)).json();
  const line = await createLine(t, user, { poNo: 'PO-CT-1' });
  await t.app.db.update(bulkLines).set({ containerKey: loaded.key, planKey: plan.key }).where(eq(bulkLines.key, line.key));
  const refused = await t.call('DELETE', `/v1/osbplan/${plan.key}/container/${loaded.key}`, {
    token: user,
    body: { version: 1 },
  });
  expect([refused.statusCode, refused.json().errorCode]).toEqual([409, 'CONTAINER_LOADED']);
  const removed = await t.call('DELETE', `/v1/osbplan/${plan.key}/container/${empty.key}`, { token: user, body: { version: 1 } });
  expect(removed.json()).toEqual({ success: true, deleted: 1 });
  const left = await t.app.db.select().from(osbContainers).where(eq(osbContainers.planKey, plan.key));
  expect(left.map((row) => row.key)).toEqual([loaded.key]);
});

it('adds no more than the plan’s quantity when containers are added at once', async () => {
  const { plan } = await confirmedPlan(t, user, clerk, await putPrice(t, clerk), 2);
  const answers = await Promise.all(Array.from({ length: 6 }, () => add(plan.key)));
  expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 409, 409, 409, 409]);
  const rows = await t.app.db.select().from(osbContainers).where(eq(osbContainers.planKey, plan.key));
  expect(rows).toHaveLength(2);
});

it('keeps an approved change from leaving containers without a plan: fewer containers, another type', async () => {
  const { plan } = await confirmedPlan(t, user, clerk, await putPrice(t, clerk), 3);
  await add(plan.key);
  await add(plan.key);
  const request = (body: object) =>
    t.call('POST', `/v1/osbplan/${plan.key}/change`, { token: user, body: { reason: '调整', version: plan.version, ...body } });
  const fewer = (await request({ changeType: 'quantity', quantity: 1 })).json();
  const refused = await t.call('PATCH', `/v1/osbChange/${fewer.key}`, {
    token: clerk,
    body: { decision: 'approve', version: fewer.version },
  });
  expect([refused.statusCode, refused.json().errorCode]).toEqual([409, 'PLAN_HAS_CONTAINERS']);
  await t.call('DELETE', `/v1/osbChange/${fewer.key}`, { token: user, body: { version: fewer.version } });
  const enough = (await request({ changeType: 'quantity', quantity: 2 })).json();
  const approved = await t.call('PATCH', `/v1/osbChange/${enough.key}`, {
    token: clerk,
    body: { decision: 'approve', version: enough.version },
  });
  expect(approved.json().status).toBe('APPROVED');
});
