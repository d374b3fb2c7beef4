/**
 * One clock: a browser far from China (Los Angeles, and UTC as CI's machines are) shows every time in China time, in
 * one format — the same cut-off instant reads the same on the home page, the order list, the order page and the
 * order export. (The bell's to-do says it in the same words: server/routes/todos.test.ts.)
 */
import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { chinaDateTime } from '../../contract/shared/chinaTime';
import { bookedOrder } from './scanSetup';
import { api, baseUrl, demoToken, launchBrowser, openPage, screenshot, signIn, waitForPageTitle } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

it.each(['America/Los_Angeles', 'UTC'])('in %s, a cut-off reads the same everywhere, in China time', async (timezoneId) => {
  const token = await demoToken('clerk');
  // A sailing whose 截单 (the rule in force, another test may have changed it) falls within the home page's 48 hours.
  const { siCutoffHours } = (await api<{ siCutoffHours: number }>('GET', '/v1/osbDict', undefined, token)).data;
  const order = await bookedOrder('USLAX', Math.ceil(siCutoffHours / 24) + 2);
  const shown = chinaDateTime(order.siCutoff!);

  const { context, page, errors } = await openPage(browser, { timezoneId });
  await signIn(page, 'clerk');
  // The browser's own clock is not China's: the page must not use it.
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(timezoneId);

  await page.goto('/shipment');
  await waitForPageTitle(page, '出运首页');
  await page.getByRole('row').filter({ hasText: order.key }).filter({ hasText: '截单' }).getByText(shown).waitFor();

  await page.goto(`/osb/order?planKey=${order.planKey}`);
  await waitForPageTitle(page, '订舱单');
  await page.getByRole('row').filter({ hasText: order.key }).getByText(shown).waitFor();

  await page.goto(`/osb/order/${order.key}`);
  await waitForPageTitle(page, `订舱单 ${order.key}`);
  await page
    .getByText(new RegExp(`^${shown} 星期.（`))
    .first()
    .waitFor();
  await screenshot(page, `one-clock-${timezoneId.replace('/', '-')}`);

  const response = await fetch(`${baseUrl}/v1/osbOrder/export?key=${order.key}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await response.arrayBuffer());
  const sheet = workbook.worksheets[0];
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  const row = sheet.getSheetValues().find((values) => Array.isArray(values) && values.includes(order.key)) as unknown[];
  expect(row.slice(1)[header.indexOf('截单')]).toBe(shown);

  expect(errors).toEqual([]);
  await context.close();
});
