/**
 * Self-service accounts through the pages and the outbox: register → SMS code → activation mail → sign in;
 * forgot password → reset mail → new password → sign in with it.
 */
import type { Browser } from 'playwright-core';
import {
  api,
  baseUrl,
  launchBrowser,
  mailedLink,
  newAccount,
  openPage,
  screenshot,
  smsCode,
  submitLogin,
  waitForPageTitle,
  where,
} from './support';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

test('register a customer → activation link from the outbox → sign in', async () => {
  const account = newAccount('reg');
  const password = 'Ship-Desk-2025';
  const { context, page, errors } = await openPage(browser);
  await page.goto('/user/login');
  await page.getByRole('link', { name: '注册账户' }).click();
  await page.waitForURL('**/user/register');
  // The address moves at the click; the login form (用户名, 手机号 too) stays until the register page's code is in.
  await page.getByPlaceholder('姓名（中文）').waitFor();

  await page.getByPlaceholder('用户名').fill(account.userName);
  await page.getByPlaceholder('姓名（中文）').fill('周新客');
  await page.getByPlaceholder('邮箱').fill(account.email);
  await page.getByPlaceholder('手机号').fill(account.mobile);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await page.getByText('验证码已发送，5 分钟内有效').waitFor();
  await page.getByPlaceholder('6 位验证码').fill(await smsCode(account.mobile));
  await page.getByPlaceholder('至少 6 位密码，区分大小写').fill(password);
  await page.getByPlaceholder('确认密码').fill(password);
  await page.locator('.ant-select').filter({ hasText: '岗位' }).click();
  await page
    .locator('.ant-select-item-option')
    .filter({ hasText: /^客户$/ })
    .click();
  await screenshot(page, 'accounts-register-filled');
  await page.locator('form button[type="submit"]').click();

  await page.waitForURL((url) => url.pathname === '/user/register-result');
  await page.getByText(account.email).first().waitFor();
  await page.getByText(/有效期为\s*24\s*小时/).waitFor();
  await screenshot(page, 'accounts-register-result');

  // Not active yet: the login page says why.
  await page.goto('/user/login');
  await submitLogin(page, account.userName, password);
  await page.getByText('账号尚未激活，请查收激活邮件或联系管理员').waitFor();

  const link = await mailedLink(account.email, '/user/activate');
  expect(link.origin).toBe(new URL(baseUrl).origin);
  await page.goto(link.href);
  await page.getByText('激活成功').waitFor();
  await screenshot(page, 'accounts-activated');
  await page.getByRole('button', { name: '去登录' }).click();
  await page.waitForURL((url) => url.pathname === '/user/login');

  await submitLogin(page, account.userName, password);
  await page.waitForURL((url) => url.pathname === '/shipment');
  await waitForPageTitle(page, '出运首页');
  await page.getByText('周新客').waitFor();
  await screenshot(page, 'accounts-registered-signed-in');
  expect(errors).toEqual([]);

  // An activation link works once.
  await page.goto(link.href);
  await page.getByText('激活失败').waitFor();
  await context.close();
});

/** A customer account made through the API, activated, for the password tests. */
async function activeCustomer(password: string) {
  const account = newAccount('pwd');
  expect((await api('POST', '/v1/auth/captcha', { mobile: account.mobile })).status).toBe(200);
  const registered = await api<{ status: string }>('POST', '/v1/auth/register', {
    userName: account.userName,
    realName: '吴忘记',
    email: account.email,
    mobile: account.mobile,
    captcha: await smsCode(account.mobile),
    password,
    role: 'user',
  });
  expect(registered).toMatchObject({ status: 200, data: { status: 'ok' } });
  const activation = await mailedLink(account.email, '/user/activate');
  const token = activation.searchParams.get('token') ?? '';
  expect((await api('GET', `/v1/auth/activate?token=${encodeURIComponent(token)}`)).status).toBe(200);
  return account;
}

