import { sql } from 'drizzle-orm';
import type { Notice } from '../../contract/notice/schema';
import { notify } from '../domain/notice';
import { createTestApp, type TestApp } from '../testing/harness';

let t: TestApp;
let aliceId: string;
let bobId: string;
let alice: string;
let bob: string;
beforeAll(async () => {
  t = await createTestApp();
  aliceId = await t.addUser('alice', ['user']);
  bobId = await t.addUser('bob', ['user']);
  [alice, bob] = await Promise.all([t.login('alice'), t.login('bob')]);
});
afterAll(() => t.close());

async function seed() {
  await t.app.db.execute(sql`delete from notices`);
  for (const [i, type] of (['notification', 'message', 'event', 'notification'] as const).entries()) {
    await notify(t.app.db, aliceId, { type, title: `通知${i}`, status: type === 'event' ? 'todo' : '' });
  }
  await notify(t.app.db, bobId, { type: 'notification', title: 'bob 的通知' });
}

const titles = (body: { data: Notice[] }) => body.data.map((n) => n.title);

it('lists the caller’s own notices, newest first, filtered by type, paged', async () => {
  await seed();
  const all = await t.call('GET', '/v1/notices', { token: alice });
  expect(all.statusCode).toBe(200);
  expect(all.json()).toMatchObject({ success: true, total: 4, current: 1, pageSize: 20 });
  expect(titles(all.json())).toEqual(['通知3', '通知2', '通知1', '通知0']);
  const onlyNotifications = await t.call('GET', '/v1/notices?type=notification', { token: alice });
  expect(titles(onlyNotifications.json())).toEqual(['通知3', '通知0']);
  const page2 = await t.call('GET', '/v1/notices?current=2&pageSize=3', { token: alice });
  expect(titles(page2.json())).toEqual(['通知0']);
  expect(titles((await t.call('GET', '/v1/notices', { token: bob })).json())).toEqual(['bob 的通知']);
  expect((await t.call('GET', '/v1/notices?type=spam', { token: alice })).statusCode).toBe(400);
});

it('marks notices read by id (only the caller’s own) or by type, and the counts follow', async () => {
  await seed();
  const [first] = (await t.call('GET', '/v1/notices', { token: alice })).json().data as Notice[];
  const [bobs] = (await t.call('GET', '/v1/notices', { token: bob })).json().data as Notice[];
  const byId = await t.call('PATCH', '/v1/notices', {
    token: alice,
    body: { ids: [first.id, bobs.id, 'not-a-uuid'], read: true },
  });
  expect(byId.json()).toEqual({ success: true, updated: 1 });
  expect((await t.call('GET', '/v1/notices', { token: bob })).json().data[0].read).toBe(false);
  expect((await t.call('GET', '/v1/users/current', { token: alice })).json()).toMatchObject({ notifyCount: 4, unreadCount: 3 });

  const byType = await t.call('PATCH', '/v1/notices', { token: alice, body: { type: 'notification', read: true } });
  expect(byType.json()).toEqual({ success: true, updated: 1 });
  expect((await t.call('GET', '/v1/users/current', { token: alice })).json()).toMatchObject({ unreadCount: 2 });
  expect((await t.call('PATCH', '/v1/notices', { token: alice, body: { type: 'notification', read: false } })).statusCode).toBe(
    422,
  );
});

it('clears one type of the caller’s notices', async () => {
  await seed();
  const cleared = await t.call('DELETE', '/v1/notices?type=notification', { token: alice });
  expect(cleared.json()).toEqual({ success: true, deleted: 2 });
  expect(titles((await t.call('GET', '/v1/notices', { token: alice })).json())).toEqual(['通知2', '通知1']);
  expect((await t.call('GET', '/v1/notices', { token: bob })).json().total).toBe(1);
  expect((await t.call('DELETE', '/v1/notices', { token: alice })).statusCode).toBe(400);
});

it('does not create a notice of a type the user turned off', async () => {
  await t.call('PATCH', `/v1/users/${bobId}`, {
    token: bob,
    body: { notifyPreferences: { notification: false, message: true, event: true } },
  });
  expect(await notify(t.app.db, bobId, { type: 'notification', title: '不想要' })).toBeNull();
  expect(await notify(t.app.db, bobId, { type: 'message', title: '想要' })).toMatchObject({ title: '想要', read: false });
});
