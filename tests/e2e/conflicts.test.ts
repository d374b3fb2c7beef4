/**
 * A versioned dialog opened after another write on the same record: its save answers 409, and the dialog says so in
 * Chinese, keeps what was typed, offers to read the record again and then saves with the new version (or, when the
 * other write moved the record on, says why it cannot). Nothing is silent and nothing typed is lost. The B/L's issue
 * dialog is in bol.test.ts, where its flow reaches it. (The seal after a scan, where the page itself must take the scan's version, is
 * in loadingScan.test.ts.)
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { BulkLine } from '../../contract/packing/schema';
import type { Container } from '../../contract/container/schema';
import type { Order } from '../../contract/order/schema';
import { iso6346CheckDigit } from '../../contract/container/codes';
import type { Plan, PlanChange } from '../../contract/plan/schema';
import { addDays, chinaToday } from '../../contract/plan/codes';
import type { Price } from '../../contract/price/schema';
import type { DeclarationDetail } from '../../contract/declaration/schema';
import { bookedOrder, confirmedBox, createLine, draftPlan, lineBody } from './scanSetup';
import {
  api,
  buttonName,
  demoToken,
  launchBrowser,
  openPage,
  opened,
  readAgainAfterConflict,
  screenshot,
  signIn,
  waitForPageTitle,
} from './support';

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

/** In `dialog`, a save refused as stale: said in Chinese with the way out, said once; then read again and saved. */
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
  await readAgainAfterConflict(dialog);
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
  await page.getByRole('button', { name: buttonName('修改') }).click();
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

it('申请变更 after a change of the plan was approved meanwhile: said, read again, asked with what was typed', async () => {
  const { page } = user;
  const [userToken, clerkToken] = [await demoToken('user'), await demoToken('clerk')];
  const { planKey } = await bookedOrder('DEHAM', 45);
  await page.goto(`/osb/plan/${planKey}`);
  await waitForPageTitle(page, `订舱计划 ${planKey}`);
  await page.getByRole('button', { name: '申请变更' }).click();
  const dialog = await opened(page.getByRole('dialog', { name: `申请变更：${planKey}` }));
  await dialog.getByLabel(/^新柜量/).fill('3');
  await dialog.getByLabel('变更原因').fill('客户追加订单');

  const plan = (await api<Plan>('GET', `/v1/osbplan/${planKey}`, undefined, userToken)).data;
  const asked = await api<PlanChange>(
    'POST',
    `/v1/osbplan/${planKey}/change`,
    { changeType: 'quantity', quantity: 2, reason: '先加一柜', version: plan.version },
    userToken,
  );
  expect(asked.status).toBe(201);
  const decided = await api(
    'PATCH',
    `/v1/osbChange/${asked.data.key}`,
    { decision: 'approve', version: asked.data.version },
    clerkToken,
  );
  expect(decided.status).toBe(200);

  await conflictThenSave(dialog, buttonName('提交变更申请'), 'conflict-plan-change');
  await page.getByText(/^变更申请 \S+ 已提交，等待单证员审核$/).waitFor();
  const changes = await api<{ data: PlanChange[] }>(
    'GET',
    `/v1/osbChange?planKey=${planKey}&status=PENDING`,
    undefined,
    clerkToken,
  );
  // Asked against the plan as it now is: 2 boxes (the approved change), to become 3.
  expect(changes.data.data.map((change) => [change.changedFields, change.reason])).toEqual([
    [[{ field: 'quantity', old: 2, new: 3 }], '客户追加订单'],
  ]);
  expect(user.errors).toEqual([]);
});

