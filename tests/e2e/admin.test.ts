/**
 * 系统管理 in the browser: a document clerk registers and waits for approval; the administrator signs in, lands on
 * 账号管理, finds the pending registration first, activates it with one click; the clerk is mailed and signs in.
 */
import type { Browser } from 'playwright-core';
import {
  api,
  launchBrowser,
  mailedLink,
  newAccount,
  openPage,
  screenshot,
  settled,
  signIn,
  smsCode,
  submitLogin,
  waitForPageTitle,
} from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

test('the admin activates a pending registration, and the person then signs in', async () => {
  const account = newAccount('adm');
  const password = 'Ship-Desk-Clerk-1';
  expect((await api('POST', '/v1/auth/captcha', { mobile: account.mobile })).status).toBe(200);
  const registered = await api<{ next: string }>('POST', '/v1/auth/register', {
    userName: account.userName,
    realName: '孙单证',
    email: account.email,
    mobile: account.mobile,
    captcha: await smsCode(account.mobile),
    password,
    role: 'documentClerk',
  });
  expect(registered.data.next).toBe('approval');

  const admin = await openPage(browser);
  await admin.page.setViewportSize({ width: 1366, height: 768 });
  await signIn(admin.page, 'admin');
  await admin.page.waitForURL((url) => url.pathname === '/admin/accounts');
  await waitForPageTitle(admin.page, '账号管理');
  const row = admin.page.locator('tr.ant-table-row').filter({ hasText: account.userName });
  await row.getByText('待激活').waitFor();
  expect(await admin.page.locator('.ant-pro-sider .ant-menu-item').allTextContents()).toEqual(['账号管理']);
  await screenshot(admin.page, 'admin-01-pending');
  await row.getByRole('button', { name: '激活' }).click();
  await admin.page.locator('.ant-message').getByText(`已激活 孙单证（${account.userName}），并邮件通知本人`).waitFor();
  await row.getByText('正常').waitFor();
  await screenshot(admin.page, 'admin-02-activated');

  const mailed = await mailedLink(account.email, '/user/login');
  const clerk = await openPage(browser);
  await clerk.page.setViewportSize({ width: 1366, height: 768 });
  await clerk.page.goto(mailed.pathname);
  await submitLogin(clerk.page, account.userName, password);
  await clerk.page.waitForURL((url) => url.pathname === '/shipment');
  await clerk.page.getByRole('menuitem', { name: '订舱管理' }).waitFor();
  await screenshot(clerk.page, 'admin-03-clerk-signed-in');

  await row.getByRole('button', { name: '登录记录' }).click();
  const drawer = admin.page.locator('.ant-drawer').filter({ hasText: '登录记录：孙单证' });
  await drawer.getByText('成功').first().waitFor();
  await settled(drawer);
  await screenshot(admin.page, 'admin-04-sign-ins');
  expect([...admin.errors, ...clerk.errors]).toEqual([]);
  await Promise.all([admin.context.close(), clerk.context.close()]);
});
