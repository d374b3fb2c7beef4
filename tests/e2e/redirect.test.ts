/** After signing in, `redirect` is followed only when it stays on this site. */
import type { Browser } from 'playwright-core';
import { baseUrl, launchBrowser, openPage, screenshot, signIn, waitForPageTitle, where } from './support';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const hostile = [
  'https://evil.example/x',
  '//evil.example',
  'javascript:alert(1)',
  '/\\evil.example',
  ' JavaScript:alert(document.domain)',
];

test.each(hostile)('redirect=%j is not followed: the user lands on /shipment', async (redirect) => {
  const { context, page, errors } = await openPage(browser);
  const offSite: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(baseUrl)) offSite.push(request.url());
  });
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });

  await signIn(page, 'user', undefined, redirect);
  await waitForPageTitle(page, '出运首页');
  expect(where(page)).toEqual({ origin: new URL(baseUrl).origin, pathname: '/shipment', redirect: null });
  expect(offSite).toEqual([]);
  expect(dialogs).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});

test('a same-origin redirect (/osb/calendar) is followed', async () => {
  const { context, page } = await openPage(browser);
  await signIn(page, 'user', undefined, '/osb/calendar');
  expect(where(page).pathname).toBe('/osb/calendar');
  await waitForPageTitle(page, '运价日历');
  await screenshot(page, 'redirect-same-origin');
  await context.close();
});

test('a same-origin absolute redirect with a query is followed', async () => {
  const { context, page } = await openPage(browser);
  await signIn(page, 'clerk', undefined, `${baseUrl}/osb/order?status=open`);
  const url = new URL(page.url());
  expect(`${url.pathname}${url.search}`).toBe('/osb/order?status=open');
  await waitForPageTitle(page, '订舱单');
  await context.close();
});
