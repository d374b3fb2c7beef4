/**
 * What a new user tripped on, each checked in Chromium against the real server, and the security headers:
 * the Content-Security-Policy is present and no page of any role violates it; 拆分 refuses an out-of-range
 * number instead of splitting another; a refused save shows its field errors on the fields with a short
 * summary and no notification; the import template downloads from the dialog and from /public/download and
 * imports as it is; a file's every bad row is listed in one answer; the register form says before submitting
 * that a clerk or inspector account needs an administrator; /user/register-result without an account goes to
 * the register page.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BULK_SHEET_NAME, bulkSheetColumns } from '../../contract/packing/codes';
import { baseUrl, launchBrowser, menuItems, newAccount, openPage, screenshot, signIn, waitForPageTitle, where } from './support';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A page that records every CSP violation (the DOM event and Chromium's console report). */
async function watchedPage(): Promise<{
  context: BrowserContext;
  page: Page;
  errors: string[];
  violations: () => Promise<string[]>;
}> {
  const { context, page, errors } = await openPage(browser);
  const reported: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) reported.push(message.text());
  });
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  const violations = async () => [
    ...reported,
    ...(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)),
  ];
  return { context, page, errors, violations };
}

/** The addresses of the side menu's pages, every group opened. */
async function menuLinks(page: Page): Promise<string[]> {
  await menuItems(page);
  const hrefs = await page
    .locator('.ant-pro-sider-menu li.ant-menu-item a')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return [...new Set(hrefs.filter((href) => href.startsWith('/')))];
}

describe('security headers in the browser', () => {
  test('the document carries the CSP and friends', async () => {
    const response = await fetch(`${baseUrl}/user/login`);
    expect(response.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await fetch(`${baseUrl}/v1/health`)).headers.get('cache-control')).toBe('no-store');
  });

  test('no page violates the CSP: the public pages, and every menu page of each role', async () => {
    const { context, page, errors, violations } = await watchedPage();
    for (const address of [
      '/user/login',
      '/user/register',
      '/user/register-result?account=a%40example.com',
      '/user/forgot',
      '/public/download',
      '/maintain',
      '/no-such-page',
    ]) {
      await page.goto(address);
      await page.waitForLoadState('networkidle');
    }
    const visited: string[] = [];
    for (const account of ['user', 'clerk', 'inspector']) {
      await signIn(page, account);
      for (const link of await menuLinks(page)) {
        await page.goto(link);
        await page.waitForLoadState('networkidle');
        visited.push(`${account} ${link}`);
      }
      await page.evaluate(() => localStorage.clear());
    }
    expect(visited.length).toBeGreaterThan(15);
    expect(await violations()).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('as the demo customer', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    ({ context, page, errors } = await openPage(browser));
    await signIn(page, 'user', undefined, '/shipment/packing');
    await waitForPageTitle(page, '装箱单');
  });
  afterAll(async () => {
    await context?.close();
  });

  test('拆分 with an out-of-range number: the range is said, no preview, the action disabled; a valid one previews', async () => {
    const row = page
      .locator('.ant-table-tbody tr.ant-table-row')
      .filter({ has: page.getByText('拆分') })
      .first();
    await row.getByText('拆分').click();
    const dialog = page.getByRole('dialog').filter({ hasText: '拆分明细' });
    const input = dialog.getByLabel('拆出箱数');
    await input.fill('300');
    await dialog
      .getByRole('alert')
      .filter({ hasText: /拆出箱数应为 1–\d+ 的整数/ })
      .waitFor();
    expect(await dialog.getByTestId('split-preview').count()).toBe(0);
    expect(await dialog.getByRole('button', { name: /拆\s*分/ }).isDisabled()).toBe(true);
    // Leaving the field does not turn 300 into another number behind the user's back.
    await dialog.getByText(/箱拆成新明细/).click();
    expect(await input.inputValue()).toBe('300');
    await screenshot(page, 'hardening-split-out-of-range');
    await input.fill('2');
    await dialog.getByTestId('split-preview').waitFor();
    expect(await dialog.getByRole('button', { name: /拆\s*分/ }).isEnabled()).toBe(true);
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
    expect(errors).toEqual([]);
  });

  test('the import dialog offers the template; its example row is never imported, and a bad file lists every bad row', async () => {
    const openImport = async (file: string) => {
      await page
        .getByRole('button', { name: /导\s*入/ })
        .first()
        .click();
      await dialog.locator('input[type="file"]').setInputFiles(file);
      await dialog.getByText(path.basename(file)).waitFor();
      await dialog.getByRole('button', { name: '开始导入' }).click();
    };
    const dialog = page.getByRole('dialog').filter({ hasText: '导入装箱明细' });
    await page
      .getByRole('button', { name: /导\s*入/ })
      .first()
      .click();
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByText('下载导入模板').click()]);
    expect(download.suggestedFilename()).toBe('装箱明细导入模板.xlsx');
    const template = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'shipdesk-e2e-')), download.suggestedFilename());
    await download.saveAs(template);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(template);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([BULK_SHEET_NAME, '工厂与尺码组']);
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Sent back untouched: nothing imported, and the dialog says the example row is only an example.
    await openImport(template);
    await dialog.getByText(/^文件中只有模板的示例行（第 2 行/).waitFor();
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
    await dialog.waitFor({ state: 'hidden' });

    // A real line under the example: that line is imported, the example is not, and the message says so.
    const sheet = workbook.worksheets[0];
    const example = (sheet.getRow(2).values as unknown[]).slice(1);
    const poColumn = bulkSheetColumns.filter((column) => column.imported).findIndex((column) => column.field === 'poNo');
    sheet.addRow(example.map((cell, i) => (i === poColumn ? 'PO-E2E-TPL' : cell)));
    const filled = template.replace(/\.xlsx$/, '-filled.xlsx');
    await workbook.xlsx.writeFile(filled);
    await openImport(filled);
    await page.locator('.ant-message').getByText('成功导入 1 条装箱明细（模板的示例行未导入）').waitFor();
    // Reopened only once closed: a dialog reopened during its closing animation may drop the chosen file.
    await dialog.waitFor({ state: 'hidden' });

    // The same line again, plus a row without its PO: the file's own error and the overlap with the stored line together.
    sheet.addRow(example.map((cell, i) => (i === poColumn ? '' : cell)));
    const bad = template.replace(/\.xlsx$/, '-bad.xlsx');
    await workbook.xlsx.writeFile(bad);
    await openImport(bad);
    await dialog.getByText('2 行有错误，文件未导入').waitFor();
    const reported = await dialog.locator('.ant-table-tbody tr.ant-table-row').allInnerTexts();
    expect(reported.map((text) => text.split('\t')[0])).toEqual(['3', '4']);
    await screenshot(page, 'hardening-import-every-row');
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
    expect(errors).toEqual([]);
  });
});

