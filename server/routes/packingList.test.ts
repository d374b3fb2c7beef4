/**
 * The bulk-line lists and the export: who sees what, filters, ordering, paging, totals (exact for an owner,
 * capped for the clerk-wide list), the shipping list, and the xlsx of the current filter.
 */
import ExcelJS from 'exceljs';
import { lineFreightHeader } from '../../contract/freight/codes';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { BulkLine, BulkListResult } from '../../contract/packing/schema';
import { bulkLimits, bulkSheetColumns } from '../../contract/packing/codes';
import { findOverlaps } from '../../contract/packing/checks';
import { computeBulkTotals } from '../../contract/packing/rules';
import { bulkLineToSheetRow, bulkSheetHeader, readBulkSheet } from '../../contract/packing/sheet';
import { plainCell } from '../../contract/shared/sheet';
import { bulkLineCounts, bulkLines } from '../db/schema';
import { generateBulkLines, seedLookups } from '../domain/demo/packing';
import { demoSizeGroups } from '../../demo/lookups';
import { countersAndTruth, createLine, setStatus } from '../testing/bulk';
import { createTestApp, type TestApp } from '../testing/harness';

let t: TestApp;
let aliceId: string;
let alice: string;
let bob: string;
let clerk: string;
let inspector: string;
/** Alice's lines (oldest first) and Bob's. */
let mine: BulkLine[];
let bobs: BulkLine[];

beforeAll(async () => {
  t = await createTestApp();
  await seedLookups(t.app.db);
  aliceId = await t.addUser('alice', ['user'], { realName: '陈客户' });
  await t.addUser('bob', ['user'], { realName: '林客户' });
  await t.addUser('clerk', ['documentClerk']);
  await t.addUser('inspector', ['inspector']);
  [alice, bob, clerk, inspector] = await Promise.all([t.login('alice'), t.login('bob'), t.login('clerk'), t.login('inspector')]);
  mine = [
    await createLine(t, alice, {
      poNo: 'PO-L1',
      styleNo: 'TS-1',
      colour: 'NAVY',
      cartonFrom: 1,
      cartonTo: 10,
      exFactoryDate: '2025-03-01',
      destination: 'Los Angeles',
    }),
    await createLine(t, alice, {
      poNo: 'PO-L1',
      styleNo: 'TS-1',
      colour: 'WHITE',
      cartonFrom: 11,
      cartonTo: 40,
      exFactoryDate: '2025-03-10',
      destination: 'Long Beach',
    }),
    await createLine(
      t,
      alice,
      {
        poNo: 'po-l2',
        styleNo: 'RN-880',
        colour: 'BLACK/WHITE',
        factoryCode: 'F02',
        cartonFrom: 1,
        cartonTo: 5,
        exFactoryDate: '2025-03-20',
        destination: 'Hamburg',
        sizeGroup: 'SHOE-EU',
        sizeBreakdown: { '40': 2, '41': 3 },
      },
      'single',
    ),
    await createLine(t, alice, {
      poNo: 'PO-L3',
      odgItemNo: 'ODG-NAVYBLUE',
      styleNo: 'KD_12',
      colour: 'RED',
      cartonFrom: 1,
      cartonTo: 7,
      exFactoryDate: '2025-04-01',
      destination: 'Sydney',
      nwPerCtn: 6.125,
      gwPerCtn: 6.9,
      ctnL: 58.5,
      ctnW: 38.5,
      ctnH: 30.5,
    }),
    await createLine(t, alice, {
      poNo: 'PO-L3',
      styleNo: 'KD%12',
      colour: 'RED',
      cartonFrom: 8,
      cartonTo: 9,
      exFactoryDate: '2025-04-02',
      destination: 'Sydney',
    }),
  ];
  bobs = [await createLine(t, bob, { poNo: 'PO-L1', colour: 'NAVY', cartonFrom: 41, cartonTo: 50, exFactoryDate: '2025-03-05' })];
  await setStatus(t, mine[1].key, 'allocated');
  await setStatus(t, mine[2].key, 'shipped');
  await setStatus(t, mine[3].key, 'pendingConsolidation');
  // A split leaves stored totals that differ from computeBulkTotals by a rounding: the list must show them as stored.
  await t.call('PUT', `/v1/packing/multi/bulkdata/${mine[3].key}/seperate`, { token: alice, body: { cartons: 3, version: 1 } });
  const [newest] = (await t.call('GET', '/v1/packing/bulkdata?pageSize=1', { token: alice })).json().data;
  await t.call('DELETE', `/v1/packing/multi/bulkdata/?keys=${newest.key}&versions=${newest.version}`, { token: alice });
  mine = await Promise.all(
    mine.map(async (line) => (await t.call('GET', `/v1/packing/bulkdata/${line.key}`, { token: alice })).json()),
  );
});
afterAll(() => t.close());

