/** Signing out, and a token the server no longer accepts: both end on the login page with `redirect`. */
import type { Browser, Page } from 'playwright-core';
import { api, launchBrowser, openPage, screenshot, signIn, submitLogin, waitForPageTitle, where } from './support';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('token'));

test('退出登录 in the avatar menu revokes the token, clears storage and shows the login page', async () => {
  const { context, page, errors } = await openPage(browser);
  await signIn(page, 'user');
  const token = await storedToken(page);
  expect(token).toBeTruthy();
  expect((await api('GET', '/v1/users/current', undefined, token ?? '')).status).toBe(200);

  await page.getByText('陈客户').hover();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await page.waitForURL((url) => url.pathname === '/user/login');
  expect(where(page).redirect).toBe(`${where(page).origin}/shipment`);
  await page.getByPlaceholder('用户名').waitFor();
  await screenshot(page, 'session-logged-out');

  expect(await page.evaluate(() => localStorage.length)).toBe(0);
  expect((await api('GET', '/v1/users/current', undefined, token ?? '')).status).toBe(401);
  // The signed-in pages are closed to this browser now.
  await page.goto('/shipment');
  await page.waitForURL((url) => url.pathname === '/user/login');
  expect(errors).toEqual([]);
  await context.close();
});

test('a token the server does not know → the next navigation lands on the login page with redirect, and back after signing in', async () => {
  const { context, page } = await openPage(browser);
  await signIn(page, 'user');
  await page.evaluate(() => localStorage.setItem('token', 'garbage-that-is-no-token'));

  await page.goto('/osb/calendar');
  await page.waitForURL((url) => url.pathname === '/user/login');
  expect(where(page).redirect).toBe(`${where(page).origin}/osb/calendar`);
  await page.getByPlaceholder('用户名').waitFor();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await screenshot(page, 'session-bad-token');

  await submitLogin(page, 'user');
  await page.waitForURL((url) => url.pathname === '/osb/calendar');
  await waitForPageTitle(page, '运价日历');
  await context.close();
});

test('a token revoked on the server (signed out elsewhere) → the next navigation lands on the login page', async () => {
  const { context, page } = await openPage(browser);
  await signIn(page, 'inspector');
  const token = (await storedToken(page)) ?? '';
  expect((await api('POST', '/v1/auth/logout', undefined, token)).status).toBe(200);

  await page.goto('/shipment/inspection');
  await page.waitForURL((url) => url.pathname === '/user/login');
  expect(where(page).redirect).toBe(`${where(page).origin}/shipment/inspection`);
  await screenshot(page, 'session-revoked-token');
  await context.close();
});
