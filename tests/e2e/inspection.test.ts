/**
 * 验针 end to end: the demo customer's new PO waits in the inspector's queue; the inspector calibrates a detector
 * from the record dialog and records a failed inspection (the customer gets a notice, the lines stay 待验针),
 * re-inspects and passes (the lines become 待拼柜); the customer sees both records, the failure first.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { BulkListResult } from '../../contract/packing/schema';
import type { Factory, SizeGroup } from '../../contract/lookup/schema';
import type { Notice } from '../../contract/notice/schema';
import type { StickerSheet } from '../../contract/sticker/schema';
import { lineBody } from './scanSetup';
import {
  api,
  buttonName,
  demoToken,
  launchBrowser,
  openPage,
  readAgainAfterConflict,
  screenshot,
  signIn,
  waitForPageTitle,
} from './support';

const PO = `NI${Date.now().toString(36).toUpperCase()}`;
const DETECTOR = `E2E-${Date.now().toString(36).slice(-4).toUpperCase()}`;

let browser: Browser;
let token: string;

const linesOfPo = async () =>
  (await api<BulkListResult>('GET', `/v1/packing/bulkdata?poNo=${PO}&sorter=cartonFrom:ascend`, undefined, token)).data.data;

beforeAll(async () => {
  browser = await launchBrowser();
  token = await demoToken('user');
  const [factory] = (await api<Factory[]>('GET', '/v1/factories', undefined, token)).data;
  const [group] = (await api<SizeGroup[]>('GET', '/v1/sizeGroup', undefined, token)).data;
  // Two lines of 10 cartons × 5 pieces: a lot of 100 pieces, sample size F = 20.
  for (const cartonFrom of [1, 11]) {
    const created = await api(
      'POST',
      '/v1/packing/multi/bulkdata',
      {
        odgItemNo: 'ODG-E2E-NI',
        poNo: PO,
        styleNo: 'NI-TEE',
        colour: 'BLACK',
        factoryCode: factory.code,
        sizeGroup: group.code,
        sizeBreakdown: { [group.sizes[0]]: 5 },
        packType: 'SCSS',
        cartonFrom,
        cartonTo: cartonFrom + 9,
        nwPerCtn: 5,
        gwPerCtn: 6,
        ctnL: 50,
        ctnW: 40,
        ctnH: 30,
        destination: 'Hamburg',
        exFactoryDate: '2026-12-01',
      },
      token,
    );
    expect(created.status).toBe(201);
  }
});
afterAll(() => browser.close());

describe('needle inspection', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  beforeAll(async () => {
    ({ context, page, errors } = await openPage(browser));
    await signIn(page, 'inspector', undefined, '/shipment/inspection');
    await waitForPageTitle(page, '验针');
  });
  afterAll(() => context.close());

  async function openGroup(action: '验针' | '复验') {
    const form = page.locator('form').first();
    await form.locator('#poNo').fill(PO);
    await form.getByRole('button', { name: buttonName('查询') }).click();
    const row = page.getByRole('row').filter({ hasText: PO }).first();
    await row.getByText(action, { exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`PO ${PO}`).waitFor();
    return dialog;
  }

  test('a scanner opens the lot of any of its cartons, typed on no field in particular (keys, then Enter)', async () => {
    const { data: sheet } = await api<StickerSheet>('GET', `/v1/stickers?poNo=${PO}`, undefined, token);
    const { sscc } = sheet.stickers[12];
    const status = page.getByRole('status').filter({ hasText: /箱/ });
    // The focus elsewhere on the page, as after reading the queue: the scanner's keys still reach the scan field.
    await page.locator('.ant-page-header-heading-title').click();
    await page.keyboard.type(`${sscc.slice(0, 17)}${(Number(sscc[17]) + 1) % 10}`);
    await page.keyboard.press('Enter');
    await status.getByText(`箱码校验位错误（第 18 位应为 ${sscc[17]}），请重新扫描`).waitFor();
    await screenshot(page, 'inspection-00a-scan-refused');

    await page.locator('.ant-page-header-heading-title').click();
    await page.keyboard.type(`00${sscc}`);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`PO ${PO}`).waitFor();
    await status.getByText(`PO ${PO} 第 13 箱：已打开该批次（2 条明细）`).waitFor();
    await screenshot(page, 'inspection-00b-scan-opened-lot');
    await dialog.getByRole('button', { name: buttonName('取消') }).click();
    await dialog.waitFor({ state: 'hidden' });

    // On a tablet, either way up: the scan field at the top, in view, with its camera button.
    for (const [width, height, name] of [
      [1024, 768, 'inspection-00c-tablet-landscape'],
      [768, 1024, 'inspection-00d-tablet-portrait'],
    ] as const) {
      await page.setViewportSize({ width, height });
      const field = await page.getByRole('textbox', { name: '扫描任一箱的箱码，打开其批次' }).boundingBox();
      const camera = await page.getByRole('button', { name: '摄像头扫码' }).boundingBox();
      expect(field && camera && camera.x + camera.width <= width && field.y + field.height < height).toBe(true);
      expect(camera!.height).toBeGreaterThanOrEqual(40);
      await screenshot(page, name);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    // On a touch screen a lot's 验针 / 复验 is finger-sized.
    const tablet = await openPage(browser, { touch: true });
    await tablet.page.setViewportSize({ width: 1024, height: 768 });
    await signIn(tablet.page, 'inspector', undefined, '/shipment/inspection');
    const record = tablet.page
      .locator('tr.ant-table-row')
      .first()
      .getByText(/^(验针|复验)$/);
    expect((await record.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    await screenshot(tablet.page, 'inspection-00e-tablet-touch');
    await tablet.context.close();
  });

  test('a failed inspection after calibrating: the customer is told, the lines stay 待验针', async () => {
    const dialog = await openGroup('验针');
    await dialog.getByText('批量 100 件').waitFor();
    await dialog.getByText('样本量字码 F，至少抽检 20 件').waitFor();
    await dialog.locator('#detectorId').fill(DETECTOR);
    await dialog.getByText('不能记录验针').waitFor();
    await screenshot(page, 'inspection-01-needs-calibration');
    await dialog.getByRole('button', { name: '记录校准' }).click();
    await dialog.getByText('mm 铁球校准').waitFor();
    await dialog.locator('#inspectedQty').fill('20');
    await dialog.locator('#passedQty').fill('19');
    await dialog.locator('#alarmQty').fill('1');
    await dialog.getByRole('button', { name: '添加碎片' }).click();
    await dialog.getByLabel('碎片长度').fill('11.5');
    await dialog.getByLabel('碎片箱号').fill('13');
    await dialog.getByText('不合格', { exact: true }).click();
    await screenshot(page, 'inspection-02-failed-record');
    await dialog.getByRole('button', { name: '保存验针记录' }).click();
    await page.getByText('不合格，已通知客户').waitFor();

    const after = await linesOfPo();
    expect(after.map((line) => [line.status, line.inspectionResult])).toEqual([
      ['pendingInspection', 'fail'],
      ['pendingInspection', 'fail'],
    ]);
    const { data: notices } = await api<{ data: Notice[] }>('GET', '/v1/notices?type=notification', undefined, token);
    expect(notices.data.some((notice) => notice.title === `PO ${PO} 验针不合格`)).toBe(true);
    await page.getByRole('row').filter({ hasText: PO }).getByText('待复验').waitFor();
    await screenshot(page, 'inspection-03-queue-after-fail');
  });

  test('a re-inspection that passes makes the lines 待拼柜', async () => {
    const dialog = await openGroup('复验');
    await dialog.getByText('全检', { exact: true }).click();
    await dialog.getByText('全检 100 件').waitFor();
    await dialog.locator('#detectorId').fill(DETECTOR);
    await dialog.getByText('mm 铁球校准').waitFor();
    await dialog.locator('#inspectedQty').fill('100');
    await dialog.locator('#passedQty').fill('100');
    // Meanwhile the customer corrects a line's carton size: the record answers 409, said, the lot read again.
    const [first] = await linesOfPo();
    const corrected = await api('PUT', `/v1/packing/multi/bulkdata/${first.key}`, { ...lineBody(first), ctnL: 52 }, token);
    expect(corrected.status).toBe(200);
    await dialog.getByRole('button', { name: '保存验针记录' }).click();
    await screenshot(page, 'inspection-03b-conflict');
    await readAgainAfterConflict(dialog);
    expect(await dialog.locator('#passedQty').inputValue()).toBe('100');
    await dialog.getByRole('button', { name: '保存验针记录' }).click();
    await page.getByText('合格，明细转为待拼柜').waitFor();
    expect((await linesOfPo()).map((line) => [line.status, line.inspectionResult])).toEqual([
      ['pendingConsolidation', 'pass'],
      ['pendingConsolidation', 'pass'],
    ]);
    await page.getByRole('tab', { name: '验针记录' }).click();
    await page.getByRole('row').filter({ hasText: PO }).nth(1).waitFor();
    expect(await page.locator('#poNo').inputValue()).toBe('');
    await screenshot(page, 'inspection-04-inspector-records');
    expect(errors).toEqual([]);
  });
});

test('the customer sees both records of their lines, the failure first', async () => {
  const { context, page, errors } = await openPage(browser);
  await signIn(page, 'user', undefined, '/shipment/inspection');
  await waitForPageTitle(page, '验针记录');
  await page.locator('#poNo').fill(PO);
  await page.getByRole('button', { name: buttonName('查询') }).click();
  const rows = page.getByRole('row').filter({ hasText: PO });
  await rows.nth(1).waitFor();
  expect(await rows.nth(0).innerText()).toContain('不合格');
  expect(await rows.nth(0).innerText()).toContain('断针 11.5 mm · 第 13 箱');
  expect(await rows.nth(1).innerText()).toContain('合格');
  await screenshot(page, 'inspection-05-customer-records');
  // The line's detail page shows both records in its inspection section.
  const [line] = await linesOfPo();
  await page.goto(`/shipment/packing/${line.key}`);
  const section = page.locator('.ant-card').filter({ hasText: '验针与配柜' });
  await section.getByText('断针 11.5 mm · 第 13 箱').waitFor();
  expect(await section.locator('tbody tr.ant-table-row').count()).toBe(2);
  await screenshot(page, 'inspection-06-line-detail');
  // Another customer sees none of them.
  const other = await demoToken('user2');
  const theirs = await api<{ total: number }>('GET', `/v1/inspection?poNo=${PO}`, undefined, other);
  expect(theirs.data.total).toBe(0);
  expect(errors).toEqual([]);
  await context.close();
});
