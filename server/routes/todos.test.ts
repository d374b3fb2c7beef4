/**
 * 待办 from the workflows: each event that waits on someone becomes a to-do of each person it waits on, and is
 * closed for all of them (status done, read) when the thing is done: a plan to book, a change to decide, missing
 * declaration documents, a failed lot to re-inspect, a cut-off within 24 hours (a scheduled job that runs once
 * however many server processes tick).
 */
import { and, eq } from 'drizzle-orm';
import { notices, osbOrders, scheduledJobs } from '../db/schema';
import { closeTodos, notify, todoSubjects } from '../domain/notice';
import { cutOffReminders } from '../jobs/cutOffReminders';
import { chinaDateTime } from '../../contract/shared/chinaTime';
import { runIfDue } from '../jobs/schedule';
import { seedLookups } from '../domain/demo/packing';
import { bookDraft, confirmedPlan, putPrice, submit } from '../testing/booking';
import { createLine } from '../testing/bulk';
import { createTestApp, type TestApp } from '../testing/harness';
import { todosOf } from '../testing/notices';

let t: TestApp;
let user: string;
let clerk: string;
let clerk2: string;
let userId: string;
let clerkIds: string[];

beforeAll(async () => {
  t = await createTestApp();
  userId = await t.addUser('tduser', ['user']);
  clerkIds = [await t.addUser('tdclerk', ['documentClerk']), await t.addUser('tdclerk2', ['documentClerk'])];
  [user, clerk, clerk2] = await Promise.all(['tduser', 'tdclerk', 'tdclerk2'].map((n) => t.login(n)));
});
afterAll(() => t.close());

const todosAbout = (token: string, key: string) => todosOf(t, token, key);

it('a submitted plan is a to-do of every clerk until one of them books it', async () => {
  const price = await putPrice(t, clerk);
  const { plan } = await confirmedPlan(t, user, clerk, price);
  for (const token of [clerk, clerk2]) {
    expect((await todosAbout(token, plan.key)).map((n) => [n.status, n.read])).toEqual([['done', true]]);
  }
  expect(await todosAbout(user, plan.key)).toEqual([]);

  const waiting = await submit(t, user, await bookDraft(t, user, price.key));
  for (const token of [clerk, clerk2]) {
    expect((await todosAbout(token, waiting.key)).map((n) => [n.status, n.read])).toEqual([['todo', false]]);
  }
  const cancelled = await t.call('PUT', `/v1/osbplan/${waiting.key}`, {
    token: user,
    body: { status: 'CANCELLED', reason: '客户取消', version: waiting.version },
  });
  expect(cancelled.statusCode).toBe(200);
  for (const token of [clerk, clerk2]) {
    expect((await todosAbout(token, waiting.key)).map((n) => n.status)).toEqual(['done']);
  }
});

it('a change request is the clerks’ to-do until it is decided or withdrawn', async () => {
  const { plan } = await confirmedPlan(t, user, clerk, await putPrice(t, clerk));
  const request = async (version: number) =>
    (
      await t.call('POST', `/v1/osbplan/${plan.key}/change`, {
        token: user,
        body: { changeType: 'quantity', quantity: 3, reason: '加柜', version },
      })
    ).json();
  const first = await request(plan.version);
  const open = (await todosAbout(clerk, `${plan.key} 申请数量变更`)).filter((n) => n.status === 'todo');
  expect(open).toHaveLength(1);
  const withdrawn = await t.call('DELETE', `/v1/osbplan/${plan.key}/change/${first.key}`, {
    token: user,
    body: { version: first.version },
  });
  expect(withdrawn.statusCode).toBe(200);
  expect((await todosAbout(clerk2, `${plan.key} 申请数量变更`)).map((n) => n.status)).toEqual(['done']);

  const second = await request(plan.version);
  expect((await todosAbout(clerk, `${plan.key} 申请数量变更`)).filter((n) => n.status === 'todo')).toHaveLength(1);
  const decided = await t.call('PATCH', `/v1/osbChange/${second.key}`, {
    token: clerk,
    body: { decision: 'decline', comment: '舱位不足', version: second.version },
  });
  expect(decided.statusCode).toBe(200);
  for (const token of [clerk, clerk2]) {
    expect((await todosAbout(token, `${plan.key} 申请数量变更`)).map((n) => n.status)).toEqual(['done', 'done']);
  }
});

