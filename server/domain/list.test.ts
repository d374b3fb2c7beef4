/**
 * The list engine (defineList) past its small-data paths, on the 验针 list: a filter matching more rows than
 * are sorted in one statement, a page past the end, the counter's totals, the same order on every path, and one
 * row (`one`) under the same owner scope.
 */
import { asc, desc, sql } from 'drizzle-orm';
import { inspections } from '../db/schema';
import type { Inspection } from '../../contract/inspection/schema';
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

describe('deep pages of the unfiltered list start at marks (pageMarks.ts)', () => {
  /** The keys at `offset` as the order's index has them now, read by the test itself. */
  const truth = async (offset: number) =>
    (
      await t.app.db
        .select({ key: inspections.key })
        .from(inspections)
        .orderBy(asc(inspections.result), desc(inspections.inspectedAt), asc(inspections.key))
        .limit(20)
        .offset(offset)
    ).map((row) => row.key);
  const deep = async (current: number) => keysOf(await page(`pageSize=20&current=${current}`));
  const newest = (po: string) => sql`
    insert into inspections (po_no, line_keys, lines, lot_qty, mode, sample_size, detector_id, sensitivity_fe_mm,
      calibrated_at, inspected_qty, passed_qty, alarm_qty, fragments, result, owner, inspector, inspected_at)
    values (${po}, array['BD0'], '[]'::jsonb, 240, 'sample', 50, 'MD-01', 1.0, now(), 50, 49, 1, '[]'::jsonb, 'fail',
      ${owner}::uuid, ${owner}::uuid, now() + interval '1 minute')`;

  test('a page walked once is served from its mark, and so is the next one; a row that comes moves them on', async () => {
    expect(await deep(51)).toEqual(await truth(1000));
    expect(await deep(51)).toEqual(await truth(1000));
    expect(await deep(52)).toEqual(await truth(1020));
    await t.app.db.execute(newest('MARK1'));
    expect(await truth(1000)).not.toEqual(await truth(1001));
    expect(await deep(51)).toEqual(await truth(1000));
    expect(await deep(52)).toEqual(await truth(1020));
  });

  test('the mark is what serves the page: a row that comes without its counter knowing goes unseen there', async () => {
    expect(await deep(53)).toEqual(await truth(1040));
    await t.app.db.execute(sql`alter table inspections disable trigger inspections_count_insert`);
    try {
      await t.app.db.execute(newest('MARK2'));
    } finally {
      await t.app.db.execute(sql`alter table inspections enable trigger inspections_count_insert`);
    }
    // The row sorts first, so the true page moved back by one; the page served from the mark did not.
    expect(await deep(53)).toEqual(await truth(1041));
    await t.app.db.execute(
      sql`update row_counts set n = n + 1, changes = changes + 1 where entity = 'inspection' and owner = ${owner}::uuid`,
    );
    expect(await deep(53)).toEqual(await truth(1040));
  });
});
