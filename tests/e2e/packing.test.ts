/**
 * 装箱单 end to end, as the demo customer `user`: import an xlsx of a new PO through the import dialog, see its
 * lines, filter by the PO, split one line (拆分), merge two (合并), export the filtered list and read the file,
 * open a line's detail page (size breakdown, change history with the split); then as `user2`: none of those
 * lines can be seen, neither in the list nor by the detail URL (nor through the API).
 *
 * The steps share one signed-in page and run in order; the figures are checked on the page and, where the page
 * rounds or hides them, through the API with the page's own token.
 */
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { BulkLine, BulkListResult } from '../../contract/packing/schema';
import { BULK_SHEET_NAME, bulkSheetColumns, bulkStatusLabels, type BulkField } from '../../contract/packing/codes';
import { readBulkSheet } from '../../contract/packing/sheet';
import type { Factory, SizeGroup } from '../../contract/lookup/schema';
import { api, launchBrowser, openPage, screenshot, settled, signIn, waitForPageTitle, where } from './support';

/** A PO no demo line has: the run's time in base 36, so a rerun on a kept database does not collide. */
const PO = `E2E${Date.now().toString(36).toUpperCase()}`;

interface SheetLine {
  colour: string;
  sizes: Record<string, number>;
  packType: 'SCAS' | 'SCSS';
  cartonFrom: number;
  cartonTo: number;
}

/**
 * Three lines of the PO: A (1–10) and B (11–20) could have been one line (same order, factory, size group,
 * per-carton figures, ranges that join), C (21–30) is another colour and is the one split.
 * Sizes are filled in from the server's size group once it is known.
 */
const sheetLines = (sizes: readonly string[]): SheetLine[] => [
  { colour: 'NAVY', sizes: { [sizes[0]]: 4, [sizes[1]]: 8 }, packType: 'SCAS', cartonFrom: 1, cartonTo: 10 },
  { colour: 'NAVY', sizes: { [sizes[0]]: 4, [sizes[1]]: 8 }, packType: 'SCAS', cartonFrom: 11, cartonTo: 20 },
  { colour: 'WHITE', sizes: { [sizes[1]]: 24 }, packType: 'SCSS', cartonFrom: 21, cartonTo: 30 },
];

/** The import file: the header row of the contract's imported columns, one row per line. */
async function importWorkbook(lines: SheetLine[], factoryCode: string, sizeGroup: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(BULK_SHEET_NAME);
  const columns = bulkSheetColumns.filter((column) => column.imported);
  sheet.addRow(columns.map((column) => column.header));
  for (const line of lines) {
    const cells: Partial<Record<BulkField, string | number>> = {
      odgItemNo: 'ODG-E2E-01',
      poNo: PO,
      styleNo: 'E2E-TEE',
      colour: line.colour,
      factoryCode,
      sizeGroup,
      sizeBreakdown: Object.entries(line.sizes)
        .map(([size, qty]) => `${size}:${qty}`)
        .join(';'),
      packType: line.packType,
      cartonFrom: line.cartonFrom,
      cartonTo: line.cartonTo,
      nwPerCtn: 8.4,
      gwPerCtn: 9.2,
      ctnL: 60,
      ctnW: 40,
      ctnH: 35,
      destination: 'Los Angeles',
      exFactoryDate: '2025-09-30',
    };
    sheet.addRow(columns.map((column) => cells[column.field] ?? ''));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The rows of the first sheet as arrays of cell values from column A (what readBulkSheet reads). */
async function sheetRows(file: string): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const rows: unknown[][] = [];
  workbook.worksheets[0].eachRow({ includeEmpty: true }, (row, number) => {
    rows[number - 1] = (row.values as unknown[]).slice(1);
  });
  return rows;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const listQuery = (poNo: string) =>
  `/v1/packing/bulkdata?current=1&pageSize=50&sorter=cartonFrom:ascend&poNo=${encodeURIComponent(poNo)}`;

let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let token: string;
let factory: Factory;
let sizeGroup: SizeGroup;
/** Keys of the imported lines by their letter, and the lines made later. */
const keys: Record<'A' | 'B' | 'C' | 'splitOff', string> = { A: '', B: '', C: '', splitOff: '' };

/** The PO's lines as the API gives them to `user`, by carton number. */
async function linesOfPo(): Promise<BulkLine[]> {
  const { status, data } = await api<BulkListResult>('GET', listQuery(PO), undefined, token);
  expect(status).toBe(200);
  return data.data;
}

/** The keys of the table's rows, top to bottom. */
const tableKeys = (target: Page) =>
  target
    .locator('.ant-table-tbody tr.ant-table-row')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-row-key') ?? ''));

/** Waits until the table has stopped loading and its rows (keys, top to bottom) pass `check`; answers them. */
async function tableWhen(target: Page, check: (keys: string[]) => boolean, what: string, timeoutMs = 15_000): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const loading = await target.locator('.ant-table-wrapper .ant-spin-spinning').count();
    const shown = await tableKeys(target);
    if (!loading && check(shown)) return shown;
    if (Date.now() > deadline)
      throw new Error(`the table shows [${shown.join(', ')}]${loading ? ' (loading)' : ''}, not ${what}`);
    await target.waitForTimeout(100);
  }
}

