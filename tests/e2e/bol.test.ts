/**
 * 提单 in the browser: the clerk drafts a B/L from the customer's loaded container, the customer asks for a change,
 * the clerk amends and sends it again, the customer confirms, the clerk issues and releases it by telex, and the
 * customer sees it released and downloads the PDF. Screenshots of the pages and the print page, and a PNG of the
 * PDF's first page (pdftoppm, when poppler-utils is there) are left in tests/e2e/output for a person to look at.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { BolDetail } from '../../contract/bol/schema';
import type { BulkLine } from '../../contract/packing/schema';
import { iso6346CheckDigit, type Container } from '../../contract/container/schema';
import type { Order } from '../../contract/order/schema';
import type { Plan } from '../../contract/plan/schema';
import { chinaDateTime } from '../../contract/shared/chinaTime';
import { addDays, chinaToday } from '../../contract/plan/codes';
import type { Price } from '../../contract/price/schema';
import {
  api,
  buttonName,
  confirmPopconfirm,
  demoToken,
  launchBrowser,
  opened,
  openPage,
  readAgainAfterConflict,
  screenshot,
  signIn,
  waitForPageTitle,
} from './support';

type Session = { context: BrowserContext; page: Page; errors: string[] };
let browser: Browser;
let clerk: Session;
let customer: Session;
let box: Container;
let bolKey = '';
const outputDir = path.join(__dirname, 'output');
const containerNo = `TGHU081523${iso6346CheckDigit('TGHU081523')}`;
const markup = '<b>请尽快放单</b><img src=x onerror="window.__remarkRan=1">';

/**
 * A confirmed plan of the demo customer to Hamburg with one 40HQ box, numbered and sealed, holding a waiting line
 * (the demo leaves one Hamburg line waiting; the Los Angeles ones are the consolidation test's).
 */
async function loadedBox(): Promise<Container> {
  const [userToken, clerkToken] = await Promise.all([demoToken('user'), demoToken('clerk')]);
  const sailing = { carrier: 'EGLV', pol: 'CNNGB', pod: 'DEHAM', containerType: '40HQ', sailingDate: addDays(chinaToday(), 82) };
  const prices = { prices: [{ ...sailing, amount: 2600, currency: 'USD', space: 'ample', transitDays: 15 }] };
  const [price] = (await api<Price[]>('PUT', '/v1/osbPrice', prices, clerkToken)).data;
  const plan = (
    await api<Plan>('POST', '/v1/osbplan/', { priceKey: price.key, quantity: 1, osbFactory: 'SH-GARMENT' }, userToken)
  ).data;
  await api('PUT', `/v1/osbplan/${plan.key}`, { status: 'SUBMITTED', version: plan.version }, userToken);
  const [order] = (await api<{ data: Order[] }>('GET', `/v1/osbOrder?planKey=${plan.key}`, undefined, clerkToken)).data.data;
  const booking = {
    action: 'book',
    carrierBookingNo: 'EGLV143500921',
    vessel: 'EVER ACE',
    voyage: '0823E',
    version: order.version,
  };
  expect((await api('PATCH', `/v1/osbOrder/${order.key}`, booking, clerkToken)).status).toBe(200);
  const added = await api<Container>(
    'POST',
    `/v1/osbplan/${plan.key}/container`,
    { containerNo, sealNo: 'EMC7712034' },
    userToken,
  );
  expect(added.status).toBe(201);
  const query = '/v1/packing/bulkdata?type=multi&status=pendingConsolidation&destination=Ham&pageSize=100';
  const waiting = (await api<{ data: BulkLine[] }>('GET', query, undefined, userToken)).data.data
    .filter((line) => line.inspectionResult === 'pass')
    .sort((a, b) => a.cbm - b.cbm)
    .slice(0, 2);
  expect(waiting.length).toBeGreaterThan(0);
  const load = {
    keys: waiting.map((line) => line.key),
    versions: Object.fromEntries(waiting.map((line) => [line.key, line.version])),
    containerKey: added.data.key,
  };
  expect((await api('PATCH', '/v1/bulkslist', load, userToken)).status).toBe(200);
  return added.data;
}

beforeAll(async () => {
  box = await loadedBox();
  browser = await launchBrowser();
  [clerk, customer] = await Promise.all([openPage(browser), openPage(browser)]);
  await signIn(clerk.page, 'clerk', undefined, '/shipment/multi/bol');
  await signIn(customer.page, 'user', undefined, '/shipment/multi/bol');
  await waitForPageTitle(clerk.page, '提单');
});
afterAll(async () => {
  await clerk?.context.close();
  await customer?.context.close();
  await browser.close();
});

