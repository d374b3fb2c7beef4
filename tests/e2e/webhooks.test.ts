/**
 * Webhook 订阅 in the browser, at 1366 wide: the demo customer is told in Chinese why a callback into a private
 * network is refused, subscribes their receiver (the secret shown once), sends a test event from the
 * subscription's page and sees it delivered with its attempt; the receiver checks the signature with that secret.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { buttonName, launchBrowser, opened, openPage, screenshot, signIn, waitForPageTitle } from './support';

let browser: Browser;
let receiver: http.Server;
const received: { signature: string; body: string }[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
  receiver = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push({ signature: String(request.headers['notification-signature']), body });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await browser.close();
  await new Promise((resolve) => receiver.close(resolve));
});

test('a customer subscribes their receiver, sends a test event and sees it delivered and signed', async () => {
  const { context, page, errors } = await openPage(browser);
  await page.setViewportSize({ width: 1366, height: 800 });
  await signIn(page, 'user', undefined, '/account/settings?tab=webhooks');
  await waitForPageTitle(page, '个人设置');
  await page.getByRole('button', { name: buttonName('新建订阅') }).click();
  const dialog = page.getByRole('dialog', { name: '新建 Webhook 订阅' });
  await dialog.getByLabel('名称').fill('ERP 出运状态');
  await dialog.getByLabel('回调地址').fill('https://10.1.2.3/shipdesk');
  await dialog.getByRole('button', { name: buttonName('创建') }).click();
  await dialog.getByText('回调地址 10.1.2.3 是本机、内网或链路本地地址，不能推送').waitFor();
  await page.locator('.ant-modal-wrap:not([class*="motion"])').last().waitFor();
  await screenshot(page, 'webhooks-01-refused');

  const port = (receiver.address() as AddressInfo).port;
  await dialog.getByLabel('回调地址').fill(`http://127.0.0.1:${port}/shipdesk`);
  await dialog.getByRole('button', { name: buttonName('创建') }).click();
  const shown = await opened(page.getByRole('dialog', { name: '订阅「ERP 出运状态」已创建' }));
  await shown.getByText('签名密钥只显示这一次').waitFor();
  const secret = (await shown.locator('code').textContent()) ?? '';
  expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
  await shown.getByRole('button', { name: '我已保存' }).click();
  await shown.waitFor({ state: 'detached' });
  const row = page.locator('tr.ant-table-row').filter({ hasText: 'ERP 出运状态' });
  await row.getByText('订舱已确认').waitFor();
  await screenshot(page, 'webhooks-02-listed');

  await row.getByRole('link', { name: 'ERP 出运状态' }).click();
  await waitForPageTitle(page, 'Webhook 订阅 ERP 出运状态');
  await page.getByRole('button', { name: buttonName('发送测试事件') }).click();
  await page.locator('.ant-message').getByText('测试事件已排队').waitFor();
  const delivered = page.locator('tr.ant-table-row').filter({ hasText: '测试事件' }).getByText('已送达');
  for (let tries = 0; tries < 20 && !(await delivered.count()); tries += 1) {
    await page.waitForTimeout(500);
    await page.getByRole('button', { name: buttonName('刷新') }).click();
    await page.locator('.ant-spin-spinning').waitFor({ state: 'detached' });
  }
  await delivered.waitFor();
  await page.locator('tr.ant-table-row').filter({ hasText: '测试事件' }).locator('.ant-table-row-expand-icon').click();
  // The cell: the callback's random port may hold 204 too.
  await page.getByRole('cell', { name: '204', exact: true }).waitFor();
  await page.locator('.ant-spin-spinning').waitFor({ state: 'detached' });
  await screenshot(page, 'webhooks-03-delivered');

  expect(received).toHaveLength(1);
  const expected = `sha256=${createHmac('sha256', secret).update(received[0].body).digest('hex')}`;
  expect(received[0].signature).toBe(expected);
  expect(errors).toEqual([]);
  await context.close();
});