const sameKeys = (a: string[], b: string[]) => [...a].sort().join(',') === [...b].sort().join(',');

/** Waits until the table shows exactly these lines, in any order. */
const tableShows = (target: Page, expected: string[]) =>
  tableWhen(target, (shown) => sameKeys(shown, expected), `[${expected.join(', ')}]`);

const row = (key: string) => page.locator(`.ant-table-tbody tr.ant-table-row[data-row-key="${key}"]`);

/** The list's filter form: the form with the 查询 button. */
const filterForm = (target: Page) => target.locator('form').filter({ has: target.getByRole('button', { name: /查\s*询/ }) });

/** Types a PO into the filter form (opening it when the field is folded away) and runs the query. */
async function filterByPo(target: Page, poNo: string): Promise<void> {
  const form = filterForm(target);
  const field = form.getByLabel('PO号', { exact: true });
  if (!(await field.isVisible())) await form.getByText('展开').click();
  await field.fill(poNo);
  await form.getByRole('button', { name: /查\s*询/ }).click();
}

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page, errors } = await openPage(browser));
  await signIn(page, 'user');
  token = (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
  expect(token).not.toBe('');
  const factories = await api<Factory[]>('GET', '/v1/factories', undefined, token);
  const sizeGroups = await api<SizeGroup[]>('GET', '/v1/sizeGroup', undefined, token);
  expect(factories.status).toBe(200);
  expect(sizeGroups.status).toBe(200);
  factory = factories.data[0];
  sizeGroup = sizeGroups.data.find((group) => group.sizes.length >= 2) as SizeGroup;
  expect(factory).toBeDefined();
  expect(sizeGroup).toBeDefined();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('as the demo customer user', () => {
  test('opens 装箱单 from the menu: the list of its own lines, none of the new PO yet', async () => {
    await page.locator('.ant-pro-sider-menu').getByText('装箱单', { exact: true }).click();
    await page.waitForURL('**/shipment/packing');
    await waitForPageTitle(page, '装箱单');
    await tableWhen(page, (shown) => shown.length > 0, 'the demo lines of user');
    await page.getByText(/^共 [\d,]+ 条$/).waitFor();
    expect(await linesOfPo()).toEqual([]);
    await screenshot(page, 'packing-01-list');
  });

  test('imports an xlsx of three lines of a new PO and sees them in the table', async () => {
    const file = await importWorkbook(sheetLines(sizeGroup.sizes), factory.code, sizeGroup.code);
    await page.getByRole('button', { name: /导\s*入/ }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '导入装箱明细' });
    await dialog.waitFor();
    await dialog.locator('input[type=file]').setInputFiles({
      name: `${PO}.xlsx`,
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: file,
    });
    await dialog.getByText(`${PO}.xlsx`).waitFor();
    await settled(dialog);
    await screenshot(page, 'packing-02-import-dialog');
    await dialog.getByRole('button', { name: '开始导入' }).click();
    await page.getByText('成功导入 3 条装箱明细').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    const imported = await linesOfPo();
    expect(imported.map((line) => [line.cartonFrom, line.cartonTo, line.colour, line.totalQty, line.type])).toEqual([
      [1, 10, 'NAVY', 120, 'multi'],
      [11, 20, 'NAVY', 120, 'multi'],
      [21, 30, 'WHITE', 240, 'multi'],
    ]);
    [keys.A, keys.B, keys.C] = imported.map((line) => line.key);
    // Newest first: the three new lines lead the unfiltered list once it has reloaded.
    await tableWhen(page, (shown) => sameKeys(shown.slice(0, 3), [keys.A, keys.B, keys.C]), 'the imported lines first');
    for (const key of [keys.A, keys.B, keys.C]) await expect(row(key).textContent()).resolves.toContain(PO);
    await screenshot(page, 'packing-03-imported');
  });

  test('filters by the PO: only its three lines, exact total', async () => {
    await filterByPo(page, PO);
    await tableShows(page, [keys.A, keys.B, keys.C]);
    await page.getByText('共 3 条', { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/shipment/packing');
    await screenshot(page, 'packing-04-filtered');
  });

  test('splits line C: its last 4 cartons become a new line, totals kept', async () => {
    await row(keys.C).getByText('拆分', { exact: true }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: `拆分明细 ${keys.C}` });
    await dialog.waitFor();
    await dialog.getByLabel('拆出箱数').fill('4');
    await dialog.getByTestId('split-preview').filter({ hasText: '新明细：箱号 27–30' }).waitFor();
    await settled(dialog);
    await screenshot(page, 'packing-05-split-dialog');
    await dialog.getByRole('button', { name: /拆\s*分/ }).click();
    await page.getByText(new RegExp(`已拆分为 ${keys.C} 与 \\S+`)).waitFor();

    const lines = await linesOfPo();
    expect(lines.map((line) => [line.cartonFrom, line.cartonTo, line.cartonCount, line.totalQty])).toEqual([
      [1, 10, 10, 120],
      [11, 20, 10, 120],
      [21, 26, 6, 144],
      [27, 30, 4, 96],
    ]);
    expect(lines[2].key).toBe(keys.C);
    keys.splitOff = lines[3].key;
    expect(lines[3].cbm + lines[2].cbm).toBeCloseTo(0.84, 3);
    await tableShows(page, [keys.A, keys.B, keys.C, keys.splitOff]);
    await expect(row(keys.splitOff).textContent()).resolves.toContain('27–30');
    await screenshot(page, 'packing-06-split');
  });

  test('merges lines A and B into one line 1–20', async () => {
    await row(keys.A).locator('.ant-checkbox-input').check();
    await row(keys.B).locator('.ant-checkbox-input').check();
    await page.getByText('已选择 2 条明细').waitFor();
    await page.getByText('合并', { exact: true }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '合并 2 条明细' });
    await dialog.getByText(`合并后保留明细 ${keys.A}：PO ${PO}，箱号 1–20`).waitFor();
    await settled(dialog);
    await screenshot(page, 'packing-07-merge-dialog');
    await dialog.getByRole('button', { name: /合\s*并/ }).click();
    await page.getByText(`已合并为明细 ${keys.A}`).waitFor();

    const lines = await linesOfPo();
    expect(lines.map((line) => [line.key, line.cartonFrom, line.cartonTo, line.cartonCount, line.totalQty])).toEqual([
      [keys.A, 1, 20, 20, 240],
      [keys.C, 21, 26, 6, 144],
      [keys.splitOff, 27, 30, 4, 96],
    ]);
    // The merged-away line is gone, for the API as for the table.
    expect((await api('GET', `/v1/packing/bulkdata/${keys.B}`, undefined, token)).status).toBe(404);
    await tableShows(page, [keys.A, keys.C, keys.splitOff]);
    await expect(row(keys.A).textContent()).resolves.toContain('1–20');
    await screenshot(page, 'packing-08-merged');
  });

  test('exports the filtered list: an xlsx with exactly the PO’s three lines', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /导\s*出/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const file = await download.path();
    expect(fs.statSync(file).size).toBeGreaterThan(0);
    const rows = await sheetRows(file);
    const headerIndex = (field: BulkField) => rows[0].indexOf(bulkSheetColumns.find((column) => column.field === field)?.header);
    const data = rows.slice(1).filter(Boolean);
    expect(data.map((cells) => cells[headerIndex('key')]).sort()).toEqual([keys.A, keys.C, keys.splitOff].sort());
    expect(data.map((cells) => cells[headerIndex('status')])).toEqual(Array(3).fill(bulkStatusLabels.pendingInspection));
    // The export is a valid import file (every imported column present and valid): its lines read back.
    const read = readBulkSheet(rows);
    expect(read.errors).toEqual([]);
    expect(
      read.lines
        .map(({ line }) => [line.poNo, line.cartonFrom, line.cartonTo, line.colour, line.factoryCode, line.sizeGroup])
        .sort((a, b) => Number(a[1]) - Number(b[1])),
    ).toEqual([
      [PO, 1, 20, 'NAVY', factory.code, sizeGroup.code],
      [PO, 21, 26, 'WHITE', factory.code, sizeGroup.code],
      [PO, 27, 30, 'WHITE', factory.code, sizeGroup.code],
    ]);
    expect(data.map((cells) => Number(cells[headerIndex('totalQty')])).reduce((a, b) => a + b, 0)).toBe(480);
    await screenshot(page, 'packing-09-exported');
  });

  test('opens the detail page of the split line: size breakdown and the split in its history', async () => {
    await row(keys.C).getByRole('link', { name: '详情' }).click();
    await page.waitForURL(`**/shipment/packing/${keys.C}`);
    await waitForPageTitle(page, `装箱明细 ${keys.C}`);
    const sizes = page.locator('.ant-card').filter({ has: page.getByText('尺码配比', { exact: true }) });
    const size = sizeGroup.sizes[1];
    // 24 pieces of one size per carton, 6 cartons left after the split.
    await expect(sizes.locator('tbody tr').filter({ hasText: size }).first().innerText()).resolves.toMatch(
      new RegExp(`${escapeRegExp(size)}\\s+24\\s+144`),
    );
    await expect(sizes.getByText(/合计件数（× 6 箱）/).count()).resolves.toBe(1);
    const history = page.locator('.ant-card').filter({ has: page.getByText('变更记录', { exact: true }) });
    await history.getByText(`拆分（关联明细 ${keys.splitOff}）`).waitFor();
    await history.getByText(/导入/).first().waitFor();
    await screenshot(page, 'packing-10-detail');
    expect(errors).toEqual([]);
  });
});

