/**
 * 彩贴 API: one sticker per carton of a PO or of chosen lines, each carton's SSCC kept across reprints and a split,
 * the company prefix from the settings; customers see only their own lines; the PDF prints them on A4.
 */
import { eq, sql } from 'drizzle-orm';
import type { StickerSheet } from '../../contract/sticker/schema';
import { gs1CheckDigit } from '../../contract/shared/gs1';
import { stickerLimits } from '../../contract/sticker/codes';
import { cartonLabels, settings } from '../db/schema';
import { seedLookups } from '../domain/demo/packing';
import { createLine } from '../testing/bulk';
import { createTestApp, type TestApp } from '../testing/harness';

let t: TestApp;
let alice: string;
let bob: string;
let clerk: string;
let inspector: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedLookups(t.app.db);
  await t.addUser('stalice', ['user']);
  await t.addUser('stbob', ['user']);
  await t.addUser('stclerk', ['documentClerk']);
  await t.addUser('stinspector', ['inspector']);
  [alice, bob, clerk, inspector] = await Promise.all(['stalice', 'stbob', 'stclerk', 'stinspector'].map((n) => t.login(n)));
  await createLine(t, alice, { poNo: 'PO-ST1', cartonFrom: 1, cartonTo: 10, sizeBreakdown: { S: 4, M: 8 } });
  await createLine(t, alice, {
    poNo: 'PO-ST1',
    cartonFrom: 11,
    cartonTo: 15,
    sizeBreakdown: { L: 12 },
    packType: 'SCSS',
    destination: 'Hamburg',
  });
});
afterAll(() => t.close());

const sheetOf = async (token: string, query: string): Promise<StickerSheet> => {
  const response = await t.call('GET', `/v1/stickers?${query}`, { token });
  if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
  return response.json();
};

