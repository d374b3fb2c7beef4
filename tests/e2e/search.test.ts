/**
 * 搜索 in the header, keyboard first: the clerk presses `/`, types the start of a B/L number someone sent, sees it
 * under 提单 with its status, and opens it with Enter; another customer typing the same finds nothing. Screenshots in
 * tests/e2e/output.
 */
import type { Browser } from 'playwright-core';
import type { Bol } from '../../contract/bol/schema';
import type { ListResult } from '../../contract/shared/common';
import { api, demoToken, launchBrowser, openPage, screenshot, signIn, waitForPageTitle } from './support';

let browser: Browser;
let bol: Bol;

beforeAll(async () => {
  browser = await launchBrowser();
  const clerkToken = await demoToken('clerk');
  [bol] = (await api<ListResult<Bol>>('GET', '/v1/bol?current=1&pageSize=1', undefined, clerkToken)).data.data;
});
afterAll(() => browser.close());

it('a clerk finds a B/L by typing its number in the header and opens it', async () => {
  const { context, page, errors } = await openPage(browser);
  await signIn(page, 'clerk', undefined, '/shipment');
  await page.getByRole('button', { name: '搜索编号' }).waitFor();
  // The shortcut, from nowhere in particular.
  await page.locator('body').click({ position: { x: 700, y: 400 } });
  await page.keyboard.press('/');
  const box = page.getByRole('combobox');
  await box.waitFor();
  await page.keyboard.type(bol.bolNo!.toLowerCase());
  const option = page.locator('.ant-select-item-option').filter({ hasText: bol.bolNo! });
  await option.waitFor();
  await page.locator('.ant-select-item-group').filter({ hasText: '提单' }).waitFor();
  await screenshot(page, 'search-01-bol-found');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await page.waitForURL(`**/shipment/multi/bol/${bol.key}`);
  await waitForPageTitle(page, `提单 ${bol.bolNo}`);
  await screenshot(page, 'search-02-bol-opened');
  expect(errors).toEqual([]);
  await context.close();
});

it('another customer typing the same number finds nothing of it', async () => {
  const { context, page, errors } = await openPage(browser);
  await signIn(page, 'user2', undefined, '/shipment');
  await page.getByRole('button', { name: '搜索编号' }).click();
  await page.keyboard.type(bol.bolNo!);
  await page.getByText(`没有以「${bol.bolNo}」开头的编号`).waitFor();
  await screenshot(page, 'search-03-other-customer');
  expect(errors).toEqual([]);
  await context.close();
});