const bolTitle = (page: Page) => page.locator('.ant-page-header-heading-title').filter({ hasText: /^提单 / });
const statusTag = (page: Page, label: string) => page.locator('.ant-descriptions').getByText(label, { exact: true }).first();

/** Clicks an action button and confirms it in its popconfirm. */
async function act(page: Page, name: string) {
  await page.getByRole('button', { name: buttonName(name) }).click();
  await confirmPopconfirm(page, buttonName(name));
}

/** The customer's remark written through the API while a dialog of the clerk's is open: the B/L's version moves. */
async function remarkMeanwhile(userRemark: string) {
  const token = await demoToken('user');
  const read = (await api<BolDetail>('GET', `/v1/bol/${bolKey}`, undefined, token)).data;
  expect((await api('PATCH', `/v1/bol/${bolKey}/userRemark`, { userRemark, version: read.version }, token)).status).toBe(200);
}

async function openDetail(page: Page) {
  await page.goto(`/shipment/multi/bol/${bolKey}`);
  await bolTitle(page).waitFor();
}

describe('a bill of lading from draft to release', () => {
  it('the clerk drafts it from the customer’s loaded container: parties, vessel and cargo filled in', async () => {
    const { page } = clerk;
    await page.getByRole('button', { name: '新建提单' }).click();
    const dialog = await opened(page.getByRole('dialog', { name: '新建提单' }));
    await dialog.getByLabel('订舱计划').click();
    await page.locator('.ant-select-item-option').filter({ hasText: box.planKey }).click();
    // Choosing a plan clears the chosen boxes: the box is ticked once the plan's choice has settled.
    await page.locator('.ant-select-dropdown').waitFor({ state: 'hidden' });
    await dialog.getByRole('combobox', { name: '订舱计划' }).waitFor();
    await dialog.getByRole('checkbox', { name: new RegExp(containerNo) }).check();
    await dialog.getByLabel(/HS 编码/).fill('6203420000');
    await screenshot(page, 'bol-01-create');
    await dialog.getByRole('button', { name: '生成草稿' }).click();
    await bolTitle(page).waitFor();
    bolKey = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() as string);
    await statusTag(page, '草稿').waitFor();
    await page.getByText('SHANGHAI DONGFANG GARMENT FACTORY').waitFor();
    await page.getByRole('cell', { name: containerNo }).waitFor();
    await page.getByText('EVER ACE 0823E', { exact: true }).waitFor();
    await screenshot(page, 'bol-02-draft');

    await page.getByRole('button', { name: '修改提单' }).click();
    const amend = await opened(page.getByRole('dialog', { name: /^修改提单/ }));
    await amend.getByLabel('收货人（英文名称）').fill('pacific apparel inc.');
    await amend.getByLabel('地址（每行最多 35 个字符）').nth(1).fill('2400 E 8TH STREET\nLOS ANGELES, CA 90021, USA');
    await amend.getByLabel('通知人（英文名称）').fill('SAME AS CONSIGNEE');
    await amend.getByRole('button', { name: buttonName('保存') }).click();
    await page.getByText('PACIFIC APPAREL INC.').waitFor();
    await act(page, '发送客户确认');
    await statusTag(page, '待确认').waitFor();

    await page.goto(`/shipment/multi/bol/${bolKey}/print`);
    await page.getByRole('article', { name: /^BILL OF LADING/ }).waitFor();
    expect(await page.locator('.bol-sheet .watermark').innerText()).toBe('DRAFT');
    await screenshot(page, 'bol-03-print-draft');
    expect(clerk.errors).toEqual([]);
  });

  it('the customer sees it waiting, writes a remark (kept as text) and asks for a change', async () => {
    const { page } = customer;
    await page.reload();
    await waitForPageTitle(page, '提单');
    const row = page.getByRole('row').filter({ hasText: 'PACIFIC APPAREL INC.' });
    await row.getByText('待确认').waitFor();
    await row.getByRole('link').click();
    await bolTitle(page).waitFor();
    await page.getByLabel('用户备注').fill(markup);
    await page.getByRole('button', { name: '保存备注' }).click();
    await page.getByText('备注已保存').waitFor();
    await page.getByRole('button', { name: '申请修改', exact: true }).click();
    const ask = await opened(page.getByRole('dialog', { name: '申请修改提单' }));
    await ask.getByLabel('修改意见').fill('收货人地址请改为 2500 E 8TH STREET');
    await ask.getByRole('button', { name: '提交修改意见' }).click();
    await statusTag(page, '修改中').waitFor();
    await screenshot(page, 'bol-04-change-asked');
    expect(customer.errors).toEqual([]);
  });

  it('the clerk reads the request and the remark as plain text, amends, and sends it again; the customer confirms', async () => {
    const { page } = clerk;
    await openDetail(page);
    await page.getByText('客户申请修改：收货人地址请改为 2500 E 8TH STREET').waitFor();
    const remark = page.getByTestId('user-remark');
    expect(await remark.innerText()).toBe(markup);
    expect(await remark.locator('b, img').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __remarkRan?: number }).__remarkRan)).toBeUndefined();
    await page.getByRole('button', { name: '修改提单' }).click();
    const amend = await opened(page.getByRole('dialog', { name: /^修改提单/ }));
    await amend.getByLabel('地址（每行最多 35 个字符）').nth(1).fill('2500 E 8TH STREET\nLOS ANGELES, CA 90021, USA');
    // Meanwhile the customer adds to the remark: the save answers 409, said, read again, the address kept.
    await remarkMeanwhile('请尽快放单，谢谢');
    await amend.getByRole('button', { name: buttonName('保存') }).click();
    await readAgainAfterConflict(amend);
    expect(await amend.getByLabel('地址（每行最多 35 个字符）').nth(1).inputValue()).toBe(
      '2500 E 8TH STREET\nLOS ANGELES, CA 90021, USA',
    );
    await amend.getByRole('button', { name: buttonName('保存') }).click();
    await page.getByText('2500 E 8TH STREET').first().waitFor();
    await act(page, '发送客户确认');
    await statusTag(page, '待确认').waitFor();

    await openDetail(customer.page);
    await act(customer.page, '确认提单');
    await statusTag(customer.page, '已确认').waitFor();
  });

  it('the clerk records the box’s gate-in and load, and the issue proposes the load’s day', async () => {
    const { page } = clerk;
    await openDetail(page);
    const track = page.locator('.ant-card').filter({ has: page.getByText('货物跟踪', { exact: true }) });
    await track.getByText('抵港').waitFor();
    // China's clock whatever the browser's: the gate-in at midnight, the load this minute (actual times have happened).
    const [today, now] = chinaDateTime(new Date()).split(' ');
    for (const [code, time] of [
      ['进闸', '00:00'],
      ['装船', now],
    ] as const) {
      await track.getByRole('button', { name: '录入节点' }).click();
      const entry = await opened(page.getByRole('dialog', { name: '录入节点' }));
      await entry.getByLabel('节点').click();
      await page.locator('.ant-select-dropdown:visible').getByText(code, { exact: false }).click();
      await entry.getByLabel('日期（中国时间）').fill(today);
      await entry.getByLabel('日期（中国时间）').press('Tab');
      await entry.getByLabel('时:分').fill(time);
      await entry.getByRole('button', { name: buttonName('保存') }).click();
      await entry.waitFor({ state: 'detached' });
      await page.locator('.ant-message').getByText(`已录入${code}（实际）`).waitFor();
    }
    const loaded = track.getByRole('row').filter({ hasText: '装船' });
    await loaded.getByText(`${today} ${now}`).waitFor();
    await loaded.getByText(containerNo).waitFor();
    await screenshot(page, 'bol-04a-milestones');
  });

  it('the clerk issues it and releases it by telex', async () => {
    const { page } = clerk;
    await openDetail(page);
    // Shipped on board once loaded: the box's recorded load gives the day, proposed in the dialog.
    await page.getByRole('button', { name: buttonName('签发') }).click();
    const issue = await opened(page.getByRole('dialog', { name: /^签发提单/ }));
    await issue.getByText(`本提单的柜已于 ${chinaToday()} 实际装船，装船日期按此填写。`).waitFor();
    expect(await issue.getByLabel('装船日期').inputValue()).toBe(chinaToday());
    // Another day than the recorded load needs a reason, which the dialog asks for.
    const yesterday = addDays(chinaToday(), -1);
    await issue.getByLabel('装船日期').fill(yesterday);
    await issue.getByLabel('装船日期').press('Enter');
    await issue.getByText(`货物跟踪记录的实际装船日期为 ${chinaToday()}，签发日期与之不同，请说明原因`).waitFor();
    // A day after today, typed and confirmed with Enter: kept in the field, refused with the reason, nothing issued.
    const tomorrow = addDays(chinaToday(), 1);
    await issue.getByLabel('装船日期').fill(tomorrow);
    await issue.getByLabel('装船日期').press('Enter');
    await issue.getByText(`装船日期 ${tomorrow} 在今天之后：货物装船后才能签发已装船提单（今天是 ${chinaToday()}）`).waitFor();
    expect(await issue.getByLabel('装船日期').inputValue()).toBe(tomorrow);
    // antd's date picker (not the browser's own input, which follows the system's locale): the day is picked.
    await issue.getByLabel('装船日期').click();
    await page.locator(`.ant-picker-dropdown td[title="${chinaToday()}"]`).click();
    expect(await issue.getByLabel('装船日期').inputValue()).toBe(chinaToday());
    // Enter in the field issues nothing: only the button does.
    await issue.getByLabel('装船日期').press('Enter');
    await page.waitForTimeout(500);
    expect(await issue.isVisible()).toBe(true);
    await statusTag(page, '已确认').waitFor();
    await screenshot(page, 'bol-04b-issue');
    // Meanwhile the customer writes a remark on the B/L: the issue answers 409, said in the dialog, the day kept.
    await remarkMeanwhile('已确认，请签发');
    await issue.getByRole('button', { name: buttonName('签发') }).click();
    await readAgainAfterConflict(issue);
    expect(await issue.getByLabel('装船日期').inputValue()).toBe(chinaToday());
    await statusTag(page, '已确认').waitFor();
    await issue.getByRole('button', { name: buttonName('签发') }).click();
    await page.locator('.ant-message').getByText(`已签发，装船日期 ${chinaToday()}`, { exact: false }).waitFor();
    await statusTag(page, '已签发').waitFor();
    await page.getByRole('button', { name: buttonName('放单') }).click();
    const release = await opened(page.getByRole('dialog', { name: /^放单/ }));
    await release.getByLabel('电放').check();
    await release.getByRole('button', { name: buttonName('放单') }).click();
    await statusTag(page, '已放单').waitFor();
    await statusTag(page, '电放').waitFor();
    await screenshot(page, 'bol-05-released');
    const bol = (await api<BolDetail>('GET', `/v1/bol/${bolKey}`, undefined, await demoToken('clerk'))).data;
    expect(bol.history.map((entry) => entry.to)).toEqual([
      'DRAFT',
      'PENDING_APPROVAL',
      'PENDING_AMENDMENT',
      'PENDING_APPROVAL',
      'APPROVED',
      'ISSUED',
      'RELEASED',
    ]);
    expect(clerk.errors).toEqual([]);
  });

  it('the customer sees it released, prints it without the watermark and downloads the PDF', async () => {
    const { page } = customer;
    await page.goto('/shipment/multi/bol');
    await page.getByRole('row').filter({ hasText: 'PACIFIC APPAREL INC.' }).getByText('已放单').waitFor();
    await screenshot(page, 'bol-06-list');
    await openDetail(page);
    // The customer reads the box's milestones on the B/L, the B/L's own steps beside them; no entry for them.
    const track = page.locator('.ant-card').filter({ has: page.getByText('货物跟踪', { exact: true }) });
    await track.getByRole('row').filter({ hasText: '装船' }).getByText(containerNo).waitFor();
    await track.getByText(/^提单 \S+ 已放单/).waitFor();
    expect(await track.getByRole('button', { name: '录入节点' }).count()).toBe(0);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '下载 PDF' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^提单-[A-Z]{2,4}\d{8}\.pdf$/);
    fs.mkdirSync(outputDir, { recursive: true });
    const pdfPath = path.join(outputDir, 'bol-07-released.pdf');
    await download.saveAs(pdfPath);
    expect(fs.readFileSync(pdfPath).subarray(0, 5).toString()).toBe('%PDF-');
    try {
      execFileSync('pdftoppm', ['-png', '-r', '80', '-singlefile', pdfPath, path.join(outputDir, 'bol-07-released-pdf')]);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    // The print page, the PDF, the DCSA document and the lines agree on the day shipped on board: the day the
    // clerk stated (today), not the sailing's ETD weeks ahead.
    const token = await demoToken('user');
    const bol = (await api<BolDetail>('GET', `/v1/bol/${bolKey}`, undefined, token)).data;
    const onBoard = chinaToday();
    expect([bol.onBoardDate, bol.etd > onBoard]).toEqual([onBoard, true]);
    const pdfText = execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' });
    const footer = pdfText.slice(pdfText.indexOf('Shipped on Board'));
    expect([footer.includes(onBoard), footer.includes(bol.etd)]).toEqual([true, false]);
    await page.goto(`/shipment/multi/bol/${bolKey}/print`);
    const sheet = page.getByRole('article', { name: /^BILL OF LADING/ });
    await sheet.waitFor();
    expect(await page.locator('.bol-sheet .watermark').count()).toBe(0);
    expect(await sheet.getByText(bol.etd).count()).toBe(0);
    await sheet.getByText(onBoard).first().waitFor();
    await screenshot(page, 'bol-08-print-released');
    // Printed to A4 by the browser: only the sheet, no menu, header or grey band where the side menu was.
    const printed = path.join(outputDir, 'bol-09-printed.pdf');
    await page.pdf({ path: printed, format: 'A4', printBackground: true });
    const printedText = execFileSync('pdftotext', ['-layout', printed, '-'], { encoding: 'utf8' });
    expect(printedText).toContain('BILL OF LADING');
    expect(printedText).not.toMatch(/出运管理|订舱管理|打印|返回/);
    // The first page in grey (PGM): the strip along its left edge, where the menu was, is paper white.
    const pgm = execFileSync('pdftoppm', ['-r', '30', '-f', '1', '-l', '1', '-gray', printed]);
    const [, width, height] = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.toString('latin1', 0, 40))!.map(Number);
    const pixels = pgm.subarray(pgm.length - width * height);
    const strip = Array.from({ length: height }, (_, row) =>
      pixels.subarray(row * width, row * width + Math.round(width * 0.08)),
    );
    expect(Math.min(...strip.map((line) => Math.min(...line)))).toBeGreaterThan(245);
    const dcsa = (await api<{ issueDate: string; shippedOnBoardDate: string }>('GET', `/v1/bol/${bolKey}/dcsa`, undefined, token))
      .data;
    expect([dcsa.issueDate, dcsa.shippedOnBoardDate]).toEqual([onBoard, onBoard]);
    const lines = (await api<{ data: BulkLine[] }>('GET', '/v1/packing/bulkdata?pageSize=100', undefined, token)).data.data;
    const shipped = lines.filter((line) => bol.containers.some((box) => box.containerKey === line.containerKey));
    expect(shipped.length).toBeGreaterThan(0);
    expect(shipped.every((line) => line.status === 'shipped')).toBe(true);
    expect(customer.errors).toEqual([]);
  });

  it('a carrier’s estimate two days past the planned arrival raises the customer’s to-do', async () => {
    const { page } = customer;
    const token = await demoToken('clerk');
    const bol = (await api<BolDetail>('GET', `/v1/bol/${bolKey}`, undefined, token)).data;
    const eta = Date.parse(`${bol.eta}T00:00:00+08:00`);
    const estimate = {
      eventID: crypto.randomUUID(),
      eventCreatedDateTime: new Date().toISOString(),
      eventType: 'TRANSPORT',
      eventClassifierCode: 'EST',
      eventDateTime: new Date(eta + 48 * 3_600_000).toISOString(),
      transportEventTypeCode: 'ARRI',
      transportCall: { transportCallID: 'DEHAM-0823E', modeOfTransport: 'VESSEL', UNLocationCode: 'DEHAM' },
      documentReferences: [{ documentReferenceType: 'BKG (Booking)', documentReferenceValue: 'EGLV143500921' }],
    };
    expect((await api('POST', '/v1/tnt/events', [estimate], token)).status).toBe(200);
    await openDetail(page);
    const arrival = page
      .locator('.ant-card')
      .filter({ has: page.getByText('货物跟踪', { exact: true }) })
      .getByRole('row')
      .filter({ hasText: '抵港' });
    await arrival.getByText('晚 48 小时').waitFor();
    await page.getByLabel('通知').click();
    await page.getByRole('tab', { name: /待办/ }).click();
    await page.getByText(`订舱计划 ${bol.planKey} 抵港晚于计划约 48 小时`).waitFor();
    await screenshot(page, 'bol-10-delay-todo');
    expect(customer.errors).toEqual([]);
  });
});