async function list(token: string, query = '', kind = 'packing'): Promise<BulkListResult> {
  const response = await t.call('GET', `/v1/${kind}/bulkdata${query ? `?${query}` : ''}`, { token });
  expect(response.statusCode).toBe(200);
  return response.json();
}
const keysOf = (result: BulkListResult) => result.data.map((line) => line.key);
const newestFirst = (lines: BulkLine[]) => [...lines].reverse().map((line) => line.key);

describe('GET /v1/packing/bulkdata', () => {
  it('a customer lists only their own lines, newest first, with an exact total and no owner names', async () => {
    const result = await list(alice);
    expect(result).toMatchObject({ success: true, total: 5, current: 1, pageSize: 20 });
    expect(result).not.toHaveProperty('totalIsEstimate');
    expect(result.data).toEqual([...mine].reverse());
    expect(keysOf(await list(bob))).toEqual([bobs[0].key]);
  });

  it('the clerk and the inspector list everyone’s lines with the owner’s name', async () => {
    for (const token of [clerk, inspector]) {
      const result = await list(token);
      expect(result.total).toBe(6);
      expect(keysOf(result)).toEqual(newestFirst([...mine, ...bobs]));
      const single = await Promise.all(
        result.data.map(async (line) => (await t.call('GET', `/v1/packing/bulkdata/${line.key}`, { token })).json()),
      );
      expect(result.data).toEqual(single);
      expect(result.data.find((line) => line.owner === aliceId)).toMatchObject({ ownerName: '陈客户' });
    }
  });

  it('filters: PO, style, colour and destination from the start, case-insensitive; factory, status and type exactly', async () => {
    expect(keysOf(await list(alice, 'poNo=po-l1'))).toEqual(newestFirst(mine.slice(0, 2)));
    expect(keysOf(await list(alice, 'poNo=PO-L2'))).toEqual([mine[2].key]);
    expect(keysOf(await list(alice, 'poNo=L1'))).toEqual([]);
    expect(keysOf(await list(alice, 'styleNo=rn'))).toEqual([mine[2].key]);
    expect(keysOf(await list(alice, 'colour=navy'))).toEqual([mine[0].key]);
    expect(keysOf(await list(clerk, 'colour=navy'))).toEqual(newestFirst([mine[0], bobs[0]]));
    expect(keysOf(await list(alice, 'destination=long'))).toEqual([mine[1].key]);
    expect(keysOf(await list(alice, 'factoryCode=F02'))).toEqual([mine[2].key]);
    expect(keysOf(await list(alice, 'factoryCode=F0'))).toEqual([]);
    expect(keysOf(await list(alice, 'status=allocated'))).toEqual([mine[1].key]);
    expect(keysOf(await list(alice, 'type=single'))).toEqual([mine[2].key]);
    expect((await list(alice, 'type=single')).total).toBe(1);
  });

  it('filters by the inspection result, as the inspector’s queue exports its lots awaiting re-inspection', async () => {
    const all = (await list(alice, 'pageSize=100')).data as BulkLine[];
    const passed = all.filter((line) => line.inspectionResult === 'pass');
    expect(passed.length).toBeGreaterThan(0);
    expect(keysOf(await list(alice, 'inspectionResult=pass&pageSize=100')).sort()).toEqual(passed.map((line) => line.key).sort());
    expect(keysOf(await list(alice, 'inspectionResult=fail'))).toEqual([]);
    expect((await t.call('GET', '/v1/packing/bulkdata?inspectionResult=maybe', { token: alice })).statusCode).toBe(400);
  });

  it('filters the ex-factory date inclusively, and finds free text anywhere in odg item, PO, style or colour', async () => {
    expect(keysOf(await list(alice, 'exFactoryFrom=2025-03-10&exFactoryTo=2025-04-01'))).toEqual(newestFirst(mine.slice(1, 4)));
    expect(keysOf(await list(clerk, 'exFactoryTo=2025-03-05'))).toEqual(newestFirst([mine[0], bobs[0]]));
    expect(keysOf(await list(alice, 'q=navy'))).toEqual(newestFirst([mine[0], mine[3]]));
    expect(keysOf(await list(alice, 'q=880'))).toEqual([mine[2].key]);
    expect(keysOf(await list(alice, 'q=l2'))).toEqual([mine[2].key]);
    expect(keysOf(await list(alice, 'q=%20navy%20&poNo=%20'))).toEqual(newestFirst([mine[0], mine[3]]));
  });

  it('takes % and _ in a filter literally', async () => {
    expect(keysOf(await list(alice, 'styleNo=KD_'))).toEqual([mine[3].key]);
    expect(keysOf(await list(alice, 'styleNo=KD%25'))).toEqual([mine[4].key]);
    expect(keysOf(await list(alice, 'q=%25'))).toEqual([mine[4].key]);
  });

  it('sorts by the allowed fields, equal values by key; pages', async () => {
    const byPo = await list(alice, 'sorter=poNo:ascend');
    expect(byPo.data.map((line) => line.poNo)).toEqual(
      ['PO-L1', 'PO-L1', 'PO-L3', 'PO-L3', 'po-l2'].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
    );
    const byCbm = await list(alice, 'sorter=cbm:descend');
    expect(byCbm.data.map((line) => line.cbm)).toEqual([...mine.map((line) => line.cbm)].sort((a, b) => b - a));
    const byQty = (await list(alice, 'sorter=totalQty:ascend')).data;
    for (let i = 1; i < byQty.length; i += 1) {
      const [a, b] = [byQty[i - 1], byQty[i]];
      expect(a.totalQty < b.totalQty || (a.totalQty === b.totalQty && a.key < b.key)).toBe(true);
    }
    const oldest = await list(alice, 'sorter=createdAt:ascend&current=2&pageSize=2');
    expect(oldest).toMatchObject({ total: 5, current: 2, pageSize: 2 });
    expect(keysOf(oldest)).toEqual([mine[2].key, mine[3].key]);
    expect(await list(alice, 'current=9&pageSize=2')).toMatchObject({ data: [], total: 5, current: 9 });
  });

  it('answers 400 BAD_QUERY to a bad query: sorter outside the list, bad paging, status or date', async () => {
    for (const query of [
      'sorter=owner:ascend',
      'sorter=key:descend',
      'sorter=poNo',
      'sorter=poNo:up',
      'current=0',
      'pageSize=501',
      'pageSize=abc',
      'status=lost',
      'type=boat',
      'exFactoryFrom=2025-13-01',
      `poNo=${'x'.repeat(65)}`,
    ]) {
      const response = await t.call('GET', `/v1/packing/bulkdata?${query}`, { token: alice });
      expect([query, response.statusCode]).toEqual([query, 400]);
      expect(response.json()).toMatchObject({ success: false, errorCode: 'BAD_QUERY', fields: expect.any(Object) });
    }
    expect((await t.call('GET', '/v1/packing/bulkdata?sorter=owner:ascend', { token: alice })).json().errorMessage).toBe(
      '不支持按该字段排序',
    );
    expect((await t.call('GET', '/v1/packing/bulkdata')).statusCode).toBe(401);
  });
});

