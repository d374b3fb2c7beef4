/**
 * A versioned dialog opened after another write on the same record: its save answers 409, and the dialog says so in
 * Chinese, keeps what was typed, offers to read the record again and then saves with the new version. Nothing is
 * silent and nothing typed is lost. (The seal after a scan, where the page itself must take the scan's version, is
 * in loadingScan.test.ts.)
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Container } from '../../contract/container';
import { iso6346CheckDigit } from '../../contract/containerCodes';
import type { Plan } from '../../contract/plan';
import type { DeclarationDetail } from '../../contract/declaration';
import { confirmedBox, draftPlan } from './scanSetup';
import { api, buttonName, demoToken, launchBrowser, openPage, opened, screenshot, signIn, waitForPageTitle } from './support';

let browser: Browser;
let user: { context: BrowserContext; page: Page; errors: string[] };
let clerk: { context: BrowserContext; page: Page; errors: string[] };

beforeAll(async () => {
  browser = await launchBrowser();
  [user, clerk] = [await openPage(browser), await openPage(browser)];
  await signIn(user.page, 'user');
  await signIn(clerk.page, 'clerk');
});
afterAll(async () => {
  await browser.close();
});

/** In `dialog`, a save refused as stale: said in Chinese with the way out; then read again and saved. */
async function conflictThenSave(dialog: ReturnType<Page['locator']>, save: RegExp, name: string) {
  await dialog.getByRole('button', { name: save }).click();
  const alert = dialog.getByRole('alert');
  await alert.getByText(/已被他人修改，请刷新后重试/).waitFor();
  await alert.getByText('您填写的内容已保留：载入最新数据后请核对，再保存一次。').waitFor();
  // Said once: not also in a notification beside the dialog (which would stay its 4.5 s).
  await dialog
    .page()
    .locator('.ant-notification-notice')
    .filter({ hasText: '请求错误 409' })
    .waitFor({ state: 'detached', timeout: 2000 });
  await screenshot(dialog.page(), `${name}-01-conflict`);
  await alert.getByRole('button', { name: '载入最新数据' }).click();
  await dialog
    .getByRole('status')
    .getByText(/^已载入最新数据（版本 \d+），您填写的内容已保留，请核对后再保存。$/)
    .waitFor();
  await dialog.getByRole('button', { name: save }).click();
}

it('修改草稿 after another write on the plan: said, read again, saved with what was typed', async () => {
  const { page } = user;
  const plan = await draftPlan('DEHAM', 40);
  await page.goto(`/osb/plan/${plan.key}`);
  await waitForPageTitle(page, `订舱计划 ${plan.key}`);
  await page.getByRole('button', { name: /^修\s?改$/ }).click();
  const dialog = await opened(page.getByRole('dialog'));
  await dialog.getByLabel('备注').fill('请安排靠前的柜');

  const token = await demoToken('user');
  expect((await api('PUT', `/v1/osbplan/${plan.key}`, { quantity: 2, version: plan.version }, token)).status).toBe(200);

  await conflictThenSave(dialog, buttonName('保存'), 'conflict-plan-draft');
  await page.getByText(`已保存计划 ${plan.key}`).waitFor();
  const saved = (await api<Plan>('GET', `/v1/osbplan/${plan.key}`, undefined, token)).data;
  // The quantity changed meanwhile was not touched in the dialog: the save keeps it.
  expect([saved.remark, saved.quantity, saved.version]).toEqual(['请安排靠前的柜', 2, plan.version + 2]);
  expect(user.errors).toEqual([]);
});

