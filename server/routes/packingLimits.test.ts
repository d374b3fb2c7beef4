/**
 * The limits of bulkLimits that take too many rows to reach in a test (100 000-line export, 50 000-line
 * import), enforced with the limits made small: this file runs the server on a copy of contract/packing/codes
 * whose exportMaxRows, importMaxRows, listMaxRows and listCountCap are a few lines.
 */
import { seedLookups } from '../domain/demo/packing';
import { createLine } from '../testing/bulk';
import { createTestApp, type TestApp } from '../testing/harness';
import { importWorkbook, multipartFile } from '../testing/upload';

jest.mock('../../contract/packing/codes', () => {
  const actual = jest.requireActual('../../contract/packing/codes');
  return { ...actual, bulkLimits: { ...actual.bulkLimits, exportMaxRows: 3, importMaxRows: 3, listMaxRows: 4, listCountCap: 3 } };
});

let t: TestApp;
let alice: string;
let clerk: string;
beforeAll(async () => {
  t = await createTestApp();
  await seedLookups(t.app.db);
  await t.addUser('alice', ['user']);
  await t.addUser('clerk', ['documentClerk']);
  [alice, clerk] = await Promise.all([t.login('alice'), t.login('clerk')]);
  for (let i = 0; i < 5; i += 1) await createLine(t, alice, { poNo: 'PO-LIM', cartonFrom: i * 10 + 1, cartonTo: i * 10 + 10 });
});
afterAll(() => t.close());

it('an export of more than exportMaxRows lines is a 422 TOO_MANY_ROWS; a narrower filter exports', async () => {
  const response = await t.call('GET', '/v1/packing/bulkdata/export', { token: alice });
  expect(response.statusCode).toBe(422);
  expect(response.json()).toEqual({ success: false, errorCode: 'TOO_MANY_ROWS', errorMessage: '导出最多 3 行，请缩小筛选范围' });
  expect((await t.call('GET', '/v1/packing/bulkdata/export?q=nothing-like-this', { token: alice })).statusCode).toBe(200);
});

it('a file of more than importMaxRows lines is refused whole, naming the first row too many', async () => {
  const row = (from: number) => ({
    ODG货号: 'ODG1',
    PO号: 'PO-LIM2',
    款号: 'S',
    颜色: 'C',
    工厂: 'F01',
    尺码组: 'APP-INT',
    尺码配比: 'M:1',
    装箱方式: 'SCSS',
    起始箱号: from,
    结束箱号: from,
    '净重/箱(kg)': 1,
    '毛重/箱(kg)': 1,
    '外箱长(cm)': 1,
    '外箱宽(cm)': 1,
    '外箱高(cm)': 1,
    目的地: 'D',
    出厂日: '2025-01-01',
  });
  const { payload, headers } = multipartFile(await importWorkbook([1, 2, 3, 4, 5].map(row)));
  const response = await t.call('POST', '/v1/packing/multi/bulkdata/import', { token: alice, body: payload, headers });
  expect(response.statusCode).toBe(422);
  expect(response.json().rows).toEqual([{ row: 5, message: '一次最多导入 3 行，本文件有 5 行' }]);
});

it('pages stop at listMaxRows; the clerk’s total stops at listCountCap', async () => {
  expect((await t.call('GET', '/v1/packing/bulkdata?current=2&pageSize=3', { token: alice })).json()).toMatchObject({ total: 5 });
  expect((await t.call('GET', '/v1/packing/bulkdata?current=3&pageSize=2', { token: alice })).statusCode).toBe(400);
  expect((await t.call('GET', '/v1/packing/bulkdata?pageSize=2', { token: clerk })).json()).toMatchObject({
    total: 3,
    totalIsEstimate: true,
    totalCap: 3,
  });
  expect((await t.call('GET', '/v1/packing/bulkdata?pageSize=2&poNo=PO-LIM', { token: clerk })).json()).toMatchObject({
    total: 3,
    totalIsEstimate: true,
    totalCap: 3,
  });
  expect((await t.call('GET', '/v1/packing/bulkdata?current=3&pageSize=2', { token: clerk })).json()).toMatchObject({
    data: [],
    total: 3,
  });
});