it('one to-do per person and subject: waiting again reopens it; closing touches that subject only', async () => {
  const subject = todoSubjects.bolToConfirm('BL-TEST');
  const todo = { type: 'event' as const, title: '提单 BL-TEST 待您确认', status: 'todo', subject };
  await notify(t.app.db, userId, todo);
  await closeTodos(t.app.db, subject, 'system');
  await notify(t.app.db, userId, { ...todo, description: '再次提交' });
  const rows = await t.app.db
    .select()
    .from(notices)
    .where(and(eq(notices.subject, subject), eq(notices.userId, userId)));
  expect(rows.map((row) => [row.status, row.read, row.description])).toEqual([['todo', false, '再次提交']]);

  const other = todoSubjects.bolToAmend('BL-TEST');
  for (const id of clerkIds) await notify(t.app.db, id, { ...todo, title: '提单 BL-TEST 客户申请修改', subject: other });
  expect(await closeTodos(t.app.db, subject, 'system')).toBe(1);
  const left = await t.app.db.select().from(notices).where(eq(notices.subject, other));
  expect(left.map((row) => row.status)).toEqual(['todo', 'todo']);
});

it('a declaration handover missing documents is the clerks’ to-do until every document is in', async () => {
  const { order } = await confirmedPlan(t, user, clerk, await putPrice(t, clerk));
  const created = await t.call('POST', '/v1/declaration', { token: clerk, body: { orderKey: order.key } });
  expect(created.statusCode).toBe(201);
  const declaration = created.json();
  for (const token of [clerk, clerk2]) {
    const [todo] = await todosAbout(token, declaration.key);
    expect([todo.status, todo.description]).toEqual([
      'todo',
      `订舱单 ${order.key}：缺少单证：合同、发票、装箱单、报关委托书、申报要素`,
    ]);
  }
  const some = { contract: true, invoice: true, packingList: false, powerOfAttorney: false, declarationElements: false };
  const partly = await t.call('PUT', `/v1/declaration/${declaration.key}`, {
    token: clerk,
    body: { documents: some, version: declaration.version },
  });
  // The to-do follows the facts: it names only the documents still missing, for every clerk, read state kept.
  for (const token of [clerk, clerk2]) {
    expect((await todosAbout(token, declaration.key)).map((n) => [n.status, n.description])).toEqual([
      ['todo', `订舱单 ${order.key}：缺少单证：装箱单、报关委托书、申报要素`],
    ]);
  }
  const all = { contract: true, invoice: true, packingList: true, powerOfAttorney: true, declarationElements: true };
  const complete = await t.call('PUT', `/v1/declaration/${declaration.key}`, {
    token: clerk,
    body: { documents: all, version: partly.json().version },
  });
  expect(complete.statusCode).toBe(200);
  for (const token of [clerk, clerk2]) expect((await todosAbout(token, declaration.key)).map((n) => n.status)).toEqual(['done']);
  expect(await todosAbout(user, declaration.key)).toEqual([]);
});

it('a failed lot is a to-do of every inspector until its lines pass a re-inspection', async () => {
  await seedLookups(t.app.db);
  await t.addUser('tdinspector', ['inspector']);
  const inspector = await t.login('tdinspector');
  const lines = [
    await createLine(t, user, { poNo: 'PO-TD', cartonFrom: 1, cartonTo: 10 }),
    await createLine(t, user, { poNo: 'PO-TD', cartonFrom: 11, cartonTo: 20 }),
  ];
  expect(
    (await t.call('POST', '/v1/inspection/calibration', { token: inspector, body: { detectorId: 'MD-01', sensitivityFeMm: 1 } }))
      .statusCode,
  ).toBe(201);
  const inspect = async (result: 'pass' | 'fail') => {
    const current = (await t.call('GET', '/v1/packing/bulkdata?poNo=PO-TD', { token: user })).json().data;
    const body = {
      lineKeys: lines.map((line) => line.key),
      versions: Object.fromEntries(current.map((line: { key: string; version: number }) => [line.key, line.version])),
      ...{ mode: 'sample', detectorId: 'MD-01', inspectedQty: 50, remark: '' },
      ...(result === 'fail'
        ? { passedQty: 49, alarmQty: 1, fragments: [{ type: 'brokenNeedle', lengthMm: 12.5, cartonNo: 13 }], result }
        : { passedQty: 50, alarmQty: 0, fragments: [], result }),
    };
    expect((await t.call('POST', '/v1/inspection', { token: inspector, body })).statusCode).toBe(201);
  };
  await inspect('fail');
  expect((await todosAbout(inspector, 'PO-TD 待复验')).map((n) => n.status)).toEqual(['todo']);
  expect(await todosAbout(user, 'PO-TD 待复验')).toEqual([]);
  await inspect('pass');
  expect((await todosAbout(inspector, 'PO-TD 待复验')).map((n) => n.status)).toEqual(['done']);
});

