/**
 * API 令牌 in the browser: the demo customer makes a read-only token under 个人设置, reads its secret once from the
 * dialog, their own system signs in with it and reads but cannot write, and revoking it on the page stops it.
 */
import type { Browser } from 'playwright-core';
import { api, buttonName, confirmPopconfirm, launchBrowser, openPage, screenshot, signIn, waitForPageTitle } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

test('a customer makes a read-only token, their system reads with it, and revoking it stops it', async () => {
  const { context, page, errors } = await openPage(browser);
  await signIn(page, 'user', undefined, '/account/settings?tab=tokens');
  await waitForPageTitle(page, '个人设置');
  await page.getByRole('button', { name: buttonName('新建令牌') }).click();
  const dialog = page.getByRole('dialog', { name: '新建 API 令牌' });
  await dialog.getByLabel('名称').fill('ERP 同步');
  await dialog.getByRole('button', { name: buttonName('创建') }).click();
  const shown = page.getByRole('dialog', { name: '令牌「ERP 同步」已创建' });
  await shown.getByText('令牌只显示这一次').waitFor();
  const token = (await shown.locator('code').textContent()) ?? '';
  expect(token).toMatch(/^sdt_[A-Za-z0-9_-]{43}$/);
  await dialog.waitFor({ state: 'detached' });
  await page.locator('.ant-modal-wrap:not([class*="motion"])').last().waitFor();
  await screenshot(page, 'tokens-01-made');
  await shown.getByRole('button', { name: '我已保存' }).click();
  await shown.waitFor({ state: 'detached' });
  const row = page.locator('tr.ant-table-row').filter({ hasText: 'ERP 同步' });
  await row.getByText('只读').waitFor();
  await row.getByText('未使用').waitFor();
  expect(await page.getByText(token).count()).toBe(0);

  // The customer's system: reads their own lines, may not change anything.
  const read = await api<{ data: { owner: string }[] }>('GET', '/v1/packing/bulkdata?pageSize=5', undefined, token);
  expect(read.status).toBe(200);
  const write = await api<{ errorMessage: string }>('POST', '/v1/tokens', { name: 'x', scope: 'read', expiresInDays: 1 }, token);
  expect([write.status, write.data.errorMessage]).toEqual([403, 'API 令牌不能修改密码、登录或令牌，请本人登录后操作']);

  await page.reload();
  await waitForPageTitle(page, '个人设置');
  await row.locator('td').nth(4).filter({ hasNotText: '未使用' }).waitFor();
  await page.locator('.ant-spin-spinning').waitFor({ state: 'detached' });
  await screenshot(page, 'tokens-02-used');
  await row.getByRole('button', { name: buttonName('撤销') }).click();
  await confirmPopconfirm(page, buttonName('撤销'));
  await page.locator('.ant-message').getByText('令牌「ERP 同步」已撤销，立即失效').waitFor();
  await row.waitFor({ state: 'detached' });
  expect((await api('GET', '/v1/packing/bulkdata?pageSize=5', undefined, token)).status).toBe(401);
  expect(errors).toEqual([]);
  await context.close();
});
