/**
 * 拼柜 in the browser: the customer's goods waiting, grouped by destination and ex-factory week with the boxes
 * suggested for them, and the way from a group to the price calendar with its lane and month chosen.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { boxMixText } from '../../contract/consolidation';
import type { GoodsGroup } from '../../contract/goods';
import { chinaToday } from '../../contract/planCodes';
import { api, demoToken, launchBrowser, openPage, screenshot, signIn, waitForPageTitle } from './support';

let browser: Browser;
let customer: { context: BrowserContext; page: Page; errors: string[] };
beforeAll(async () => {
  browser = await launchBrowser();
  customer = await openPage(browser);
  await signIn(customer.page, 'user', undefined, '/osb/goods');
  await waitForPageTitle(customer.page, '待拼柜货物');
});
afterAll(async () => {
  await customer?.context.close();
  await browser.close();
});

describe('goods waiting', () => {
  it('shows the customer’s waiting goods by destination and week, each with the boxes suggested', async () => {
    const goods = await api<{ data: GoodsGroup[] }>('GET', '/v1/osbGoods?pageSize=50', undefined, await demoToken('user'));
    const group = goods.data.data.find((g) => g.pod !== null) as GoodsGroup;
    expect(group).toBeDefined();
    const { page } = customer;
    const row = page.getByRole('row').filter({ hasText: group.week }).filter({ hasText: group.destination }).first();
    await row.waitFor();
    expect(await row.innerText()).toContain(boxMixText(group.suggestion));
    await row.getByRole('button', { name: /展开/ }).click();
    await page.getByRole('cell', { name: group.lines[0].key, exact: true }).waitFor();
    await screenshot(page, 'consolidation-01-goods');

    await row.getByText('去订舱').click();
    await waitForPageTitle(page, '运价日历');
    const url = new URL(page.url());
    expect([url.pathname, url.searchParams.get('pod'), url.searchParams.get('month')]).toEqual([
      '/osb/calendar',
      group.pod,
      [group.weekStart.slice(0, 7), chinaToday().slice(0, 7)].sort()[1],
    ]);
    await screenshot(page, 'consolidation-02-calendar');
    expect(customer.errors).toEqual([]);
  });
});
