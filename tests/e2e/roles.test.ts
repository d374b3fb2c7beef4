/**
 * Each demo account signs in and sees the menu of its role (the route table of the specification), a route
 * its role may not open shows the 403 text, and the exception pages render.
 */
import type { Browser } from 'playwright-core';
import { launchBrowser, menuGroups, menuItems, openPage, screenshot, signIn, waitForPageTitle, where } from './support';

const NOT_AUTHORIZED = '抱歉，你无权访问此页面。';

const customerMenu = [
  '装箱单',
  '拼柜大厅',
  '拼柜装柜',
  '提单',
  '散货大厅',
  '订舱交接',
  '验针',
  '运价日历',
  '订舱计划',
  '待拼柜货物',
  '彩贴生成',
];

/** The side menu of each demo account, in menu order, with the top-level groups and a route it may not open. */
const roles: { account: string; groups: string[]; items: string[]; forbidden: string }[] = [
  { account: 'user', groups: ['出运管理', '订舱管理', '小工具'], items: customerMenu, forbidden: '/osb/settings' },
  { account: 'user2', groups: ['出运管理', '订舱管理', '小工具'], items: customerMenu, forbidden: '/shipment/shippingBulk' },
  {
    account: 'clerk',
    groups: ['出运管理', '订舱管理', '小工具'],
    items: ['提单', '散货大厅', '订舱交接', '出运对比表下载', '运价日历', '订舱单', '报关交接', '订舱设置', '彩贴生成'],
    forbidden: '/shipment/packing',
  },
  {
    account: 'inspector',
    groups: ['出运管理', '小工具'],
    items: ['提单', '订舱交接', '验针', '彩贴生成'],
    forbidden: '/osb/plan',
  },
];

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe.each(roles)('$account', ({ account, groups, items, forbidden }) => {
  test('signs in, lands on /shipment and sees the menu of its role', async () => {
    const { context, page, errors } = await openPage(browser);
    await signIn(page, account);
    expect(where(page).pathname).toBe('/shipment');
    await waitForPageTitle(page, '出运首页');
    expect(await menuGroups(page)).toEqual(groups);
    expect(await menuItems(page)).toEqual(items);
    await screenshot(page, `roles-${account}-menu`);
    expect(errors).toEqual([]);
    await context.close();
  });

  test(`opening ${forbidden} shows the 403 text inside the layout`, async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, account);
    await page.goto(forbidden);
    await page.getByText(NOT_AUTHORIZED).waitFor();
    // Still signed in, with the menu: only the page is refused.
    expect(where(page).pathname).toBe(forbidden);
    await expect(page.locator('.ant-pro-sider-menu').isVisible()).resolves.toBe(true);
    await screenshot(page, `roles-${account}-403`);
    await context.close();
  });
});

test('a menu entry opens its page; the clerk cannot reach the packing list by the menu', async () => {
  const { context, page } = await openPage(browser);
  await signIn(page, 'clerk');
  await menuItems(page);
  // Reading the menu opened every group, and ProLayout closes the siblings as it goes: 订舱管理 is opened again,
  // so that the click lands on its entry, not on one closing (seen once on CI: the click navigated nowhere).
  const menu = page.locator('.ant-pro-sider-menu');
  const group = menu.locator('.ant-menu-submenu-title').filter({ hasText: '订舱管理' });
  if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
  await menu.getByRole('menuitem', { name: '订舱设置' }).click();
  await page.waitForURL('**/osb/settings');
  await waitForPageTitle(page, '订舱设置');
  await expect(page.getByText(NOT_AUTHORIZED).count()).resolves.toBe(0);
  await expect(page.locator('.ant-pro-sider-menu').getByText('装箱单', { exact: true }).count()).resolves.toBe(0);
  await screenshot(page, 'roles-clerk-settings');
  await context.close();
});

test('an unknown path shows the 404 page', async () => {
  const { context, page } = await openPage(browser);
  await signIn(page, 'user');
  await page.goto('/no/such/page');
  await page.getByText('抱歉，您访问的页面不存在。').waitFor();
  await expect(page.getByText('404', { exact: true }).isVisible()).resolves.toBe(true);
  await screenshot(page, 'exception-404');
  await context.close();
});

test('/maintain shows the 504 page without signing in', async () => {
  const { context, page } = await openPage(browser);
  await page.goto('/maintain');
  await page.getByText('系统维护中').waitFor();
  await expect(page.getByText('网关超时（504），系统可能正在维护，请稍后再试。').isVisible()).resolves.toBe(true);
  expect(where(page).pathname).toBe('/maintain');
  await screenshot(page, 'exception-504');
  await context.close();
});