it('订舱 after another clerk refused the plan meanwhile: said in the dialog, then why it can no longer be booked', async () => {
  const { page } = clerk;
  const token = await demoToken('clerk');
  const order = await pendingOrder();
  await page.goto(`/osb/order/${order.key}`);
  await waitForPageTitle(page, `订舱单 ${order.key}`);
  await page.getByRole('button', { name: '向船公司订舱' }).click();
  const dialog = await opened(page.getByRole('dialog', { name: `向船公司订舱：计划 ${order.planKey}` }));
  await dialog.getByLabel('订舱号').fill(`BK409${order.planKey}`);
  await dialog.getByLabel('船名').fill('MAERSK ESSEN');
  await dialog.getByLabel('航次').fill('651E');

  const refused = await api(
    'PATCH',
    `/v1/osbOrder/${order.key}`,
    { action: 'reject', reason: '舱位已满', version: order.version },
    token,
  );
  expect(refused.status).toBe(200);

  await dialog.getByRole('button', { name: '确认订舱' }).click();
  await readAgainAfterConflict(dialog);
  expect(await dialog.getByLabel('订舱号').inputValue()).toBe(`BK409${order.planKey}`);
  await dialog.getByRole('button', { name: '确认订舱' }).click();
  const alert = dialog.getByRole('alert');
  await alert.getByText(`订舱单 ${order.key} 当前为「已拒绝」，不能订舱`).waitFor();
  await alert.getByText('该记录已有新的进展，本次填写的内容不能再保存。').waitFor();
  expect(await alert.getByRole('button', { name: '载入最新数据' }).count()).toBe(0);
  await screenshot(page, 'conflict-order-book');
  // The way out closes the dialog and shows the order as it now is: not the page's old 待订舱.
  await alert.getByRole('button', { name: '关闭并查看最新状态' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.locator('.ant-page-header-heading-tags').getByText('已拒绝').waitFor();
  expect(await page.getByRole('button', { name: '向船公司订舱' }).count()).toBe(0);
  const saved = (await api<Order>('GET', `/v1/osbOrder/${order.key}`, undefined, token)).data;
  expect([saved.status, saved.carrierBookingNo ?? '']).toEqual(['REJECTED', '']);
  expect(clerk.errors).toEqual([]);
});

it('装箱明细 edited after another write on the line: said, read again, saved with what was typed', async () => {
  const { page } = user;
  const token = await demoToken('user');
  const poNo = `PO409${Date.now().toString().slice(-7)}`;
  const line = await createLine('multi', poNo, 1, 10);
  await page.goto('/shipment/packing');
  await waitForPageTitle(page, '装箱单');
  const filters = page.locator('form').filter({ has: page.getByRole('button', { name: /查\s*询/ }) });
  if (!(await filters.getByLabel('PO号', { exact: true }).isVisible())) await filters.getByText('展开').click();
  await filters.getByLabel('PO号', { exact: true }).fill(poNo);
  await filters.getByRole('button', { name: /查\s*询/ }).click();
  await page.getByRole('row').filter({ hasText: line.key }).getByText('编辑').click();
  const drawer = await opened(page.getByRole('dialog', { name: `编辑装箱明细 ${line.key}` }));
  await drawer.getByLabel('款号').fill('SC-TEE-409');

  const other = await api('PUT', `/v1/packing/multi/bulkdata/${line.key}`, { ...lineBody(line), destination: 'Bremen' }, token);
  expect(other.status).toBe(200);

  await conflictThenSave(drawer, buttonName('保存'), 'conflict-packing-line');
  await page.getByText('装箱明细已保存').waitFor();
  const saved = (await api<BulkLine>('GET', `/v1/packing/bulkdata/${line.key}`, undefined, token)).data;
  // The destination another wrote meanwhile was not touched in the drawer: the save keeps it.
  expect([saved.styleNo, saved.destination, saved.version]).toEqual(['SC-TEE-409', 'Bremen', line.version + 2]);
  expect(user.errors).toEqual([]);
});

it('运价 changed after another clerk changed it: said, read again, saved with what was typed', async () => {
  const { page } = clerk;
  const token = await demoToken('clerk');
  // A sailing of its own, far ahead, where no other test looks.
  const sailing = { carrier: 'MAEU', pol: 'CNSHA', pod: 'DEHAM', containerType: '40HQ', sailingDate: addDays(chinaToday(), 200) };
  const put = await api<Price[]>(
    'PUT',
    '/v1/osbPrice',
    { prices: [{ ...sailing, amount: 2100, currency: 'USD', space: 'ample', transitDays: 30 }] },
    token,
  );
  expect(put.status).toBe(200);
  const [price] = put.data;
  const month = sailing.sailingDate.slice(0, 7);
  await page.goto(`/osb/calendar?pol=CNSHA&pod=DEHAM&containerType=40HQ&month=${month}`);
  await waitForPageTitle(page, '运价日历');
  await page.locator(`[data-price="${price.key}"]`).click();
  const dialog = await opened(page.getByRole('dialog', { name: new RegExp(`^修改运价：${sailing.sailingDate}`) }));
  await dialog.getByLabel('运价').fill('2050');

  const other = { ...sailing, amount: 2100, currency: 'USD', space: 'tight', transitDays: 30, version: price.version };
  expect((await api('PUT', '/v1/osbPrice', { prices: [other] }, token)).status).toBe(200);

  await conflictThenSave(dialog, buttonName('保存'), 'conflict-price');
  await page.getByText(`已保存 ${sailing.sailingDate} 的运价`).waitFor();
  const read = await api<{ data: Price[] }>(
    'GET',
    `/v1/osbPrice?pol=CNSHA&pod=DEHAM&containerType=40HQ&month=${month}`,
    undefined,
    token,
  );
  const saved = read.data.data.find((one) => one.key === price.key);
  // The space another set meanwhile was not touched in the dialog: the save keeps it.
  expect([saved?.amount, saved?.space, saved?.version]).toEqual([2050, 'tight', price.version + 2]);
  expect(clerk.errors).toEqual([]);
});

/** A submitted plan's order, waiting for the clerk to book it with the carrier. */
async function pendingOrder(): Promise<Order> {
  const userToken = await demoToken('user');
  const draft = await draftPlan('DEHAM', 50);
  const submitted = await api('PUT', `/v1/osbplan/${draft.key}`, { status: 'SUBMITTED', version: draft.version }, userToken);
  expect(submitted.status).toBe(200);
  const list = await api<{ data: Order[] }>('GET', `/v1/osbOrder?planKey=${draft.key}`, undefined, await demoToken('clerk'));
  return list.data.data[0];
}