describe('cut-off reminders', () => {
  const HOUR = 3_600_000;

  it('a cut-off within 24 h is a to-do of the customer and every clerk, made once, closed once it has passed', async () => {
    const { order } = await confirmedPlan(t, user, clerk, await putPrice(t, clerk));
    const now = Date.now();
    await t.app.db
      .update(osbOrders)
      .set({ siCutoff: new Date(now + 5 * HOUR), cyCutoff: new Date(now + 40 * HOUR), vgmCutoff: new Date(now + 40 * HOUR) })
      .where(eq(osbOrders.key, order.key));
    await t.app.db.delete(scheduledJobs);
    expect(await runIfDue(t.app.db, cutOffReminders, new Date(now))).toBe(true);
    expect(await runIfDue(t.app.db, cutOffReminders, new Date(now + 1000))).toBe(false);
    const reminders = (token: string) => todosAbout(token, `订舱单 ${order.key}`);
    for (const token of [user, clerk, clerk2]) {
      expect((await reminders(token)).map((n) => [n.title.includes('截单'), n.status])).toEqual([[true, 'urgent']]);
    }
    // In China time and the product's one format, as every page shows the same instant.
    const [{ siCutoff }] = await t.app.db.select().from(osbOrders).where(eq(osbOrders.key, order.key));
    expect((await reminders(clerk))[0].title).toBe(`订舱单 ${order.key} 截单将于 ${chinaDateTime(siCutoff!)} 截止`);

    // Read and run again later: still one to-do each, left as read.
    const [mine] = await reminders(user);
    expect((await t.call('PATCH', '/v1/notices', { token: user, body: { ids: [mine.id], read: true } })).statusCode).toBe(200);
    expect(await runIfDue(t.app.db, cutOffReminders, new Date(now + 301_000))).toBe(true);
    expect((await reminders(user)).map((n) => [n.status, n.read])).toEqual([['urgent', true]]);

    // The cut-off moved an hour later: the to-do made once says the new time, still read.
    const moved = new Date(now + 5.5 * HOUR);
    await t.app.db.update(osbOrders).set({ siCutoff: moved }).where(eq(osbOrders.key, order.key));
    expect(await runIfDue(t.app.db, cutOffReminders, new Date(now + 602_000))).toBe(true);
    expect((await reminders(user)).map((n) => [n.title, n.read])).toEqual([
      [`订舱单 ${order.key} 截单将于 ${chinaDateTime(moved)} 截止`, true],
    ]);

    // The SI cut-off has passed; the CY cut-off is not yet within 24 h.
    expect(await runIfDue(t.app.db, cutOffReminders, new Date(now + 6 * HOUR))).toBe(true);
    for (const token of [user, clerk, clerk2]) expect((await reminders(token)).map((n) => n.status)).toEqual(['done']);
  });

  it('runs once when two server processes tick together on one database', async () => {
    const other = await t.anotherServer();
    await t.app.db.delete(scheduledJobs);
    const at = new Date();
    const ran = await Promise.all([runIfDue(t.app.db, cutOffReminders, at), runIfDue(other.db, cutOffReminders, at)]);
    expect(ran.filter(Boolean)).toHaveLength(1);
    const [job] = await t.app.db.select().from(scheduledJobs).where(eq(scheduledJobs.name, cutOffReminders.name));
    expect(job.runs).toBe(1);
    expect(job.nextRunAt.getTime()).toBe(at.getTime() + cutOffReminders.everySeconds * 1000);
  });
});
