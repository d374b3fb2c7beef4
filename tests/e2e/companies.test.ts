/**
 * 客户公司 in the browser: `user-b` continues a booking plan that their colleague `user` began and submits it; the
 * manager `user` sees the company's members under 个人设置 → 公司成员 and removes `user-b`, whose open tab is then
 * sent to the login page at its next request, and who cannot sign in again. The manager invites a colleague by
 * e-mail; the colleague registers from the mailed link and, signed in, sees the company's records.
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
  mailedLink,
  newAccount,
  openPage,
  opened,
  screenshot,
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

test('the manager invites a colleague, who registers from the mailed link and then works on the company’s plans', async () => {
  const account = newAccount('inv');
  const password = 'Ship-Desk-2026';
  const manager = await openPage(browser);
  await manager.page.setViewportSize({ width: 1366, height: 768 });
  await signIn(manager.page, 'user', undefined, '/account/settings?tab=members');
  await waitForPageTitle(manager.page, '个人设置');
  await manager.page.getByRole('button', { name: '邀请同事' }).click();
  const dialog = await opened(manager.page.locator('.ant-modal').filter({ hasText: '同事的邮箱' }));
  await dialog.getByLabel('同事的邮箱').fill(account.email);
  await screenshot(manager.page, 'companies-05-invite');
  await dialog.getByRole('button', { name: '发送邀请' }).click();
  await manager.page.locator('.ant-message').getByText(`邀请已发送到 ${account.email}`).waitFor();
  await manager.page.getByText('未接受的邀请').waitFor();
  await manager.page.locator('tr.ant-table-row').filter({ hasText: account.email }).waitFor();
  await screenshot(manager.page, 'companies-06-invited');

  const link = await mailedLink(account.email, '/user/register');
  const invited = await openPage(browser);
  await invited.page.setViewportSize({ width: 1366, height: 768 });
  await invited.page.goto(`${link.pathname}${link.search}`);
  await invited.page.getByText('陈客户 邀请您加入「华东服饰有限公司」').waitFor();
  expect(await invited.page.getByPlaceholder('邮箱').inputValue()).toBe(account.email);
  await invited.page.getByPlaceholder('用户名').fill(account.userName);
  await invited.page.getByPlaceholder('姓名（中文）').fill('吴同事');
  await invited.page.getByPlaceholder('手机号').fill(account.mobile);
  await invited.page.getByRole('button', { name: '获取验证码' }).click();
  await invited.page.getByPlaceholder('6 位验证码').fill(await smsCode(account.mobile));
  await invited.page.getByPlaceholder('至少 6 位密码，区分大小写').fill(password);
  await invited.page.getByPlaceholder('确认密码').fill(password);
  await screenshot(invited.page, 'companies-07-invited-registers');
  await invited.page.locator('form button[type="submit"]').click();
  await invited.page.getByText('你已加入邀请你的公司，现在可以登录').waitFor();
  await screenshot(invited.page, 'companies-08-joined');

  await invited.page.getByRole('button', { name: '登 录' }).click();
  await invited.page.waitForURL((url) => url.pathname === '/user/login');
  await submitLogin(invited.page, account.userName, password);
  await invited.page.waitForURL((url) => !url.pathname.startsWith('/user/'));
  await invited.page.goto('/osb/plan');
  await waitForPageTitle(invited.page, '订舱计划');
  const userToken = await demoToken('user');
  const plans = await api<{ total: number }>('GET', '/v1/osbplan?pageSize=1', undefined, userToken);
  expect(plans.data.total).toBeGreaterThan(0);
  await invited.page.getByText(`共 ${plans.data.total} 条`).waitFor();
  await screenshot(invited.page, 'companies-09-colleague-sees-plans');

  // The link was single-use: opened again, the page says so.
  await invited.page.goto(`${link.pathname}${link.search}`);
  await invited.page.getByText('邀请链接无效、已使用或已过期，请联系贵公司管理员重新邀请').waitFor();
  expect([...manager.errors, ...invited.errors]).toEqual([]);
  await Promise.all([manager.context.close(), invited.context.close()]);
});

test('a clerk sees each order’s 客户公司 and lists one company’s orders by the filter', async () => {
  const [userToken, user2Token, clerkToken] = await Promise.all([demoToken('user'), demoToken('user2'), demoToken('clerk')]);
  const sailing = { carrier: 'ONEY', pol: 'CNSHA', pod: 'DEHAM', containerType: '40HQ', sailingDate: addDays(chinaToday(), 76) };
  const prices = { prices: [{ ...sailing, amount: 2510, currency: 'USD', space: 'ample', transitDays: 30 }] };
  const [price] = (await api<Price[]>('PUT', '/v1/osbPrice', prices, clerkToken)).data;
  for (const token of [userToken, user2Token]) {
    const body = { priceKey: price.key, quantity: 1, osbFactory: 'SH-GARMENT' };
    const made = await api<Plan>('POST', '/v1/osbplan/', body, token);
    const sent = await api<Plan>(
      'PUT',
      `/v1/osbplan/${made.data.key}`,
      { status: 'SUBMITTED', version: made.data.version },
      token,
    );
    expect([made.status, sent.status]).toEqual([201, 200]);
  }
  const clerk = await openPage(browser);
  await clerk.page.setViewportSize({ width: 1366, height: 768 });
  await signIn(clerk.page, 'clerk', undefined, '/osb/order');
  await waitForPageTitle(clerk.page, '订舱单');
  await clerk.page.getByRole('columnheader', { name: '客户公司' }).waitFor();
  const rows = clerk.page.locator('tr.ant-table-row');
  await rows.filter({ hasText: '林氏鞋业有限公司' }).first().waitFor();
  await rows.filter({ hasText: '华东服饰有限公司' }).first().waitFor();

  await clerk.page.getByLabel('客户公司').click();
  await clerk.page.keyboard.type('林氏');
  // The server's answer to the typed name: that company alone.
  const options = clerk.page.locator('.ant-select-item-option');
  await options.filter({ hasText: '华东服饰有限公司' }).waitFor({ state: 'detached' });
  await options.filter({ hasText: '林氏鞋业有限公司' }).click();
  await clerk.page.locator('.ant-select-dropdown').waitFor({ state: 'hidden' });
  await clerk.page.getByRole('button', { name: '查 询' }).click();
  const every = await api<{ data: { ownerCompanyName: string }[] }>('GET', '/v1/osbOrder?pageSize=500', undefined, clerkToken);
  const theirs = every.data.data.filter((order) => order.ownerCompanyName === '林氏鞋业有限公司').length;
  await clerk.page.getByText(`共 ${theirs} 条`).waitFor();
  expect(await rows.filter({ hasText: '华东服饰有限公司' }).count()).toBe(0);
  expect(await rows.filter({ hasText: '林氏鞋业有限公司' }).count()).toBe(await rows.count());
  await screenshot(clerk.page, 'companies-10-clerk-filters-by-company');
  expect(clerk.errors).toEqual([]);
  await clerk.context.close();
});
