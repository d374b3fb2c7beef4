/**
 * 报关交接 in the browser: the clerk finds a released order by its SO number and creates its handover, is told which documents are missing
 * when handing it over too early, ticks them, hands it over to the broker and follows it to 已放行. Screenshots in
 * tests/e2e/output for a person to look at.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Order } from '../../contract/order/schema';
import type { Plan } from '../../contract/plan/schema';
import { addDays, chinaToday } from '../../contract/plan/codes';
import type { Price } from '../../contract/price/schema';
import { api, buttonName, demoToken, launchBrowser, openPage, screenshot, signIn, waitForPageTitle } from './support';

let browser: Browser;
let clerk: { context: BrowserContext; page: Page; errors: string[] };
let order: Order;

/** A plan of the demo customer booked and released by the clerk: the order a handover is made for. */
async function bookedOrder(): Promise<Order> {
  const [userToken, clerkToken] = await Promise.all([demoToken('user'), demoToken('clerk')]);
  // Beyond the demo's 13 weeks of sailings, which on the 3rd of a month hold an ONEY sailing 86 days ahead.
  const sailing = { carrier: 'ONEY', pol: 'CNSHA', pod: 'USLAX', containerType: '20GP', sailingDate: addDays(chinaToday(), 97) };
  const prices = { prices: [{ ...sailing, amount: 1500, currency: 'USD', space: 'ample', transitDays: 14 }] };
  const [price] = (await api<Price[]>('PUT', '/v1/osbPrice', prices, clerkToken)).data;
  const plan = (await api<Plan>('POST', '/v1/osbplan/', { priceKey: price.key, quantity: 1, osbFactory: 'NB-KNIT' }, userToken))
    .data;
  await api('PUT', `/v1/osbplan/${plan.key}`, { status: 'SUBMITTED', version: plan.version }, userToken);
  const [pending] = (await api<{ data: Order[] }>('GET', `/v1/osbOrder?planKey=${plan.key}`, undefined, clerkToken)).data.data;
  const booking = {
    action: 'book',
    carrierBookingNo: 'ONEY5521907',
    vessel: 'ONE APUS',
    voyage: '047E',
    version: pending.version,
  };
  const booked = await api<Order>('PATCH', `/v1/osbOrder/${pending.key}`, booking, clerkToken);
  expect(booked.status).toBe(200);
  // Customs is often declared after the release: a released order is offered as a booked one is.
  const released = await api<Order>(
    'PATCH',
    `/v1/osbOrder/${pending.key}`,
    { action: 'release', version: booked.data.version },
    clerkToken,
  );
  expect(released.data.status).toBe('RELEASED');
  return released.data;
}

beforeAll(async () => {
  order = await bookedOrder();
  browser = await launchBrowser();
  clerk = await openPage(browser);
  await signIn(clerk.page, 'clerk', undefined, '/osb/declaration');
  await waitForPageTitle(clerk.page, '报关交接');
});
afterAll(async () => {
  await clerk?.context.close();
  await browser.close();
});

it('the clerk makes the handover of a booked order and cannot hand it over before the documents are in', async () => {
  const { page } = clerk;
  await page.getByRole('button', { name: '新建报关交接' }).click();
  const dialog = page.getByRole('dialog', { name: '新建报关交接' });
  // Searched on the server by its SO number: every order the server accepts is in reach, however many.
  await dialog.getByLabel(/^订舱单/).fill('ONEY5521907');
  const option = page.locator('.ant-select-item-option').filter({ hasText: order.key });
  await option.getByText(/已放舱/).waitFor();
  await screenshot(page, 'declaration-00-order-search');
  await option.click();
  await dialog.getByRole('button', { name: '建交接单' }).click();
  await page
    .locator('.ant-message')
    .getByText(/^已建报关交接 CD/)
    .waitFor();
  await page
    .locator('.ant-page-header-heading-title')
    .filter({ hasText: /^报关交接 CD/ })
    .waitFor();
  // The signed contract's scan: uploaded at once, it ticks 合同.
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  const contractItem = page.locator('.ant-list-item').filter({ hasText: '上传合同' });
  await contractItem
    .locator('input[type=file]')
    .setInputFiles({ name: '合同 SC-2026-0457.pdf', mimeType: 'application/pdf', buffer: pdf });
  await page.getByRole('button', { name: /合同 SC-2026-0457\.pdf/ }).waitFor();
  expect(await page.getByLabel('合同', { exact: true }).isChecked()).toBe(true);
  await page.getByLabel('合同号').fill('SC-2026-0457');
  await page.getByLabel('发票号').fill('INV-2026-0457');
  await page.getByLabel('报关行').fill('上海东方报关有限公司');
  await page.getByRole('button', { name: '添加商品行' }).click();
  await page.getByLabel('商品编号（10 位）').fill('6109100022');
  await page.getByLabel('商品名称').fill('棉制针织T恤');
  await page.getByLabel('数量').fill('1200');
  await page.getByLabel(/^单价/).fill('3.25');
  await page.getByText('3900.00').waitFor();
  await page.getByRole('button', { name: '交接给报关行' }).click();
  await page.getByText('缺少单证：发票、装箱单、报关委托书、申报要素').first().waitFor();
  await screenshot(page, 'declaration-01-documents-missing');
  expect(clerk.errors).toEqual([]);
});

it('with every document ticked it goes to the broker, then 已申报 and 已放行', async () => {
  const { page } = clerk;
  for (const document of ['合同', '发票', '装箱单', '报关委托书', '申报要素'])
    await page.getByLabel(document, { exact: true }).check();
  await page.getByRole('button', { name: '交接给报关行' }).click();
  const status = (label: string) => page.locator('.ant-descriptions').getByText(label, { exact: true });
  await status('已交接').waitFor();
  await page.getByRole('button', { name: buttonName('已申报') }).click();
  await status('已申报').waitFor();
  await page.getByRole('button', { name: buttonName('已放行') }).click();
  await status('已放行').waitFor();
  await page.getByText('已申报 → 已放行').waitFor();
  await screenshot(page, 'declaration-02-released');
  await page.goto('/osb/declaration');
  await page.getByRole('row').filter({ hasText: order.key }).getByText('已放行').waitFor();
  await screenshot(page, 'declaration-03-list');
  expect(clerk.errors).toEqual([]);
});
