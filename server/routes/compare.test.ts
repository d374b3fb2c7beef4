/**
 * 出运对比表: packed against shipped (已出运) per PO and per PO / style / colour / size, the figures the page shows
 * and the same in the workbook, differences filled red, the filters, bad input 4xx, and the clerk's report only.
 */
import { eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { compareEndpoints } from '../../contract/compare/schema';
import { freightSchema } from '../../contract/freight/schema';
import { emptyHandoverChecklist } from '../../contract/loose/codes';
import { bulkLines, looseBookings } from '../db/schema';
import { seedLookups } from '../domain/demo/packing';
import { confirmedPlan, putPrice } from '../testing/booking';
import { createLine, setStatus } from '../testing/bulk';
import { createTestApp, type TestApp } from '../testing/harness';

let t: TestApp;
let user: string;
let userId: string;
let clerk: string;
let inspector: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedLookups(t.app.db);
  userId = await t.addUser('scuser', ['user']);
  await t.addUser('scuser2', ['user']);
  await t.addUser('scclerk', ['documentClerk']);
  await t.addUser('scinspector', ['inspector']);
  [user, clerk, inspector] = await Promise.all(['scuser', 'scclerk', 'scinspector'].map((n) => t.login(n)));
  // PO-SC1: 10 cartons shipped, 5 still packed; PO-SC2: 4 cartons shipped, all of it; another customer's PO-SC3.
  const shipped = await createLine(t, user, { poNo: 'PO-SC1', cartonTo: 10, exFactoryDate: '2026-03-01' });
  await createLine(t, user, { poNo: 'PO-SC1', cartonFrom: 11, cartonTo: 15, exFactoryDate: '2026-03-01' });
  const all = await createLine(t, user, {
    poNo: 'PO-SC2',
    cartonTo: 4,
    sizeBreakdown: { M: 6 },
    packType: 'SCSS',
    exFactoryDate: '2026-04-01',
  });
  await createLine(t, await t.login('scuser2'), { poNo: 'PO-SC3', cartonTo: 2, exFactoryDate: '2026-03-01' });
  for (const line of [shipped, all]) await setStatus(t, line.key, 'shipped');
});
afterAll(() => t.close());

const summary = async (query: string, token = clerk) =>
  t.call('GET', `/v1/shipping/bulkdata/compare/summary?${query}`, { token });

it('answers the totals and the POs, those with a difference first, filtered by period, customer and PO', async () => {
  const answer = compareEndpoints.summary.response.parse((await summary(`owner=${userId}`)).json());
  expect(answer.totals).toEqual({
    packedCartons: 19,
    packedQty: 15 * 24 + 24,
    shippedCartons: 14,
    shippedQty: 10 * 24 + 24,
    lineCount: 3,
    poCount: 2,
    differingPoCount: 1,
  });
  expect(answer.rows.map((row) => [row.poNo, row.packedQty, row.shippedQty])).toEqual([
    ['PO-SC1', 360, 240],
    ['PO-SC2', 24, 24],
  ]);
  const march = (await summary('exFactoryFrom=2026-03-01&exFactoryTo=2026-03-31&poNo=po-sc')).json();
  expect(march.rows.map((row: { poNo: string }) => row.poNo)).toEqual(['PO-SC1', 'PO-SC3']);
  expect((await summary('poNo=PO-SC2')).json().totals.differingPoCount).toBe(0);
});

it('writes the same figures to the workbook, per size in the size group’s order, differences filled red', async () => {
  const file = await t.call('GET', `/v1/shipping/bulkdata/compare?owner=${userId}`, { token: clerk });
  expect(file.statusCode).toBe(200);
  expect(file.headers['content-disposition']).toContain(encodeURIComponent('出运对比表-'));
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
  const rowsOf = (name: string) => {
    const rows: { values: unknown[]; red: boolean }[] = [];
    workbook.getWorksheet(name)!.eachRow((row) => {
      const fill = row.getCell(row.cellCount).fill as { fgColor?: { argb?: string } } | undefined;
      rows.push({ values: (row.values as unknown[]).slice(1), red: fill?.fgColor?.argb === 'FFFFC7CE' });
    });
    return rows;
  };
  const summaryRows = rowsOf('汇总');
  expect(summaryRows[1].values.slice(-2)).toEqual(['运费（CNY）', '每件运费（CNY）']);
  expect(summaryRows.slice(2)).toEqual([
    { values: ['PO-SC1', 2, 15, 360, 10, 240, -5, -120], red: true },
    { values: ['PO-SC2', 1, 4, 24, 4, 24, 0, 0], red: false },
    { values: ['合计', 3, 19, 384, 14, 264, -5, -120], red: true },
  ]);
  expect(rowsOf('明细').slice(1)).toEqual([
    { values: ['PO-SC1', 'TS-2025-01', 'NAVY', 'S', 15, 60, 10, 40, -5, -20], red: true },
    { values: ['PO-SC1', 'TS-2025-01', 'NAVY', 'M', 0, 120, 0, 80, 0, -40], red: true },
    { values: ['PO-SC1', 'TS-2025-01', 'NAVY', 'L', 0, 120, 0, 80, 0, -40], red: true },
    { values: ['PO-SC1', 'TS-2025-01', 'NAVY', 'XL', 0, 60, 0, 40, 0, -20], red: true },
    { values: ['PO-SC2', 'TS-2025-01', 'NAVY', 'M', 4, 24, 4, 24, 0, 0], red: false },
  ]);
});

