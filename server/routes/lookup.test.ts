/** Lookups: factories, size groups and GBS orders, read by every signed-in role as plain arrays. */
import { gbsOrders } from '../db/schema';
import { seedLookups } from '../domain/demo/packing';
import { demoFactories, demoGbsOrders, demoSizeGroups } from '../../demo/lookups';
import { createTestApp, type TestApp } from '../testing/harness';

let t: TestApp;
let user: string;
let clerk: string;
let inspector: string;
beforeAll(async () => {
  t = await createTestApp();
  await seedLookups(t.app.db);
  // Enough orders of one prefix to reach the cap of 20 answers.
  await t.app.db.insert(gbsOrders).values(
    Array.from({ length: 25 }, (_, i) => ({
      ...demoGbsOrders[0],
      id: `G9${String(i).padStart(3, '0')}`,
      odgItemNo: `ODX${String(24 - i).padStart(3, '0')}`,
      poNo: `45009${i}`,
    })),
  );
  await t.addUser('user', ['user']);
  await t.addUser('clerk', ['documentClerk']);
  await t.addUser('inspector', ['inspector']);
  [user, clerk, inspector] = await Promise.all([t.login('user'), t.login('clerk'), t.login('inspector')]);
});
afterAll(() => t.close());

it('GET /v1/factories and /v1/sizeGroup answer plain arrays by code, for every role', async () => {
  for (const token of [user, clerk, inspector]) {
    expect((await t.call('GET', '/v1/factories', { token })).json()).toEqual(demoFactories);
    expect((await t.call('GET', '/v1/sizeGroup', { token })).json()).toEqual(
      [...demoSizeGroups].sort((a, b) => a.code.localeCompare(b.code)),
    );
  }
  expect((await t.call('GET', '/v1/factories')).statusCode).toBe(401);
});

it('GET /v1/gbs/getOrderList/{odg_item_no} finds orders by prefix, case-insensitive, by odg item number then PO', async () => {
  const found = (await t.call('GET', '/v1/gbs/getOrderList/odg240001', { token: user })).json();
  expect(found).toEqual([demoGbsOrders[0], demoGbsOrders[1]]);
  const all = (await t.call('GET', '/v1/gbs/getOrderList/ODG24', { token: inspector })).json();
  expect(all.map((order: { id: string }) => order.id)).toEqual(demoGbsOrders.map((order) => order.id));
  expect((await t.call('GET', '/v1/gbs/getOrderList/XYZ', { token: user })).json()).toEqual([]);
  expect((await t.call('GET', '/v1/gbs/getOrderList/OD%25', { token: user })).json()).toEqual([]);
});

it('answers at most 20 orders, and wants 3 characters at least', async () => {
  const capped = (await t.call('GET', '/v1/gbs/getOrderList/odx', { token: user })).json();
  expect(capped).toHaveLength(20);
  expect(capped[0].odgItemNo).toBe('ODX000');
  const short = await t.call('GET', '/v1/gbs/getOrderList/OD', { token: user });
  expect(short.statusCode).toBe(422);
  expect(short.json()).toMatchObject({ success: false, fields: { odg_item_no: '请至少输入 3 个字符' } });
});

it('GET /v1/gbs/getOrderInfo/{id} answers the order, 404 for an unknown one', async () => {
  expect((await t.call('GET', '/v1/gbs/getOrderInfo/G1003', { token: clerk })).json()).toEqual(demoGbsOrders[2]);
  const missing = await t.call('GET', '/v1/gbs/getOrderInfo/G0000', { token: clerk });
  expect(missing.statusCode).toBe(404);
  expect(missing.json()).toMatchObject({ errorCode: 'NOT_FOUND', errorMessage: '订单不存在' });
});
