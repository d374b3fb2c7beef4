/**
 * The list engine (defineList) past its small-data paths, on the 验针 list: a filter matching more rows than
 * are sorted in one statement, a page past the end, the counter's totals, the same order on every path, and one
 * row (`one`) under the same owner scope.
 */
import { sql } from 'drizzle-orm';
import type { Inspection } from '../../contract/inspection';
import { createTestApp, type TestApp } from '../testing/harness';

let t: TestApp;
let clerk: string;
let owner: string;

/** `count` records of the owner under PO `<prefix>NNNN`, every third failed, one a minute apart. */
async function records(prefix: string, count: number) {
  await t.app.db.execute(sql`
    insert into inspections (po_no, line_keys, lines, lot_qty, mode, sample_size, detector_id, sensitivity_fe_mm,
      calibrated_at, inspected_qty, passed_qty, alarm_qty, fragments, result, owner, inspector, inspected_at)
    select ${prefix} || lpad(g::text, 4, '0'), array['BD' || g], '[]'::jsonb, 240, 'sample', 50, 'MD-01', 1.0, now(),
      50, 50, 0, '[]'::jsonb, case when g % 3 = 0 then 'fail' else 'pass' end, ${owner}::uuid, ${owner}::uuid,
      now() - make_interval(mins => g)
    from generate_series(1, ${count}) as g`);
}

const page = async (query: string) => (await t.call('GET', `/v1/inspection?${query}`, { token: clerk })).json();
const keysOf = (answer: { data: Inspection[] }) => answer.data.map((record) => record.key);

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.addUser('listowner', ['user']);
  await t.addUser('listclerk', ['documentClerk']);
  clerk = await t.login('listclerk');
  await records('MANY', 1100);
  await records('FEW', 30);
});
afterAll(() => t.close());

test('a filter matching more rows than one statement sorts pages them on the index, in the same order', async () => {
  const first = await page('poNo=MANY&pageSize=50');
  expect(first.total).toBe(1100);
  const second = await page('poNo=MANY&pageSize=50&current=2');
  const both = await page('poNo=MANY&pageSize=100');
  expect([...keysOf(first), ...keysOf(second)]).toEqual(keysOf(both));
  // Failures first, newest first.
  expect(both.data.slice(0, 3).map((record: Inspection) => record.result)).toEqual(['fail', 'fail', 'fail']);
});

test('a filter matching few rows is counted and paged in one statement; a page past the end is empty', async () => {
  const few = await page('poNo=FEW&pageSize=20&current=2');
  expect([few.total, few.data.length]).toEqual([30, 10]);
  // Sorted like the index: failures first, then newest first.
  const all: Inspection[] = (await page('poNo=FEW&pageSize=30')).data;
  const sorted = [...all].sort((a, b) => a.result.localeCompare(b.result) || b.inspectedAt.localeCompare(a.inspectedAt));
  expect(all.map((r) => r.key)).toEqual(sorted.map((r) => r.key));
  expect(few.data.map((r: Inspection) => r.key)).toEqual(all.slice(20).map((r) => r.key));
  const byPo = (await page('poNo=FEW&pageSize=30&sorter=poNo:descend')).data.map((r: Inspection) => r.poNo);
  expect(byPo).toEqual([...byPo].sort().reverse());
  const past = await page('poNo=FEW&pageSize=20&current=5');
  expect([past.total, past.data]).toEqual([30, []]);
});

test('a prefix filter ignores case and takes LIKE’s wildcards as the characters they are', async () => {
  expect((await page('poNo=few000&pageSize=1')).total).toBe(9);
  expect((await page('poNo=Few001')).total).toBe(10);
  expect((await page('poNo=FEW0030')).total).toBe(1);
  for (const text of ['F%25', 'F_W', '%25']) expect((await page(`poNo=${text}`)).total).toBe(0);
  expect((await page('poNo=%20FEW%20')).total).toBe(30);
});

test('without filters the total comes from the counter and matches the rows', async () => {
  expect((await page('pageSize=1')).total).toBe(1130);
});

test('one row: as the list shows it to a reader of all and to its owner; another customer gets the 404', async () => {
  const [listed] = (await page('poNo=FEW0001')).data as Inspection[];
  await t.addUser('listother', ['user']);
  const asOwner = await t.login('listowner');
  const asOther = await t.login('listother');
  for (const token of [clerk, asOwner]) {
    expect((await t.call('GET', `/v1/inspection/${listed.key}`, { token })).json()).toEqual(listed);
  }
  const refused = await t.call('GET', `/v1/inspection/${listed.key}`, { token: asOther });
  expect([refused.statusCode, refused.json().errorMessage]).toEqual([404, '验针记录不存在']);
  expect((await t.call('GET', '/v1/inspection/NI99999999', { token: clerk })).statusCode).toBe(404);
});
