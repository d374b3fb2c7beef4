/** The API reference page (/v1/docs/ui): Swagger UI from the app itself, under the product's CSP, every tag listed. */
import type { Browser } from 'playwright-core';
import { baseUrl, launchBrowser, openPage, screenshot } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

test('renders every resource of the API with no CSP violation and nothing fetched from elsewhere', async () => {
  const { page, errors, context } = await openPage(browser);
  const violations: string[] = [];
  const elsewhere: string[] = [];
  page.on('console', (message) => {
    if (/Content.Security.Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  page.on('request', (request) => {
    if (!request.url().startsWith(baseUrl) && !request.url().startsWith('data:')) elsewhere.push(request.url());
  });
  await page.goto('/v1/docs/ui');
  const tags = page.locator('.opblock-tag-section');
  await tags.first().waitFor();
  const { tags: documented } = (await (await fetch(`${baseUrl}/v1/docs`)).json()) as { tags: { name: string }[] };
  expect(await tags.count()).toBe(documented.length);
  // A tag opens onto its operations.
  await page.locator('.opblock-tag', { hasText: /^plan/ }).first().click();
  await page.locator('.opblock-summary-path', { hasText: '/v1/osbplan' }).first().waitFor();
  await screenshot(page, 'api-docs-ui');
  expect(violations).toEqual([]);
  expect(elsewhere).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});
