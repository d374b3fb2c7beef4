/**
 * No warnings in the console: every page of the product, opened by its role, logs no error and no warning of its own
 * (React's, react-redux's, antd's deprecations alike). Third-party lines that are not the app's own are allowed
 * only when listed in `allowed`, each with why.
 */
import type { Browser, BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import { productPages, type ProductPage } from '../support/productPages.mjs';
import { launchBrowser, openPage, signIn } from './support';

/** Lines that are not the app's: none so far. Each new one needs its reason here. */
const allowed: { pattern: RegExp; why: string }[] = [];

let browser: Browser;
const sessions = new Map<string, { context: BrowserContext; page: Page; said: string[] }>();

const roleOf = (signedIn: boolean | string) => (signedIn === false ? 'none' : signedIn === true ? 'user' : signedIn);

async function session(role: string) {
  const known = sessions.get(role);
  if (known) return known;
  const { context, page } = await openPage(browser);
  const said: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (!['error', 'warning'].includes(message.type())) return;
    const text = message.text();
    if (!allowed.some(({ pattern }) => pattern.test(text))) said.push(`${message.type()}: ${text.slice(0, 300)}`);
  });
  if (role !== 'none') await signIn(page, role);
  const opened = { context, page, said };
  sessions.set(role, opened);
  return opened;
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

it.each(productPages.map((entry): [string, ProductPage] => [`${roleOf(entry.signedIn)} ${entry.path}`, entry]))(
  '%s logs no error or warning',
  async (_: string, entry: ProductPage) => {
    const { page, said } = await session(roleOf(entry.signedIn));
    said.length = 0;
    await page.goto(entry.path);
    await entry.ready(page);
    // Effects that run once the page is drawn (a list's first page, a lazy chart) have their turn.
    await page.waitForTimeout(500);
    expect(said).toEqual([]);
  },
);
