/**
 * 变更历史 in the browser: the customer opens their plan and reads that the clerk, booking it with the carrier, moved
 * its ETD (who, when, 开船日期 from → to); the inspector opens the history of a record from the records list in a
 * drawer. Screenshots in tests/e2e/output.
 */
import type { Browser } from 'playwright-core';
import type { Order } from '../../contract/order/schema';
import type { Plan } from '../../contract/plan/schema';
import { addDays, chinaToday } from '../../contract/plan/codes';
import type { Price } from '../../contract/price/schema';
import type { User } from '../../contract/user/schema';
import { api, demoToken, launchBrowser, openPage, screenshot, signIn, waitForPageTitle } from './support';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

it('the customer sees on the plan page that the clerk changed its ETD', async () => {
  const [userToken, clerkToken] = await Promise.all([demoToken('user'), demoToken('clerk')]);
  const sailingDate = addDays(chinaToday(), 93);
  const sailing = { carrier: 'ONEY', pol: 'CNSHA', pod: 'USLAX', containerType: '40HQ', sailingDate };
  const prices = { prices: [{ ...sailing, amount: 2600, currency: 'USD', space: 'ample', transitDays: 14 }] };
  const [price] = (await api<Price[]>('PUT', '/v1/osbPrice', prices, clerkToken)).data;
  const plan = (await api<Plan>('POST', '/v1/osbplan/', { priceKey: price.key, quantity: 1, osbFactory: 'NB-KNIT' }, userToken))
    .data;
  await api('PUT', `/v1/osbplan/${plan.key}`, { status: 'SUBMITTED', version: plan.version }, userToken);
  const [pending] = (await api<{ data: Order[] }>('GET', `/v1/osbOrder?planKey=${plan.key}`, undefined, clerkToken)).data.data;
  const etd = addDays(sailingDate, 2);
  const booking = { action: 'book', carrierBookingNo: 'ONEY5530001', vessel: 'ONE APUS', voyage: '051E', etd };
  const booked = await api<Order>('PATCH', `/v1/osbOrder/${pending.key}`, { ...booking, version: pending.version }, clerkToken);
  expect(booked.status).toBe(200);
  const clerkName = (await api<User>('GET', '/v1/users/current', undefined, clerkToken)).data.realName;

  const { context, page, errors } = await openPage(browser);
  await signIn(page, 'user', undefined, `/osb/plan/${plan.key}`);
  await waitForPageTitle(page, `订舱计划 ${plan.key}`);
  const card = page.locator('.ant-card').filter({ has: page.getByText('变更历史', { exact: true }) });
  await card.getByRole('button', { name: '查看' }).click();
  const latest = card.locator('.ant-timeline-item').first();
  await latest.getByText(`开船日期：${sailingDate} → ${etd}`).waitFor();
  await latest.getByText(clerkName, { exact: true }).waitFor();
  await latest.getByText('状态：已提交 → 已确认').waitFor();
  // The first entry is the customer's own: the plan made.
  await card.locator('.ant-timeline-item').last().getByText('新建').waitFor();
  await card.scrollIntoViewIfNeeded();
  await screenshot(page, 'history-01-plan-etd-moved');
  expect(errors).toEqual([]);
  await context.close();
});

it("the inspector opens a record's history from the records list", async () => {
  const { context, page, errors } = await openPage(browser);
  await signIn(page, 'inspector', undefined, '/shipment/inspection?view=records');
  await waitForPageTitle(page, '验针');
  const row = page.locator('tr.ant-table-row').first();
  const key = (await row.locator('td').first().innerText()).trim();
  await row.getByText('历史', { exact: true }).click();
  const drawer = page.getByRole('dialog', { name: `变更历史 · 验针记录 ${key}` });
  await drawer.locator('.ant-timeline-item').first().getByText('新建').waitFor();
  // The drawer has slid in: its right edge at the window's.
  await page.waitForFunction(() => {
    const panel = document.querySelector('.ant-drawer-content-wrapper')?.getBoundingClientRect();
    return panel !== undefined && Math.abs(panel.right - window.innerWidth) < 1;
  });
  await screenshot(page, 'history-02-inspection-drawer');
  expect(errors).toEqual([]);
  await context.close();
});
