/**
 * Loading by scan in the browser: in the consolidation hall the demo customer scans a carton and its line is chosen
 * (one still at needle inspection is refused with the reason); on the container page a scanned carton counts into
 * the container, the line shows which carton numbers are not scanned yet, and the seal warns of them.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { BulkLine, BulkListResult } from '../../contract/packing/schema';
import type { StickerSheet } from '../../contract/sticker/schema';
import { formatCartonRange } from '../../src/pages/shipment/packing/format';
import { confirmedBox, createLine, pass, ssccsOf } from './scanSetup';
import { api, demoToken, launchBrowser, openPage, screenshot, settled, signIn, waitForPageTitle } from './support';

let browser: Browser;
let user: { context: BrowserContext; page: Page; errors: string[] };
let token: string;

const linesWhere = async (query: string) =>
  (await api<BulkListResult>('GET', `/v1/packing/bulkdata?type=multi&${query}&pageSize=100`, undefined, token)).data.data;
/** The SSCC of carton `cartonNo` of `line`, from its PO's stickers. */
async function ssccOf(line: BulkLine, cartonNo: number): Promise<string> {
  const sheet = (await api<StickerSheet>('GET', `/v1/stickers?poNo=${encodeURIComponent(line.poNo)}`, undefined, token)).data;
  return sheet.stickers.find((sticker) => sticker.cartonNo === cartonNo)!.sscc;
}
/** A wedge scanner: the digits and Enter, with the focus on no field. */
async function scan(page: Page, code: string) {
  await page.locator('.ant-page-header-heading-title').click();
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
}

beforeAll(async () => {
  browser = await launchBrowser();
  token = await demoToken('user');
  user = await openPage(browser);
});
afterAll(async () => {
  await user.context.close();
  await browser.close();
});

it('the customer chooses a line in the hall by scanning one of its cartons', async () => {
  const { page } = user;
  const [waiting] = await linesWhere('status=pendingConsolidation');
  const [uninspected] = await linesWhere('status=pendingInspection');
  const [sscc, refusedSscc] = [await ssccOf(waiting, waiting.cartonTo), await ssccOf(uninspected, uninspected.cartonFrom)];
  await signIn(page, 'user', undefined, '/shipment/multi');
  await waitForPageTitle(page, '拼柜大厅');
  await page.locator('tr.ant-table-row').first().waitFor();
  const status = page.getByRole('status');

  await scan(page, `00${refusedSscc}`);
  await status
    .getByText(
      `PO ${uninspected.poNo} 第 ${uninspected.cartonFrom} 箱（明细 ${uninspected.key}）当前为「待验针」，只有待拼柜的明细可以装柜`,
    )
    .waitFor();
  await scan(page, `00${sscc}`);
  const range = formatCartonRange(waiting.cartonFrom, waiting.cartonTo);
  await status
    .getByText(`PO ${waiting.poNo} 第 ${waiting.cartonTo} 箱（明细 ${waiting.key}）：已选中该明细（${range} 箱）`)
    .waitFor();
  await page.getByText(/^已选 1 条，/).waitFor();
  const row = page.locator('tr.ant-table-row').filter({ hasText: waiting.key });
  expect(await row.locator('.ant-checkbox-input').isChecked()).toBe(true);
  await screenshot(page, 'loading-scan-01-hall');
  expect(user.errors).toEqual([]);
});

it('a carton scanned on the container page counts into its container; the seal warns of those not scanned', async () => {
  const { page } = user;
  const box = await confirmedBox('USLAX');
  const [loaded] = await pass([await createLine('multi', `LS${Date.now().toString(36).toUpperCase()}`, 1, 5, 'USLAX')]);
  const load = { keys: [loaded.key], versions: { [loaded.key]: loaded.version }, containerKey: box.key };
  expect((await api('PATCH', '/v1/bulkslist', load, token)).status).toBe(200);
  const sscc = (await ssccsOf(loaded.poNo)).get(loaded.cartonFrom + 1)!;
  await page.goto(`${page.url().split('/shipment')[0]}/shipment/multi/container?key=${box.key}`);
  await waitForPageTitle(page, '拼柜装柜');
  const row = page.locator('tr.ant-table-row').filter({ hasText: loaded.key });
  await row.waitFor();
  await scan(page, sscc);
  await page
    .getByRole('status')
    .getByText(new RegExp(`^已装柜：PO ${loaded.poNo} 第 ${loaded.cartonFrom + 1} 箱`))
    .waitFor();
  const missing = `${loaded.cartonFrom}、${formatCartonRange(loaded.cartonFrom + 2, loaded.cartonTo)}`;
  await row.getByText(`1 / ${loaded.cartonCount}`).waitFor();
  await row.getByText(missing).waitFor();
  await screenshot(page, 'loading-scan-02-container');

  await page.getByRole('button', { name: '箱号与封号' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('封号').fill('SEAL-E2E-1');
  await dialog.getByText(/^还有 \d+ 箱未扫描装柜，封柜前请确认已全部装入$/).waitFor();
  await dialog.getByText(`PO ${loaded.poNo} 箱号 ${missing}`, { exact: false }).waitFor();
  await dialog.getByRole('button', { name: '仍要封柜' }).waitFor();
  await settled(dialog);
  await screenshot(page, 'loading-scan-03-seal-warning');
  // The scan raised the container's version: the seal goes through on the version the scan answered.
  await dialog.getByRole('button', { name: '仍要封柜' }).click();
  await page.getByText(`已保存柜 ${box.key}`).waitFor();
  await dialog.waitFor({ state: 'hidden' });
  await page.locator('.ant-descriptions').getByText('SEAL-E2E-1').waitFor();
  expect(user.errors).toEqual([]);
});
