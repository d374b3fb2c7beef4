/**
 * 客户公司 in the browser: `user-b` continues a booking plan that their colleague `user` began and submits it; the
 * manager `user` sees the company's members under 个人设置 → 公司成员 and removes `user-b`, whose open tab is then
 * sent to the login page at its next request, and who cannot sign in again.
 */
import type { Browser } from 'playwright-core';
import type { Plan } from '../../contract/plan/schema';
import { addDays, chinaToday } from '../../contract/plan/codes';
import type { Price } from '../../contract/price/schema';
import {
  api,
  confirmPopconfirm,
  demoToken,
  launchBrowser,
  openPage,
  screenshot,
  signIn,
  submitLogin,
  waitForPageTitle,
} from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

test('a colleague submits the plan another began; the manager removes them and their open tab goes to sign-in', async () => {
  const [userToken, clerkToken] = await Promise.all([demoToken('user'), demoToken('clerk')]);
  const sailing = { carrier: 'ONEY', pol: 'CNSHA', pod: 'DEHAM', containerType: '40HQ', sailingDate: addDays(chinaToday(), 75) };
  const prices = { prices: [{ ...sailing, amount: 2480, currency: 'USD', space: 'ample', transitDays: 30 }] };
  const [price] = (await api<Price[]>('PUT', '/v1/osbPrice', prices, clerkToken)).data;
  const begun = await api<Plan>(
    'POST',
    '/v1/osbplan/',
    { priceKey: price.key, quantity: 1, osbFactory: 'SH-GARMENT' },
    userToken,
  );
  expect(begun.status).toBe(201);
  const planKey = begun.data.key;

  const colleague = await openPage(browser);
  await colleague.page.setViewportSize({ width: 1366, height: 768 });
  await signIn(colleague.page, 'user-b', undefined, `/osb/plan/${planKey}`);
  await waitForPageTitle(colleague.page, `订舱计划 ${planKey}`);
  await colleague.page.locator('.ant-descriptions').getByText('草稿').waitFor();
  await colleague.page.getByRole('button', { name: '提交订舱' }).click();
  await colleague.page.locator('.ant-descriptions').getByText('已提交').waitFor();
  await screenshot(colleague.page, 'companies-01-colleague-submitted');
  const submitted = await api<Plan>('GET', `/v1/osbplan/${planKey}`, undefined, userToken);
  expect(submitted.data.status).toBe('SUBMITTED');

  const manager = await openPage(browser);
  await manager.page.setViewportSize({ width: 1366, height: 768 });
  await signIn(manager.page, 'user', undefined, '/account/settings?tab=members');
  await waitForPageTitle(manager.page, '个人设置');
  const row = manager.page.locator('tr.ant-table-row').filter({ hasText: '周同事' });
  await row.getByText('成员').waitFor();
  await screenshot(manager.page, 'companies-02-members');
  await row.getByRole('button', { name: '移除' }).click();
  await confirmPopconfirm(manager.page, /^移\s?除$/);
  await manager.page.locator('.ant-message').getByText('已移除成员「周同事」，其登录与 API 令牌立即失效').waitFor();
  await row.getByText('停用').waitFor();
  await screenshot(manager.page, 'companies-03-removed');

  // The removed colleague's open tab: its next request (the plan list, from the menu) is refused: to the login page.
  await colleague.page.getByRole('menuitem', { name: '订舱计划' }).click();
  await colleague.page.waitForURL((url) => url.pathname === '/user/login');
  await submitLogin(colleague.page, 'user-b');
  await colleague.page.getByText('账号已停用，请联系管理员').first().waitFor();
  await screenshot(colleague.page, 'companies-04-removed-signs-in');
  expect(manager.errors).toEqual([]);
  await Promise.all([manager.context.close(), colleague.context.close()]);
});
