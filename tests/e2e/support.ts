/**
 * What the browser tests share: Debian's Chromium through playwright-core, the address of the server that
 * globalSetup started, signing in through the login page, reading the side menu, screenshots, and the outbox
 * (mails and SMS the server writes as files when no gateway is configured).
 */
import ExcelJS from 'exceljs';
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
// Debian's Chromium and its flags, shared with the bundle benchmark.
import chromiumSettings from '../support/chromium.json';

export const DEMO_PASSWORD = 'shipdesk123';

/** Set by globalSetup.mjs. */
export const baseUrl = required('SHIPDESK_E2E_URL');
const outboxDir = required('SHIPDESK_E2E_OUTBOX');
const outputDir = path.join(__dirname, 'output');

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the browser tests with npm run test:e2e`);
  return value;
}

/** Debian's Chromium with the project's settings, and `extraArgs` (a fake camera, say). */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || chromiumSettings.executablePath,
    args: [...chromiumSettings.args, ...extraArgs],
  });
}

/**
 * A fresh browser profile (empty storage) on the test server; a page error fails the test that reads `errors`.
 * `touch`: a touch screen (a tablet), whose pointer the page sees as coarse; `timezoneId`: the browser's zone.
 */
export async function openPage(
  browser: Browser,
  { touch = false, timezoneId }: { touch?: boolean; timezoneId?: string } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    ...{ baseURL: baseUrl, viewport: { width: 1440, height: 900 }, locale: 'zh-CN' },
    hasTouch: touch,
    ...(timezoneId ? { timezoneId } : {}),
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/** Fills the credentials form of the login page that is open and submits it. */
export async function submitLogin(page: Page, name: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByPlaceholder('用户名').fill(name);
  await page.getByPlaceholder('密码').fill(password);
  await page.locator('form button[type="submit"]').click();
}

/** Opens the login page (optionally with a `redirect`), signs in and waits for the signed-in layout. */
export async function signIn(page: Page, name: string, password = DEMO_PASSWORD, redirect?: string): Promise<void> {
  await page.goto(redirect === undefined ? '/user/login' : `/user/login?redirect=${encodeURIComponent(redirect)}`);
  await submitLogin(page, name, password);
  await page.waitForURL((url) => !url.pathname.startsWith('/user/'));
  await page.locator('.ant-pro-sider-menu').waitFor();
}

/**
 * The side menu's page entries (leaves) in menu order, group titles left out. Every group is opened once, in
 * document order (a group renders its entries only once opened; ProLayout closes the sibling groups as it
 * goes, which leaves the entries in the page, hidden, so they are read as text content).
 */
export async function menuItems(page: Page): Promise<string[]> {
  const menu = page.locator('.ant-pro-sider-menu');
  await menu.waitFor();
  const titles = menu.locator('.ant-menu-submenu-title');
  for (let i = 0; i < (await titles.count()); i += 1) {
    const title = titles.nth(i);
    if ((await title.getAttribute('aria-expanded')) !== 'true') await title.click();
  }
  return menu.locator('li.ant-menu-item').evaluateAll((items) => items.map((item) => item.textContent?.trim() ?? ''));
}

/** The top-level groups of the side menu. */
export async function menuGroups(page: Page): Promise<string[]> {
  const titles = await page.locator('.ant-pro-sider-menu > li.ant-menu-submenu > .ant-menu-submenu-title').allInnerTexts();
  return titles.map((text) => text.trim());
}

/** Saves a full-page screenshot as tests/e2e/output/<name>.png for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(outputDir, { recursive: true });
  await page.screenshot({ path: path.join(outputDir, `${name}.png`), fullPage: true });
}

/** Waits for the signed-in page whose title (PageContainer heading) is `title`. */
export async function waitForPageTitle(page: Page, title: string): Promise<void> {
  await page
    .locator('.ant-page-header-heading-title')
    .filter({ hasText: new RegExp(`^${title}$`) })
    .waitFor();
}

/** The local path and query of the page, e.g. '/user/login?redirect=…'. */
export const where = (page: Page) => {
  const url = new URL(page.url());
  return { origin: url.origin, pathname: url.pathname, redirect: url.searchParams.get('redirect') };
};

async function waitForOutboxFile(suffix: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const names = fs.existsSync(outboxDir)
      ? fs
          .readdirSync(outboxDir)
          .filter((name) => name.endsWith(suffix))
          .sort()
      : [];
    // File names start with a time stamp and a counter: the last one is the newest.
    if (names.length) return path.join(outboxDir, names[names.length - 1]);
    if (Date.now() > deadline) throw new Error(`nothing ending in ${suffix} reached ${outboxDir} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The 6-digit code of the latest SMS to `mobile`. */
export async function smsCode(mobile: string): Promise<string> {
  const text = fs.readFileSync(await waitForOutboxFile(`-sms-${mobile}.txt`), 'utf8');
  const code = /验证码是\s*(\d{6})/.exec(text)?.[1];
  if (!code) throw new Error(`no code in the SMS to ${mobile}: ${text}`);
  return code;
}