describe('GET /v1/shipping/bulkdata', () => {
  it('lists the lines in a container or shipped, the caller’s own or (clerk, inspector) everyone’s', async () => {
    expect(await list(alice, '', 'shipping')).toMatchObject({ total: 2 });
    expect(keysOf(await list(alice, '', 'shipping'))).toEqual([mine[2].key, mine[1].key]);
    expect(keysOf(await list(alice, 'type=single', 'shipping'))).toEqual([mine[2].key]);
    expect(await list(alice, 'status=pendingInspection', 'shipping')).toMatchObject({ data: [], total: 0 });
    expect(await list(bob, '', 'shipping')).toMatchObject({ data: [], total: 0 });
    expect((await list(inspector, '', 'shipping')).total).toBe(2);
    expect((await t.call('GET', '/v1/shipping/bulkdata?sorter=nope:ascend', { token: clerk })).statusCode).toBe(400);
  });
});

describe('GET /v1/packing/bulkdata/export', () => {
  async function exported(token: string, query = '') {
    const response = await t.call('GET', `/v1/packing/bulkdata/export${query ? `?${query}` : ''}`, { token });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename\*=UTF-8''%E8%A3%85%E7%AE%B1%E6%98%8E%E7%BB%86-\d{8}\.xlsx$/,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const rows: unknown[][] = [];
    sheet.eachRow({ includeEmpty: true }, (row, number) => {
      rows[number - 1] = (row.values as unknown[]).slice(1);
    });
    return { name: sheet.name, rows };
  }
  const sizeOrder = (code: string) => demoSizeGroups.find((group) => group.code === code)?.sizes ?? [];
  const cells = (rows: unknown[][]) => rows.map((row) => bulkSheetColumns.map((_column, i) => plainCell(row[i] ?? null)));
  const expectedRows = (lines: BulkLine[]) =>
    lines.map((line) =>
      bulkLineToSheetRow(line, sizeOrder(line.sizeGroup)).map((cell) => (typeof cell === 'string' && cell === '' ? null : cell)),
    );

  it('writes the caller’s lines of the filter, newest first, under the export headers', async () => {
    const { name, rows } = await exported(alice, 'poNo=po-l1');
    expect(name).toBe('装箱明细');
    expect(rows[0]).toEqual([...bulkSheetHeader(), ...lineFreightHeader]);
    expect(cells(rows.slice(1))).toEqual(expectedRows([mine[1], mine[0]]));
    expect((await exported(bob)).rows).toHaveLength(2);
    expect((await exported(clerk)).rows).toHaveLength(7);
  });

  it('an exported file has every column an import needs: it reads back to the same lines', async () => {
    const { rows } = await exported(alice);
    const read = readBulkSheet(rows);
    expect(read.errors).toEqual([]);
    const byKey = new Map(mine.map((line) => [line.key, line]));
    read.lines.forEach(({ line }, i) => {
      const original = byKey.get(String(rows[i + 1][0])) as BulkLine;
      expect(line).toEqual({
        odgItemNo: original.odgItemNo,
        poNo: original.poNo,
        styleNo: original.styleNo,
        colour: original.colour,
        factoryCode: original.factoryCode,
        sizeGroup: original.sizeGroup,
        sizeBreakdown: original.sizeBreakdown,
        packType: original.packType,
        cartonFrom: original.cartonFrom,
        cartonTo: original.cartonTo,
        nwPerCtn: original.nwPerCtn,
        gwPerCtn: original.gwPerCtn,
        ctnL: original.ctnL,
        ctnW: original.ctnW,
        ctnH: original.ctnH,
        destination: original.destination,
        exFactoryDate: original.exFactoryDate,
      });
    });
  });

  it('answers 400 BAD_QUERY to a bad filter and 401 without a token', async () => {
    const response = await t.call('GET', '/v1/packing/bulkdata/export?status=lost', { token: alice });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: 'BAD_QUERY' });
    expect((await t.call('GET', '/v1/packing/bulkdata/export')).statusCode).toBe(401);
  });
});

