/** 待拼柜货物: the customer's waiting lines by destination and ex-factory week, with the boxes suggested for them. */
import { goodsEndpoints, type GoodsGroup } from '../../contract/goods/schema';
import { seedLookups } from '../domain/demo/packing';
import { createLine, setStatus } from '../testing/bulk';
import { createTestApp, type TestApp } from '../testing/harness';

let t: TestApp;
let user: string;
let user2: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedLookups(t.app.db);
  await t.addUser('gduser', ['user']);
  await t.addUser('gduser2', ['user']);
  [user, user2] = await Promise.all(['gduser', 'gduser2'].map((n) => t.login(n)));
});
afterAll(() => t.close());

let po = 0;
/** A passed 待拼柜 line of cartons of 0.64 m³ and 20 kg gross. */
async function waiting(cartons: number, destination: string, exFactoryDate: string, token = user) {
  po += 1;
  const line = await createLine(t, token, {
    poNo: `PO-GD${po}`,
    cartonTo: cartons,
    ...{ ctnL: 100, ctnW: 80, ctnH: 80, nwPerCtn: 18, gwPerCtn: 20 },
    ...{ destination, exFactoryDate },
  });
  await setStatus(t, line.key, 'pendingConsolidation', 'pass');
  return line;
}
const goods = async (query = '', token = user) => {
  const response = await t.call('GET', `/v1/osbGoods${query}`, { token });
  expect(response.statusCode).toBe(200);
  return goodsEndpoints.list.response.parse(response.json());
};

it('groups the customer’s waiting lines by destination and ex-factory week, earliest first, with boxes suggested', async () => {
  const [a, b] = [await waiting(50, 'Los Angeles', '2026-03-02'), await waiting(110, 'los angeles', '2026-03-06')];
  await waiting(5, 'Hamburg', '2026-03-04');
  await waiting(5, 'Sydney', '2026-02-20');
  await waiting(5, 'Los Angeles', '2026-03-02', user2);
  await createLine(t, user, { poNo: 'PO-GD-NOT-INSPECTED', destination: 'Los Angeles', exFactoryDate: '2026-03-02' });

  const answer = await goods();
  expect(answer.total).toBe(4);
  expect(answer.data.map((g) => [g.week, g.destination, g.pod])).toEqual([
    ['2026-W08', 'Sydney', 'AUSYD'],
    ['2026-W10', 'Hamburg', 'DEHAM'],
    ['2026-W10', 'Los Angeles', 'USLAX'],
    ['2026-W10', 'los angeles', 'USLAX'],
  ]);
  const la = answer.data.find((g) => g.destination === 'Los Angeles') as GoodsGroup;
  expect(la).toMatchObject({ weekStart: '2026-03-02', lineCount: 1, cartonCount: 50, cbm: 32, totalGw: 1000 });
  expect(la.lines.map((line) => line.key)).toEqual([a.key]);
  expect(la.suggestion).toEqual([{ containerType: '40GP', cbm: 32, weight: 1000 }]);
  const other = answer.data.find((g) => g.destination === 'los angeles') as GoodsGroup;
  expect(other.lines.map((line) => line.key)).toEqual([b.key]);
  expect(other.suggestion.map((box) => box.containerType)).toEqual(['45HQ']);
});

it('filters by a destination’s beginning (any case) and by week; pages the groups', async () => {
  expect((await goods('?destination=LOS')).data.map((g) => g.destination)).toEqual(['Los Angeles', 'los angeles']);
  expect((await goods('?week=2026-W08')).data.map((g) => g.destination)).toEqual(['Sydney']);
  const second = await goods('?pageSize=1&current=2');
  expect([second.total, second.data.map((g) => g.destination)]).toEqual([4, ['Hamburg']]);
  const bad = await t.call('GET', '/v1/osbGoods?week=2026-10', { token: user });
  expect(bad.statusCode).toBe(400);
});

it('shows another customer only their own goods, and no group of anyone to the clerk or the inspector', async () => {
  const theirs = await goods('', user2);
  expect(theirs.data.map((g) => [g.destination, g.lineCount])).toEqual([['Los Angeles', 1]]);
  await t.addUser('gdclerk', ['documentClerk']);
  await t.addUser('gdinspector', ['inspector']);
  for (const name of ['gdclerk', 'gdinspector']) {
    expect((await t.call('GET', '/v1/osbGoods', { token: await t.login(name) })).statusCode).toBe(403);
  }
});