test('forgot password → reset link from the outbox → new password → sign in with it', async () => {
  const oldPassword = 'old-secret-1';
  const newPassword = 'New-Secret-2';
  const account = await activeCustomer(oldPassword);
  const { context, page, errors } = await openPage(browser);

  await page.goto('/user/login');
  await page.getByRole('link', { name: '忘记密码' }).click();
  await page.waitForURL('**/user/login/forgot');
  await page.getByPlaceholder('账户名').fill(account.userName);
  await page.locator('form button[type="submit"]').click();
  await page.getByText(`重置密码邮件已发送到账号 ${account.userName} 绑定的邮箱，请查收`).waitFor();
  await screenshot(page, 'accounts-forgot-sent');

  const link = await mailedLink(account.email, '/user/reset');
  expect(link.origin).toBe(new URL(baseUrl).origin);
  await page.goto(link.href);
  await page.getByPlaceholder('新密码，至少 6 位').fill(newPassword);
  await page.getByPlaceholder('确认新密码').fill(newPassword);
  await screenshot(page, 'accounts-reset-form');
  await page.locator('form button[type="submit"]').click();
  await page.getByText('密码已重置').waitFor();
  await page.getByRole('button', { name: '去登录' }).click();
  await page.waitForURL((url) => url.pathname === '/user/login');

  await submitLogin(page, account.userName, oldPassword);
  await page.getByText('账户或密码错误').waitFor();
  expect(where(page).pathname).toBe('/user/login');

  await submitLogin(page, account.userName, newPassword);
  await page.waitForURL((url) => url.pathname === '/shipment');
  await page.getByText('吴忘记').waitFor();
  expect(errors).toEqual([]);
  await context.close();
});

test('forgot password for an unknown account says so', async () => {
  const { context, page } = await openPage(browser);
  await page.goto('/user/login/forgot');
  await page.getByPlaceholder('账户名').fill('nobody-by-this-name');
  await page.locator('form button[type="submit"]').click();
  await page.getByText('账号不存在').waitFor();
  await screenshot(page, 'accounts-forgot-unknown');
  await context.close();
});

const DEMO_MOBILE_USER2 = '13800000002';

test('signing in with 手机号登录: SMS code from the outbox', async () => {
  const { context, page } = await openPage(browser);
  await page.goto('/user/login');
  await page.getByText('手机号登录').click();
  await page.getByPlaceholder('手机号').fill(DEMO_MOBILE_USER2);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await page.getByText('验证码已发送，5 分钟内有效').waitFor();
  await expect(page.getByRole('button', { name: /\d+ 秒/ }).isDisabled()).resolves.toBe(true);
  // force: the field is squeezed to no width (the known layout bug below); the sign-in itself is tested here.
  await page.getByPlaceholder('6 位验证码').fill(await smsCode(DEMO_MOBILE_USER2), { force: true });
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname === '/shipment');
  await page.getByText('林客户').waitFor();
  await screenshot(page, 'accounts-mobile-signed-in');
  await context.close();
});

test('the code field of 手机号登录 is wide enough to type in', async () => {
  const { context, page } = await openPage(browser);
  try {
    await page.goto('/user/login');
    await page.getByText('手机号登录').click();
    await screenshot(page, 'accounts-mobile-form');
    const box = await page.getByPlaceholder('6 位验证码').boundingBox();
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(80);
  } finally {
    await context.close();
  }
});

test('the signed-in pages are closed to a browser without a session', async () => {
  const { context, page } = await openPage(browser);
  await page.goto('/osb/calendar');
  await page.waitForURL((url) => url.pathname === '/user/login');
  expect(where(page).redirect).toBe(`${new URL(baseUrl).origin}/osb/calendar`);
  await submitLogin(page, 'user');
  await page.waitForURL((url) => url.pathname === '/osb/calendar');
  await waitForPageTitle(page, '运价日历');
  await context.close();
});
