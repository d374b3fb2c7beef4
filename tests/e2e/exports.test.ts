/**
 * Every list exports what it lists under its filter, and says so: 待拼柜货物 (its lines, in the week filtered) and
 * 订舱记录 (the customer's plans) as the demo customer, the 待验针 queue as the inspector, whole and under 只看待复验.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { isoWeekDays } from '../../contract/plan/codes';
import { createLine } from './scanSetup';
import { api, buttonName, demoToken, exportedRows, launchBrowser, openPage, signIn, waitForPageTitle } from './support';

let browser: Browser;
let user: { context: BrowserContext; page: Page; errors: string[] };

beforeAll(async () => {
  browser = await launchBrowser();
  user = await openPage(browser);
  await signIn(user.page, 'user');
});
afterAll(async () => {
  await browser.close();
});

it('待拼柜货物 exports the lines of the week it shows', async () => {
  const { page } = user;
  const token = await demoToken('user');
  const groups = await api<{ data: { week: string; lines: { poNo: string }[] }[] }>(
    'GET',
    '/v1/osbGoods?pageSize=100',
    undefined,
    token,
  );
  const { week } = groups.data.data[0];
  const { from, to } = isoWeekDays(week);
  const waiting = await api<{ total: number }>(
    'GET',
    `/v1/packing/bulkdata?type=multi&status=pendingConsolidation&exFactoryFrom=${from}&exFactoryTo=${to}&pageSize=1`,
    undefined,
    token,
  );
  await page.goto('/osb/goods');
  await waitForPageTitle(page, '待拼柜货物');
  await page.getByLabel('出厂周').fill(week);
  await page.getByRole('button', { name: buttonName('查询') }).click();
  await page.locator('tr.ant-table-row').first().waitFor();
  const rows = await exportedRows(page);
  expect(rows.length).toBe(waiting.data.total);
  expect(rows.flat()).toContain(groups.data.data[0].lines[0].poNo);
  expect(user.errors).toEqual([]);
});

it('订舱记录 exports the customer’s plans', async () => {
  const { page } = user;
  const plans = await api<{ total: number; data: { key: string }[] }>(
    'GET',
    '/v1/osbplan?pageSize=1',
    undefined,
    await demoToken('user'),
  );
  await page.goto('/account/booking');
  await waitForPageTitle(page, '订舱记录');
  await page.locator('tr.ant-table-row').first().waitFor();
  const rows = await exportedRows(page);
  expect(rows.length).toBe(plans.data.total);
  expect(rows.flat()).toContain(plans.data.data[0].key);
  expect(user.errors).toEqual([]);
});

it('the inspector’s 待验针 queue exports its lines', async () => {
  const { context, page, errors } = await openPage(browser);
  await signIn(page, 'inspector');
  const token = await demoToken('inspector');
  const waiting = await api<{ total: number }>(
    'GET',
    '/v1/packing/bulkdata?status=pendingInspection&pageSize=1',
    undefined,
    token,
  );
  await page.goto('/shipment/inspection');
  await waitForPageTitle(page, '验针');
  await page.locator('tr.ant-table-row').first().waitFor();
  expect((await exportedRows(page)).length).toBe(waiting.data.total);
  expect(errors).toEqual([]);
  await context.close();
});

it('the queue under 只看待复验 exports only the lines waiting for a re-inspection', async () => {
  // A PO of its own failed at inspection: at least one line waits for a re-inspection.
  const inspector = await demoToken('inspector');
  const line = await createLine('multi', `PF${Date.now().toString().slice(-8)}`, 1, 5);
  const detectorId = `E2E-X${line.key.slice(-3)}`;
  expect((await api('POST', '/v1/inspection/calibration', { detectorId, sensitivityFeMm: 1 }, inspector)).status).toBe(201);
  const failed = await api(
    'POST',
    '/v1/inspection',
    {
      lineKeys: [line.key],
      versions: { [line.key]: line.version },
      ...{ mode: 'full', detectorId, inspectedQty: line.totalQty, passedQty: line.totalQty - 1, alarmQty: 1, result: 'fail' },
    },
    inspector,
  );
  expect(failed.status).toBe(201);
  const query = '/v1/packing/bulkdata?status=pendingInspection&inspectionResult=fail&pageSize=1';
  const waiting = await api<{ total: number }>('GET', query, undefined, inspector);
  expect(waiting.data.total).toBeGreaterThan(0);

  const { context, page, errors } = await openPage(browser);
  await signIn(page, 'inspector');
  await page.goto('/shipment/inspection');
  await waitForPageTitle(page, '验针');
  await page.getByRole('switch', { name: '只看待复验' }).click();
  await page.getByRole('button', { name: buttonName('查询') }).click();
  await page.locator('tr.ant-table-row').filter({ hasText: line.poNo }).waitFor();
  const rows = await exportedRows(page);
  expect(rows.length).toBe(waiting.data.total);
  expect(rows.flat()).toContain(line.key);
  expect(errors).toEqual([]);
  await context.close();
});
