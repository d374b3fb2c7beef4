/**
 * 出运首页 end to end: each role signs in and lands on its own figures (the same as the statistics call answers),
 * and a figure's link opens the list behind it, filtered as the figure counts; a plan the customer submits reaches
 * the clerk's open page as a to-do without a reload, and is closed once the clerk books it.
 */
import type { Browser } from 'playwright-core';
import type { ShipmentStatistics } from '../../contract/home/schema';
import type { Plan } from '../../contract/plan/schema';
import { addDays, chinaToday } from '../../contract/plan/codes';
import type { Price } from '../../contract/price/schema';
import { api, demoToken, launchBrowser, openPage, screenshot, signIn, waitForPageTitle } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const statisticsOf = async (name: string) =>
  (await api<ShipmentStatistics>('GET', '/v1/user/statistics/shipment', undefined, await demoToken(name))).data;

test('the customer sees their figures; 待验针明细 opens the packing list filtered by that status', async () => {
  const { context, page, errors } = await openPage(browser);
  await signIn(page, 'user');
  await waitForPageTitle(page, '出运首页');
  const figures = await statisticsOf('user');
  const waiting = page.getByRole('link', { name: `待验针明细 ${figures.packing.pendingInspection}` });
  await waiting.waitFor();
  await page.getByRole('link', { name: `待我确认的提单 ${figures.customer?.bolsToConfirm}` }).waitFor();
  await page.getByRole('img', { name: '按出厂周的箱数与体积' }).waitFor();
  await page.getByRole('img', { name: '订舱计划' }).waitFor();
  // 本月运费: the statistics' POs, or that nothing sails this month.
  const freight = figures.customer!.monthFreight;
  if (freight.poCount === 0) await page.getByText('本月没有开船的货物').waitFor();
  else {
    const table = page.getByRole('table', { name: '本月运费' });
    await table.waitFor();
    expect(await table.locator('tbody tr td:first-child').allTextContents()).toEqual(freight.pos.map((po) => po.poNo));
  }
  await screenshot(page, 'home-01-customer');

  await waiting.click();
  await waitForPageTitle(page, '装箱单');
  expect(new URL(page.url()).search).toBe('?status=pendingInspection');
  await page.getByText(`共 ${figures.packing.pendingInspection} 条`).waitFor();
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await rows.first().waitFor();
  for (const status of await rows
    .locator('td')
    .filter({ hasText: /^(待验针|待拼柜|已配柜|已出运)$/ })
    .allTextContents()) {
    expect(status).toBe('待验针');
  }
  await screenshot(page, 'home-02-customer-filtered-list');
  expect(errors).toEqual([]);
  await context.close();
});

test('the clerk sees the work waiting; 待订舱 opens the orders to book', async () => {
  const { context, page, errors } = await openPage(browser);
  await signIn(page, 'clerk');
  await waitForPageTitle(page, '出运首页');
  const figures = await statisticsOf('clerk');
  await page.getByRole('link', { name: `缺资料的报关交接 ${figures.clerk?.handoversMissingDocuments}` }).waitFor();
  await page.getByRole('link', { name: `待签发提单 ${figures.clerk?.bolsToIssue}` }).waitFor();
  await page.getByText('48 小时内的截止时间').waitFor();
  await screenshot(page, 'home-03-clerk');
  await page.getByRole('link', { name: `待订舱 ${figures.clerk?.ordersToBook}` }).click();
  await waitForPageTitle(page, '订舱单');
  await page.getByText(`共 ${figures.clerk?.ordersToBook} 条`).waitFor();
  await screenshot(page, 'home-04-clerk-orders-to-book');
  expect(errors).toEqual([]);
  await context.close();
});

test('the inspector sees lots waiting, today’s work and pass rates; the lots open the queue', async () => {
  const { context, page, errors } = await openPage(browser);
  await signIn(page, 'inspector');
  await waitForPageTitle(page, '出运首页');
  const figures = await statisticsOf('inspector');
  const lots = page.getByRole('link', { name: `待验针批次 ${figures.inspector?.lotsWaiting.n}` });
  await lots.waitFor();
  await page.getByRole('link', { name: `今日验针 ${figures.inspector?.inspectedToday}` }).waitFor();
  await page.getByRole('img', { name: '各工厂合格率（30 天）' }).waitFor();
  await screenshot(page, 'home-05-inspector');
  await lots.click();
  await waitForPageTitle(page, '验针');
  await page.getByText(`共 ${figures.inspector?.lotsWaiting.n} 条`).waitFor();
  expect(errors).toEqual([]);
  await context.close();
});

test('the customer submits a plan: the clerk’s open page shows the new to-do without a reload', async () => {
  const { context, page, errors } = await openPage(browser);
  await signIn(page, 'clerk');
  await waitForPageTitle(page, '出运首页');
  await page.getByLabel('通知').click();
  await page.getByRole('tab', { name: /待办/ }).click();
  const [userToken, clerkToken] = await Promise.all([demoToken('user'), demoToken('clerk')]);
  const sailing = { carrier: 'MSCU', pol: 'CNSHA', pod: 'USLAX', containerType: '20GP', sailingDate: addDays(chinaToday(), 75) };
  const prices = { prices: [{ ...sailing, amount: 1500, currency: 'USD', space: 'ample', transitDays: 14 }] };
  const [price] = (await api<Price[]>('PUT', '/v1/osbPrice', prices, clerkToken)).data;
  const plan = (
    await api<Plan>('POST', '/v1/osbplan/', { priceKey: price.key, quantity: 1, osbFactory: 'SH-GARMENT' }, userToken)
  ).data;
  const submitted = await api('PUT', `/v1/osbplan/${plan.key}`, { status: 'SUBMITTED', version: plan.version }, userToken);
  expect(submitted.status).toBe(200);

  // The open 待办 tab lists the plan to book by itself: the page polls.
  await page.getByText(`订舱计划 ${plan.key} 待订舱`).waitFor({ timeout: 30_000 });
  await screenshot(page, 'home-06-clerk-live-todo');
  expect(errors).toEqual([]);
  await context.close();
});