describe('as user2', () => {
  let other: { context: BrowserContext; page: Page; errors: string[] };

  beforeAll(async () => {
    other = await openPage(browser);
    await signIn(other.page, 'user2');
  });

  afterAll(async () => {
    await other?.context.close();
  });

  test('the list filtered by the PO is empty', async () => {
    await other.page.goto('/shipment/packing');
    await waitForPageTitle(other.page, '装箱单');
    await filterByPo(other.page, PO);
    await tableShows(other.page, []);
    await other.page.locator('.ant-table-tbody .ant-empty').waitFor();
    await screenshot(other.page, 'packing-11-user2-filtered');

    const user2Token = (await other.page.evaluate(() => localStorage.getItem('token'))) ?? '';
    const list = await api<BulkListResult>('GET', listQuery(PO), undefined, user2Token);
    expect(list.status).toBe(200);
    expect(list.data.total).toBe(0);
    expect(list.data.data).toEqual([]);
  });

  test('the detail URL of user’s line shows no data', async () => {
    await other.page.goto(`/shipment/packing/${keys.C}`);
    await other.page.getByText('装箱明细不存在', { exact: true }).waitFor();
    await expect(other.page.getByText(PO).count()).resolves.toBe(0);
    // The page says it, once: no error notification beside it.
    await expect(other.page.locator('.ant-notification-notice').count()).resolves.toBe(0);
    expect(where(other.page).pathname).toBe(`/shipment/packing/${keys.C}`);
    await screenshot(other.page, 'packing-12-user2-detail');

    const user2Token = (await other.page.evaluate(() => localStorage.getItem('token'))) ?? '';
    for (const key of [keys.A, keys.C, keys.splitOff]) {
      const answer = await api<Record<string, unknown>>('GET', `/v1/packing/bulkdata/${key}`, undefined, user2Token);
      expect([403, 404]).toContain(answer.status);
      expect(JSON.stringify(answer.data)).not.toContain(PO);
      const history = await api<unknown>('GET', `/v1/packing/bulkdata/${key}/history`, undefined, user2Token);
      expect([403, 404]).toContain(history.status);
    }
    expect(other.errors).toEqual([]);
  });
});