/** The text of a single-part .eml (the outbox writes bodies base64-encoded). */
function mailText(eml: string): string {
  const split = eml.search(/\r?\n\r?\n/);
  const headers = eml.slice(0, split);
  const body = eml.slice(split).trim();
  return /content-transfer-encoding:\s*base64/i.test(headers) ? Buffer.from(body, 'base64').toString('utf8') : body;
}

/** The link to `pathname` in the latest mail to `to`, read from the outbox. */
export async function mailedLink(to: string, pathname: string): Promise<URL> {
  const file = await waitForOutboxFile(`-mail-${to.replace(/[^\w.@-]/g, '_')}.eml`);
  const text = mailText(fs.readFileSync(file, 'utf8'));
  const link = text
    .match(/https?:\/\/\S+/g)
    ?.map((href) => new URL(href))
    .find((url) => url.pathname === pathname);
  if (!link) throw new Error(`no ${pathname} link in ${file}:\n${text}`);
  return link;
}

/** Calls the API directly (for set-up and for checks the page cannot show). */
export async function api<T>(
  method: string,
  pathname: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; data: T }> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${baseUrl}${pathname}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, data: (text ? JSON.parse(text) : undefined) as T };
}

let accountsMade = 0;

/** An unused user name, e-mail and mobile number for a registration. */
export function newAccount(prefix: string) {
  accountsMade += 1;
  const stamp = `${Date.now() % 1e8}`.padStart(8, '0');
  return {
    userName: `${prefix}${stamp}${accountsMade}`,
    email: `${prefix}${stamp}${accountsMade}@example.com`,
    // 139 + 8 digits: a valid mainland number no demo account uses.
    mobile: `139${`${stamp}${accountsMade}`.slice(-8)}`,
  };
}

/** A bearer token of the demo account `name`, signed in through the API. */
export async function demoToken(name: string): Promise<string> {
  const { data } = await api<{ token: string }>('POST', '/v1/auth/login', {
    type: 'account',
    userName: name,
    password: DEMO_PASSWORD,
  });
  return data.token;
}

/**
 * Waits for the (finite) animations in a dialog to end — its zoom-in — so that a screenshot shows it as a person sees
 * it. An animation that a re-render cancels rejects with AbortError: for this wait it has ended too.
 */
export async function settled(dialog: Locator): Promise<void> {
  await dialog.evaluate((element) =>
    Promise.all(
      element
        .getAnimations({ subtree: true })
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => animation)),
    ),
  );
}

/**
 * A save refused as stale in `dialog` (another write on its record meanwhile): said in Chinese with the way out, and
 * the record read again with 载入最新数据.
 */
export async function readAgainAfterConflict(dialog: Locator): Promise<void> {
  const alert = dialog.getByRole('alert');
  await alert.getByText(/已被他人修改，请刷新后重试/).waitFor();
  await alert.getByRole('button', { name: '载入最新数据' }).click();
  await dialog
    .getByRole('status')
    .getByText(/^已载入最新数据/)
    .waitFor();
}

/**
 * A dialog or popconfirm once shown and its zoom-in over, to click in: a click during the zoom can miss its moving
 * button (seen on a busy 2-core CI machine: a dialog's 放单 clicked, nothing sent).
 */
export async function opened(overlay: Locator): Promise<Locator> {
  await overlay.waitFor();
  await settled(overlay);
  return overlay;
}

/** Clicks the button `name` of the popconfirm that offers it, once that popconfirm has opened (`opened`). */
export async function confirmPopconfirm(page: Page, name: RegExp): Promise<void> {
  const button = page.getByRole('button', { name });
  const popconfirm = await opened(page.locator('.ant-popconfirm').filter({ has: button }));
  await popconfirm.getByRole('button', { name }).click();
}

/**
 * A button's name as antd shows it: two Chinese characters get a space between them (`签 发`); a button that was
 * loading for a moment may keep its spinner's "loading" label in front of the text until the icon's leave
 * transition ends.
 */
export const buttonName = (name: string) => new RegExp(`(^|loading )${name.split('').join('\\s?')}$`);

/**
 * Clicks the page's first 导出 (a list's own, before any other on the page), waits for its 已导出 message and answers
 * the data rows of the workbook it saved (the header row left out).
 */
export async function exportedRows(page: Page): Promise<unknown[][]> {
  // The list has settled (a filter just applied re-renders its toolbar), and the button is the list's own.
  await page.waitForLoadState('networkidle');
  const button = page.getByRole('button', { name: buttonName('导出') }).first();
  await button.waitFor();
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  await page.locator('.ant-message').getByText(`已导出 ${file.suggestedFilename()}`).last().waitFor();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await file.path());
  const values = workbook.worksheets[0].getSheetValues() as unknown[];
  return values.slice(2).filter((row): row is unknown[] => Array.isArray(row));
}