/** The rows of the workbook's sheet `name` for `query`, as values. */
async function sheetRows(query: string, name: string) {
  const file = await t.call('GET', `/v1/shipping/bulkdata/compare?${query}`, { token: clerk });
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.getWorksheet(name)!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

it('writes each PO’s freight as the container and the loose booking split it, per size by pieces', async () => {
  // PO-SCF1: two lines in a container; PO-SCF2: a line of a loose booking; PO-SCF3: a line not yet booked.
  const { plan } = await confirmedPlan(t, user, clerk, await putPrice(t, clerk, { containerType: '40GP' }), 1);
  const box = (await t.call('POST', `/v1/osbplan/${plan.key}/container`, { token: user, body: {} })).json();
  const inBox = [
    await createLine(t, user, { poNo: 'PO-SCF1', cartonTo: 10, exFactoryDate: '2026-05-01' }),
    await createLine(t, user, { poNo: 'PO-SCF1', cartonFrom: 11, cartonTo: 13, exFactoryDate: '2026-05-01' }),
  ];
  const loose = await createLine(t, user, { poNo: 'PO-SCF2', cartonTo: 3, exFactoryDate: '2026-05-01' });
  await createLine(t, user, { poNo: 'PO-SCF3', cartonTo: 3, exFactoryDate: '2026-05-01' });
  const db = t.app.db;
  await db
    .update(bulkLines)
    .set({ containerKey: box.key })
    .where(
      inArray(
        bulkLines.key,
        inBox.map((line) => line.key),
      ),
    );
  const [booking] = await db
    .insert(looseBookings)
    .values({
      destination: 'Los Angeles',
      forwarder: '中外运',
      cfsCutOff: '2026-12-05',
      lineCount: 1,
      cartonCount: 3,
      totalQty: loose.totalQty,
      totalGw: loose.totalGw,
      cbm: loose.cbm,
      status: 'CONFIRMED',
      documents: emptyHandoverChecklist(),
      owner: userId,
    })
    .returning({ key: looseBookings.key });
  await db.update(bulkLines).set({ planKey: booking.key }).where(eq(bulkLines.key, loose.key));

  const boxFreight = freightSchema.parse((await t.call('GET', `/v1/osbContainer/${box.key}/freight`, { token: clerk })).json());
  const looseFreight = freightSchema.parse(
    (await t.call('GET', `/v1/looseBooking/${booking.key}`, { token: user })).json().freight,
  );
  const cents = (value: number | null) => Math.round((value ?? 0) * 100);
  const boxCny = boxFreight.lines.reduce((sum, line) => sum + cents(line.cny), 0) / 100;
  const pieces = inBox.reduce((sum, line) => sum + line.totalQty, 0);
  const summary = await sheetRows('poNo=PO-SCF', '汇总');
  expect(summary.slice(2).map((row) => [row[0], row[8], row[9]])).toEqual([
    ['PO-SCF1', boxCny, Math.round((boxCny / pieces) * 100) / 100],
    ['PO-SCF2', looseFreight.cny, looseFreight.lines[0].cnyPerPiece],
    ['PO-SCF3', undefined, undefined],
    [
      '合计',
      Math.round((boxCny + looseFreight.cny!) * 100) / 100,
      Math.round(((boxCny + looseFreight.cny!) / (pieces + loose.totalQty)) * 100) / 100,
    ],
  ]);
  // The sizes of PO-SCF1 share its freight by pieces: together within a fen a row of it.
  const sizes = (await sheetRows('poNo=PO-SCF1', '明细')).slice(1);
  const bySize = sizes.reduce((sum, row) => sum + cents(row[10] as number), 0);
  expect(Math.abs(bySize - cents(boxCny))).toBeLessThanOrEqual(sizes.length);
  expect(sizes.map((row) => row[11])).toEqual(sizes.map(() => Math.round((boxCny / pieces) * 100) / 100));
});

it('refuses bad input with 4xx and is the clerk’s alone', async () => {
  for (const query of ['owner=nobody', 'exFactoryFrom=2026-13-01', 'poNo=' + 'x'.repeat(65), 'extra=1']) {
    const status = (await summary(query)).statusCode;
    expect([query, status >= 400 && status < 500]).toEqual([query, true]);
  }
  for (const token of [user, inspector]) {
    expect((await summary('', token)).statusCode).toBe(403);
    expect((await t.call('GET', '/v1/shipping/bulkdata/compare', { token })).statusCode).toBe(403);
  }
});