it('报关交接 saved after another write: said, read again, saved with what was typed', async () => {
  const { page } = clerk;
  const token = await demoToken('clerk');
  const list = await api<{ data: DeclarationDetail[] }>('GET', '/v1/declaration?status=PENDING&pageSize=1', undefined, token);
  const [declaration] = list.data.data;
  await page.goto(`/osb/declaration/${declaration.key}`);
  await waitForPageTitle(page, `报关交接 ${declaration.key}`);
  await page.getByLabel('报关行').fill('上海报关行 E2E');

  const changed = await api(
    'PUT',
    `/v1/declaration/${declaration.key}`,
    { invoiceNo: 'INV-E2E-409', version: declaration.version },
    token,
  );
  expect(changed.status).toBe(200);

  await conflictThenSave(page.locator('.ant-pro-page-container'), buttonName('保存'), 'conflict-declaration');
  await page.getByText('已保存', { exact: true }).waitFor();
  const saved = (await api<DeclarationDetail>('GET', `/v1/declaration/${declaration.key}`, undefined, token)).data;
  expect([saved.broker, saved.invoiceNo]).toEqual(['上海报关行 E2E', 'INV-E2E-409']);
  expect(clerk.errors).toEqual([]);
});

it('柜 edited after another write on the container: said, read again, saved with what was typed', async () => {
  const { page } = user;
  const box = await confirmedBox('DEHAM');
  await page.goto(`/osb/plan/${box.planKey}`);
  await waitForPageTitle(page, `订舱计划 ${box.planKey}`);
  await page.getByRole('row').filter({ hasText: box.key }).getByText('编辑').click();
  const dialog = await opened(page.getByRole('dialog', { name: `柜 ${box.key}` }));
  // A number of this box's own (box numbers are unique: another test may have used a fixed one), ISO 6346 valid.
  const serial = `SDKU${box.key.replace(/\D/g, '').slice(-6).padStart(6, '0')}`;
  const containerNo = `${serial}${iso6346CheckDigit(serial)}`;
  await dialog.getByLabel('箱号').fill(containerNo);

  const token = await demoToken('user');
  const other = await api(
    'PUT',
    `/v1/osbplan/${box.planKey}/container/${box.key}`,
    { tareKg: 3800, version: box.version },
    token,
  );
  expect(other.status).toBe(200);

  await conflictThenSave(dialog, buttonName('保存'), 'conflict-container');
  await page.getByText(`已保存柜 ${box.key}`).waitFor();
  const saved = (await api<Container>('GET', `/v1/osbContainer/${box.key}`, undefined, token)).data;
  // The tare another wrote meanwhile was not touched in the dialog: the save keeps it.
  expect([saved.containerNo, saved.tareKg, saved.version]).toEqual([containerNo, 3800, box.version + 2]);
  expect(user.errors).toEqual([]);
});

it('a setting saved after another write on it: said, read again, saved with what was typed', async () => {
  const { page } = clerk;
  const token = await demoToken('clerk');
  type Cutoff = { value: { siCutoffHours: number; cyCutoffHours: number; vgmCutoffHours: number }; version: number };
  const before = (await api<Cutoff>('GET', '/v1/setting/bookingCutoff', undefined, token)).data;
  await page.goto('/osb/settings');
  await waitForPageTitle(page, '订舱设置');
  await page.getByRole('tab', { name: '截单规则' }).click();
  await page.getByLabel('截关', { exact: true }).fill(String(before.value.cyCutoffHours + 1));

  const other = { ...before.value, vgmCutoffHours: before.value.vgmCutoffHours + 2 };
  expect((await api('PUT', '/v1/setting/bookingCutoff', { value: other, version: before.version }, token)).status).toBe(200);

  await conflictThenSave(page.getByRole('tabpanel'), buttonName('保存'), 'conflict-setting');
  await page.getByText('已保存「截单规则」').waitFor();
  const saved = (await api<Cutoff>('GET', '/v1/setting/bookingCutoff', undefined, token)).data;
  expect(saved.value).toEqual({ ...other, cyCutoffHours: before.value.cyCutoffHours + 1 });
  // The rule goes back as it was for the tests that follow.
  expect((await api('PUT', '/v1/setting/bookingCutoff', { value: before.value, version: saved.version }, token)).status).toBe(
    200,
  );
  expect(clerk.errors).toEqual([]);
});