describe('signed out', () => {
  test('/public/download offers the templates and the user guide without signing in', async () => {
    const { context, page, errors } = await openPage(browser);
    await page.goto('/public/download');
    await page.getByText('装箱明细导入模板').waitFor();
    await screenshot(page, 'hardening-public-download');
    for (const [title, fileName] of [
      ['装箱明细导入模板', '装箱明细导入模板.xlsx'],
      ['运价导入模板', '运价导入模板.xlsx'],
      ['用户手册', '事业部出货订舱信息系统用户手册.pdf'],
    ]) {
      const item = page.locator('.ant-list-item').filter({ hasText: title });
      const [download] = await Promise.all([page.waitForEvent('download'), item.getByRole('link', { name: /下\s*载/ }).click()]);
      expect([title, download.suggestedFilename()]).toEqual([title, fileName]);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  test('a refused registration shows the field error under its field with a short summary, no notification or address', async () => {
    const { context, page, errors } = await openPage(browser);
    await page.goto('/user/register');
    const account = newAccount('ref');
    await page.getByPlaceholder('用户名').fill(account.userName);
    await page.getByPlaceholder('姓名（中文）').fill('王小明');
    await page.getByPlaceholder('邮箱').fill(account.email);
    await page.getByPlaceholder('手机号').fill(account.mobile);
    // No code was sent to this number: the server refuses the captcha field.
    await page.getByPlaceholder('6 位验证码').fill('123456');
    await page.getByPlaceholder('至少 6 位密码，区分大小写').fill('Secret123456');
    await page.getByPlaceholder('确认密码').fill('Secret123456');
    await page.locator('.ant-select-selector').click();
    await page.getByTitle('客户').click();
    await page.locator('form button[type="submit"]').click();
    await page.locator('.ant-form-item-explain-error').filter({ hasText: '验证码错误' }).waitFor();
    await page
      .locator('.ant-message')
      .getByText(/提交未成功/)
      .waitFor();
    expect(await page.locator('.ant-notification-notice').count()).toBe(0);
    expect(await page.getByText('验证码错误').count()).toBe(1);
    expect(await page.locator('body').innerText()).not.toMatch(/\/v1\/|422/);
    await screenshot(page, 'hardening-register-field-error');
    expect(errors).toEqual([]);
    await context.close();
  });

  test('the register form says before submitting that a clerk or inspector account waits for an administrator', async () => {
    const { context, page, errors } = await openPage(browser);
    await page.goto('/user/register');
    await page.locator('.ant-select-selector').click();
    await page.getByTitle('验针员').click();
    await page.getByText('验针员账号注册后需管理员审核激活，激活前不能登录。').waitFor();
    await page.locator('.ant-select-dropdown').waitFor({ state: 'hidden' });
    await screenshot(page, 'hardening-register-role-note');
    await page.locator('.ant-select-selector').click();
    await page.getByTitle('客户').click();
    await page.getByText(/需管理员审核激活/).waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });

  test('/user/register-result opened without an account goes to the register page', async () => {
    const { context, page, errors } = await openPage(browser);
    await page.goto('/user/register-result');
    await page.waitForURL((url) => url.pathname === '/user/register');
    expect(where(page).pathname).toBe('/user/register');
    expect(await page.getByText(/注册成功/).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
