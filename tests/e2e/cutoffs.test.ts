/**
 * 截单 in the browser: the calendar greys a sailing whose cut-off has passed and says why (its click books nothing);
 * a draft plan within 48 hours of its cut-off warns, with the time in China time.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chinaDateTime } from '../../contract/shared/chinaTime';
import { cutoffsOf } from '../../contract/order/codes';
import { addDays, chinaToday } from '../../contract/plan/codes';
import type { Price } from '../../contract/price/schema';
import { draftPlan } from './scanSetup';
import { api, demoToken, launchBrowser, openPage, screenshot, signIn, waitForPageTitle } from './support';

let browser: Browser;
let user: { context: BrowserContext; page: Page; errors: string[] };
/** The 截单 rule in force (another browser test may have changed the setting): hours before a sailing. */
let rule: { siCutoffHours: number; cyCutoffHours: number; vgmCutoffHours: number };

beforeAll(async () => {
  browser = await launchBrowser();
  user = await openPage(browser);
  await signIn(user.page, 'user');
  const dict = await api<{ siCutoffHours: number }>('GET', '/v1/osbDict', undefined, await demoToken('user'));
  rule = { siCutoffHours: dict.data.siCutoffHours, cyCutoffHours: 0, vgmCutoffHours: 0 };
});
afterAll(async () => {
  await browser.close();
});

it('the calendar greys a sailing past its 截单 and says why; clicking it books nothing', async () => {
  const { page } = user;
  const sailingDate = addDays(chinaToday(), 2);
  const lane = { pol: 'CNSHA', pod: 'AUSYD', containerType: '20GP' };
  const input = { ...lane, carrier: 'ONEY', sailingDate, amount: 900, currency: 'USD', space: 'ample', transitDays: 12 };
  const priced = await api<Price[]>('PUT', '/v1/osbPrice', { prices: [input] }, await demoToken('clerk'));
  expect(priced.status).toBe(200);
  const [price] = priced.data;

  await page.goto(
    `/osb/calendar?pol=${lane.pol}&pod=${lane.pod}&containerType=${lane.containerType}&month=${sailingDate.slice(0, 7)}`,
  );
  await waitForPageTitle(page, '运价日历');
  const sailing = page.locator(`[data-price="${price.key}"]`);
  await sailing.waitFor();
  expect(await sailing.getAttribute('role')).toBeNull();
  await sailing.hover();
  const closed = chinaDateTime(cutoffsOf(sailingDate, rule).siCutoff);
  await page.getByRole('tooltip').getByText(`不可订舱：已截单（截单 ${closed}）`).waitFor();
  await screenshot(page, 'cutoffs-01-calendar');
  await sailing.click({ force: true });
  expect(await page.getByRole('dialog').count()).toBe(0);
  expect(user.errors).toEqual([]);
});

it('a draft within 48 hours of its 截单 warns on the plan page', async () => {
  const { page } = user;
  // A sailing whose 截单 is 24 to 48 hours away: two days after the first day its 截单 is still ahead.
  const plan = await draftPlan('USLAX', Math.ceil(rule.siCutoffHours / 24) + 2);
  const closes = chinaDateTime(cutoffsOf(plan.etd, rule).siCutoff);
  await page.goto(`/osb/plan/${plan.key}`);
  await waitForPageTitle(page, `订舱计划 ${plan.key}`);
  await page
    .getByRole('alert')
    .getByText(new RegExp(`^该船期距截单不足 48 小时（截单 ${closes}，还有 1 天 \\d+ 小时）：请尽快提交订舱$`))
    .waitFor();
  await screenshot(page, 'cutoffs-02-plan-warning');
  expect(user.errors).toEqual([]);
});
