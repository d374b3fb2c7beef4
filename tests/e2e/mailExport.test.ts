/**
 * 导出 and 邮件提醒 in the browser: the clerk exports the orders list to an xlsx that holds every order of the list
 * with Chinese headers; the clerk turns on mail for plans to book under 新消息通知, a customer submits a plan, the
 * mail arrives with the page's link, and its unsubscribe link — opened signed out — turns that one switch off after
 * a confirmation. Screenshots in tests/e2e/output.
 */
import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import type { ListResult } from '../../contract/shared/common';
import { orderExport } from '../../contract/shared/exports/lists';
import type { Order } from '../../contract/order/schema';
import type { Plan } from '../../contract/plan/schema';
import { addDays, chinaToday } from '../../contract/plan/codes';
import type { Price } from '../../contract/price/schema';
import type { User } from '../../contract/user/schema';
import { api, baseUrl, demoToken, launchBrowser, mailedLink, openPage, screenshot, signIn, waitForPageTitle } from './support';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

it('the clerk exports the orders list: every order, Chinese headers', async () => {
  const clerkToken = await demoToken('clerk');
  const { total } = (await api<ListResult<Order>>('GET', '/v1/osbOrder?current=1&pageSize=1', undefined, clerkToken)).data;
  const { context, page, errors } = await openPage(browser);
  await signIn(page, 'clerk', undefined, '/osb/order');
  await waitForPageTitle(page, '订舱单');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /导\s*出/ }).click()]);
  expect(download.suggestedFilename()).toMatch(/^订舱单-\d{8}-\d{4}\.xlsx$/);
  await page.getByText(/^已导出 订舱单-/).waitFor();
  await screenshot(page, 'export-01-orders');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const [sheet] = workbook.worksheets;
  expect(sheet.name).toBe('订舱单');
  expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(orderExport.columns.map((column) => column.header));
  expect(sheet.rowCount - 1).toBe(total);
  expect(errors).toEqual([]);
  await context.close();
});

it('a to-do arrives by mail once its switch is on; the mail’s unsubscribe link turns it off, signed out', async () => {
  const [userToken, clerkToken] = await Promise.all([demoToken('user'), demoToken('clerk')]);
  const { context, page, errors } = await openPage(browser);
  await signIn(page, 'clerk', undefined, '/account/settings?tab=notification');
  const mail = page.getByRole('region', { name: '邮件提醒' });
  await mail.getByLabel('订舱计划待订舱邮件').click();
  await page.getByText('已开启「订舱计划待订舱」邮件').waitFor();
  await mail.scrollIntoViewIfNeeded();
  await screenshot(page, 'mail-01-settings');
  await context.close();

  const sailing = { carrier: 'EGLV', pol: 'CNSHA', pod: 'USLAX', containerType: '40HQ', sailingDate: addDays(chinaToday(), 95) };
  const prices = { prices: [{ ...sailing, amount: 2500, currency: 'USD', space: 'ample', transitDays: 14 }] };
  const [price] = (await api<Price[]>('PUT', '/v1/osbPrice', prices, clerkToken)).data;
  const plan = (await api<Plan>('POST', '/v1/osbplan/', { priceKey: price.key, quantity: 1, osbFactory: 'NB-KNIT' }, userToken))
    .data;
  await api('PUT', `/v1/osbplan/${plan.key}`, { status: 'SUBMITTED', version: plan.version }, userToken);

  const unsubscribe = await mailedLink('clerk@shipdesk.local', '/user/unsubscribe');
  const opened = await mailedLink('clerk@shipdesk.local', '/osb/order');
  expect(opened.searchParams.get('planKey')).toBe(plan.key);

  const signedOut = await openPage(browser);
  await signedOut.page.goto(`${baseUrl}${unsubscribe.pathname}${unsubscribe.search}`);
  await signedOut.page.getByText('退订「订舱计划待订舱」邮件').waitFor();
  await screenshot(signedOut.page, 'mail-02-unsubscribe');
  await signedOut.page.getByRole('button', { name: '确认退订' }).click();
  await signedOut.page.getByText('已退订', { exact: true }).waitFor();
  await screenshot(signedOut.page, 'mail-03-unsubscribed');
  const clerk = (await api<User>('GET', '/v1/users/current', undefined, clerkToken)).data;
  expect(clerk.mailPreferences.todos.planToBook).toBe(false);
  expect([...errors, ...signedOut.errors]).toEqual([]);
  await signedOut.context.close();
});