it('gives every carton of the PO a sticker with a valid SSCC of the configured company prefix', async () => {
  const { stickers, legend } = await sheetOf(alice, 'poNo=PO-ST1');
  expect(stickers.map((s) => s.cartonNo)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
  expect(stickers.every((s) => s.cartonTotal === 15)).toBe(true);
  expect(new Set(stickers.map((s) => s.sscc)).size).toBe(15);
  for (const { sscc, ssccText } of stickers) {
    expect(sscc).toMatch(/^06901234\d{10}$/);
    expect(Number(sscc[17])).toBe(gs1CheckDigit(sscc.slice(0, 17)));
    expect(ssccText).toBe(`(00) 0 6901234 ${sscc.slice(8, 17)} ${sscc[17]}`);
  }
  expect(legend.map((entry) => entry.key)).toEqual(['S、M', 'L']);
  expect(stickers[0]).toMatchObject({ colourKey: 'S、M', fill: legend[0].colour, sizes: 'S:4 M:8', styleNo: 'TS-2025-01' });
  const byDestination = await sheetOf(alice, 'poNo=PO-ST1&colourBy=destination');
  expect(byDestination.legend.map((entry) => entry.key)).toEqual(['Los Angeles', 'Hamburg']);
});

it('keeps each carton’s SSCC across reprints, chosen lines and a split', async () => {
  const first = await sheetOf(alice, 'poNo=PO-ST1');
  const line = (await t.call('GET', '/v1/packing/bulkdata?poNo=PO-ST1&sorter=cartonFrom:ascend', { token: alice })).json()
    .data[0];
  const chosen = await sheetOf(alice, `keys=${line.key}`);
  expect(chosen.stickers.map((s) => s.sscc)).toEqual(first.stickers.slice(0, 10).map((s) => s.sscc));
  expect(chosen.stickers[0].cartonTotal).toBe(15);
  const split = await t.call('PUT', `/v1/packing/multi/bulkdata/${line.key}/seperate`, {
    token: alice,
    body: { cartons: 4, version: line.version },
  });
  expect(split.statusCode).toBe(200);
  expect((await sheetOf(alice, 'poNo=PO-ST1')).stickers.map((s) => s.sscc)).toEqual(first.stickers.map((s) => s.sscc));
  const [{ n }] = await t.app.db
    .execute(sql`select count(*)::int as n from carton_labels`)
    .then((r) => (r as unknown as { rows: { n: number }[] }).rows);
  expect(n).toBe(15);
});

it('uses the company prefix and extension digit of the settings, keeping the serials', async () => {
  const before = (await sheetOf(alice, 'poNo=PO-ST1')).stickers[0].sscc;
  const [row] = await t.app.db.select().from(settings).where(eq(settings.key, 'gs1'));
  const saved = await t.call('PUT', '/v1/setting/gs1', {
    token: clerk,
    body: { value: { companyPrefix: '69712345', extensionDigit: 3 }, version: row.version },
  });
  expect(saved.statusCode).toBe(200);
  const after = (await sheetOf(alice, 'poNo=PO-ST1')).stickers[0].sscc;
  expect(after).toMatch(/^369712345\d{9}$/);
  expect(Number(after.slice(9, 17))).toBe(Number(before.slice(8, 17)));
  const refused = await t.call('PUT', '/v1/setting/gs1', {
    token: clerk,
    body: { value: { companyPrefix: '12AB', extensionDigit: 3 }, version: row.version + 1 },
  });
  expect(refused.statusCode).toBe(422);
});

it('shows a customer only their own lines; the clerk and the inspector print anyone’s', async () => {
  expect((await t.call('GET', '/v1/stickers?poNo=PO-ST1', { token: bob })).statusCode).toBe(404);
  const line = (await t.call('GET', '/v1/packing/bulkdata?poNo=PO-ST1', { token: alice })).json().data[0];
  expect((await t.call('GET', `/v1/stickers?keys=${line.key}`, { token: bob })).statusCode).toBe(404);
  expect((await t.call('GET', `/v1/stickers/pdf?keys=${line.key}`, { token: bob })).statusCode).toBe(404);
  for (const token of [clerk, inspector]) expect((await sheetOf(token, 'poNo=PO-ST1')).stickers).toHaveLength(15);
  expect((await t.call('GET', '/v1/stickers?poNo=PO-ST1')).statusCode).toBe(401);
});

it('refuses a query without exactly one of PO and lines, and more cartons than a print takes, writing nothing', async () => {
  const labels = async () => (await t.app.db.select().from(cartonLabels)).length;
  const before = await labels();
  for (const query of ['', 'poNo=PO-ST1&keys=BD00000001', 'poNo=PO-ST1&layout=4x4', 'poNo=PO-ST1&colourBy=weight']) {
    expect((await t.call('GET', `/v1/stickers?${query}`, { token: alice })).statusCode).toBe(400);
  }
  await createLine(t, alice, { poNo: 'PO-BIG', cartonFrom: 1, cartonTo: stickerLimits.maxStickers + 1 });
  const big = await t.call('GET', '/v1/stickers?poNo=PO-BIG', { token: alice });
  expect([big.statusCode, big.json().fields.poNo]).toEqual([
    422,
    `共 ${stickerLimits.maxStickers + 1} 箱，一次最多打印 ${stickerLimits.maxStickers} 张彩贴`,
  ]);
  expect(await labels()).toBe(before);
});

it('prints the stickers as an A4 PDF, eight or twenty-four a page', async () => {
  for (const [layout, pages] of [
    ['2x4', 2],
    ['3x8', 1],
  ] as const) {
    const response = await t.call('GET', `/v1/stickers/pdf?poNo=PO-ST1&layout=${layout}`, { token: alice });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(encodeURIComponent('彩贴-PO-ST1.pdf'));
    const pdf = response.rawPayload.toString('latin1');
    expect(pdf.startsWith('%PDF')).toBe(true);
    expect(pdf.match(/\/Type \/Page\b/g)).toHaveLength(pages);
  }
});

it('prints Chinese in an embedded subset of Noto Sans SC; the most stickers a PDF takes stay under 5 MB', async () => {
  await createLine(t, alice, {
    poNo: 'PO-ST-CN',
    colour: '藏青色',
    destination: '汉堡',
    cartonFrom: 1,
    cartonTo: stickerLimits.maxStickers,
  });
  const response = await t.call('GET', '/v1/stickers/pdf?poNo=PO-ST-CN&layout=3x8', { token: alice });
  expect(response.statusCode).toBe(200);
  const pdf = response.rawPayload;
  expect(pdf.length).toBeLessThan(5 * 1024 * 1024);
  const text = pdf.toString('latin1');
  // A subset (a six-letter tag before the name) of the font, with its map back to Unicode for search and copy.
  expect(text).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansSC/);
  expect(text).toContain('/ToUnicode');
  expect(text.match(/\/Type \/Page\b/g)).toHaveLength(Math.ceil(stickerLimits.maxStickers / 24));
});