describe('at 10 000 lines and more', () => {
  const generated = bulkLimits.listCountCap + 50;
  beforeAll(async () => {
    await generateBulkLines(t.app.db, { lines: generated, owner: 'alice' });
  }, 120_000);

  it('demo:generate writes valid lines: totals by the rules, no overlapping cartons, every status, counters right', async () => {
    const lines = await t.app.db.select().from(bulkLines).where(eq(bulkLines.owner, aliceId));
    const synthetic = lines.filter((line) => line.poNo.startsWith('GEN'));
    expect(synthetic).toHaveLength(generated);
    for (const line of synthetic.slice(0, 500)) expect(line).toMatchObject(computeBulkTotals(line));
    expect(findOverlaps(lines)).toEqual([]);
    expect(new Set(synthetic.map((line) => line.status))).toEqual(
      new Set(['pendingInspection', 'pendingConsolidation', 'allocated', 'shipped']),
    );
    const { counters, truth } = await countersAndTruth(t);
    expect(counters).toEqual(truth);
  });

  it('an owner’s total is exact, filtered or not; the clerk’s is capped and says so', async () => {
    const all = generated + mine.length;
    expect(await list(alice, 'pageSize=1')).toMatchObject({ total: all });
    expect((await list(alice, 'pageSize=1')).totalIsEstimate).toBeUndefined();
    expect(await list(alice, 'pageSize=1&poNo=gen')).toMatchObject({ total: generated });
    const cap = bulkLimits.listCountCap;
    expect(await list(clerk, 'pageSize=1')).toMatchObject({ total: cap, totalIsEstimate: true, totalCap: cap });
    expect(await list(clerk, 'pageSize=1&poNo=GEN')).toMatchObject({ total: cap, totalIsEstimate: true, totalCap: cap });
    const few = await list(clerk, 'pageSize=1&poNo=PO-L');
    expect(few.total).toBe(mine.length + bobs.length);
    expect(few.totalIsEstimate).toBeUndefined();
  });

  it('pages to the listMaxRows-th line; deeper pages of a longer list are a 400, past the end an empty page', async () => {
    const pageSize = 20;
    const last = bulkLimits.listMaxRows / pageSize;
    const lastPage = await list(alice, `current=${last}&pageSize=${pageSize}`);
    expect(lastPage.data).toHaveLength(pageSize);
    const firstPage = await list(alice, `current=1&pageSize=${pageSize}`);
    expect(new Set([...keysOf(firstPage), ...keysOf(lastPage)]).size).toBe(2 * pageSize);
    const deeper = await t.call('GET', `/v1/packing/bulkdata?current=${last + 1}&pageSize=${pageSize}`, { token: alice });
    expect(deeper.statusCode).toBe(400);
    expect(deeper.json()).toMatchObject({ errorCode: 'BAD_QUERY', fields: { current: `最大页码为 ${last}` } });
    expect(await list(clerk, `current=${last + 1}&pageSize=${pageSize}`)).toMatchObject({
      data: [],
      total: bulkLimits.listCountCap,
    });
    expect(await list(alice, `current=${last + 1}&pageSize=${pageSize}&poNo=PO-L`)).toMatchObject({ data: [], total: 5 });
  });

  it('the statistics count every line by status', async () => {
    const statistics = (await t.call('GET', '/v1/user/statistics/shipment', { token: alice })).json();
    const counted = Object.values(statistics.packing as Record<string, number>).reduce((sum, n) => sum + n, 0);
    expect(counted).toBe(generated + mine.length);
    const clerkView = (await t.call('GET', '/v1/user/statistics/shipment', { token: clerk })).json();
    expect(clerkView.packing.shipped).toBeGreaterThan(statistics.packing.shipped - 1);
    expect(Object.values(clerkView.packing as Record<string, number>).reduce((sum, n) => sum + n, 0)).toBe(
      generated + mine.length + bobs.length,
    );
  });

  it('deep pages start at marks that hold while no line comes or goes (pageMarks.ts)', async () => {
    const truth = async (offset: number) =>
      (
        await t.app.db
          .select({ key: bulkLines.key })
          .from(bulkLines)
          .where(eq(bulkLines.owner, aliceId))
          .orderBy(desc(bulkLines.createdAt), asc(bulkLines.key))
          .limit(20)
          .offset(offset)
      ).map((row) => row.key);
    const deep = async (current: number) => keysOf(await list(alice, `current=${current}&pageSize=20`));
    for (const current of [400, 400, 401, 450]) expect(await deep(current)).toEqual(await truth((current - 1) * 20));
    const [newest, next] = await truth(0);
    await t.app.db.delete(bulkLines).where(eq(bulkLines.key, newest));
    for (const current of [400, 401]) expect(await deep(current)).toEqual(await truth((current - 1) * 20));
    // What serves the page is the mark: a line gone without its counter knowing goes unnoticed there.
    const [gone] = await t.app.db.select().from(bulkLines).where(eq(bulkLines.key, next));
    await t.app.db.execute(sql`alter table bulk_lines disable trigger bulk_lines_count_delete`);
    try {
      await t.app.db.delete(bulkLines).where(eq(bulkLines.key, next));
    } finally {
      await t.app.db.execute(sql`alter table bulk_lines enable trigger bulk_lines_count_delete`);
    }
    expect(await deep(400)).toEqual(await truth(7979));
    await t.app.db
      .update(bulkLineCounts)
      .set({ n: sql`${bulkLineCounts.n} - 1`, changes: sql`${bulkLineCounts.changes} + 1` })
      .where(and(eq(bulkLineCounts.owner, aliceId), eq(bulkLineCounts.type, gone.type), eq(bulkLineCounts.status, gone.status)));
    expect(await deep(400)).toEqual(await truth(7980));
  });
});
