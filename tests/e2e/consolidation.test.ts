/**
 * 拼柜 in the browser: the customer's goods waiting, grouped by destination and ex-factory week with the boxes
 * suggested for them, and the way from a group to the price calendar with its lane and month chosen; the hall,
 * where lines go into a box of a confirmed plan until the next one would overfill it; the load plan drawn to scale,
 * warned of in the hall and printed (its PDF read back with pdftotext).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { boxMixText, containerFill } from '../../contract/shared/consolidation';
import type { GoodsGroup } from '../../contract/goods/schema';
import type { BulkLine } from '../../contract/packing/schema';
import type { Container, ContainerDetail } from '../../contract/container/schema';
import type { Order } from '../../contract/order/schema';
import type { Plan } from '../../contract/plan/schema';
import { addDays, chinaToday } from '../../contract/plan/codes';
import type { Price } from '../../contract/price/schema';
import type { Setting } from '../../contract/setting/schema';
import { api, demoToken, exportedRows, launchBrowser, openPage, screenshot, signIn, waitForPageTitle } from './support';

const outputDir = path.join(__dirname, 'output');

let browser: Browser;
let customer: { context: BrowserContext; page: Page; errors: string[] };
beforeAll(async () => {
  browser = await launchBrowser();
  customer = await openPage(browser);
  await signIn(customer.page, 'user', undefined, '/osb/goods');
  await waitForPageTitle(customer.page, '待拼柜货物');
});
afterAll(async () => {
  await customer?.context.close();
  await browser.close();
});

describe('goods waiting', () => {
  it('shows the customer’s waiting goods by destination and week, each with the boxes suggested', async () => {
    const goods = await api<{ data: GoodsGroup[] }>('GET', '/v1/osbGoods?pageSize=50', undefined, await demoToken('user'));
    const group = goods.data.data.find((g) => g.pod !== null) as GoodsGroup;
    expect(group).toBeDefined();
    const { page } = customer;
    const row = page.getByRole('row').filter({ hasText: group.week }).filter({ hasText: group.destination }).first();
    await row.waitFor();
    expect(await row.innerText()).toContain(boxMixText(group.suggestion));
    await row.getByRole('button', { name: /展开/ }).click();
    await page.getByRole('cell', { name: group.lines[0].key, exact: true }).waitFor();
    await screenshot(page, 'consolidation-01-goods');

    await row.getByText('去订舱').click();
    await waitForPageTitle(page, '运价日历');
    const url = new URL(page.url());
    expect([url.pathname, url.searchParams.get('pod'), url.searchParams.get('month')]).toEqual([
      '/osb/calendar',
      group.pod,
      [group.weekStart.slice(0, 7), chinaToday().slice(0, 7)].sort()[1],
    ]);
    await screenshot(page, 'consolidation-02-calendar');
    expect(customer.errors).toEqual([]);
  });
});

/** A plan of `user` to USLAX, `days` ahead, booked by the clerk with the carrier: confirmed, ready for its boxes. */
async function bookedPlan(
  userToken: string,
  clerkToken: string,
  { containerType, quantity, days, bookingNo }: { containerType: string; quantity: number; days: number; bookingNo: string },
): Promise<Plan> {
  const sailingDate = addDays(chinaToday(), days);
  const price = { carrier: 'MSCU', pol: 'CNNGB', pod: 'USLAX', containerType, sailingDate, amount: 1200 };
  const [put] = (
    await api<Price[]>(
      'PUT',
      '/v1/osbPrice',
      { prices: [{ ...price, currency: 'USD', space: 'ample', transitDays: 18 }] },
      clerkToken,
    )
  ).data;
  const draft = (await api<Plan>('POST', '/v1/osbplan/', { priceKey: put.key, quantity, osbFactory: 'SH-GARMENT' }, userToken))
    .data;
  await api('PUT', `/v1/osbplan/${draft.key}`, { status: 'SUBMITTED', version: draft.version }, userToken);
  const [order] = (await api<{ data: Order[] }>('GET', `/v1/osbOrder?planKey=${draft.key}`, undefined, clerkToken)).data.data;
  const booking = { action: 'book', carrierBookingNo: bookingNo, vessel: 'MSC AURORA', voyage: '101E', version: order.version };
  expect((await api('PATCH', `/v1/osbOrder/${order.key}`, booking, clerkToken)).status).toBe(200);
  return draft;
}

/** A confirmed 20GP plan of `user` to USLAX with one box of 5 m³ (the clerk's capacity for the moment it is added). */
async function smallBox(userToken: string, clerkToken: string): Promise<Container> {
  const draft = await bookedPlan(userToken, clerkToken, {
    containerType: '20GP',
    quantity: 1,
    days: 75,
    bookingNo: 'MSCU777001',
  });
  const capacity = (await api<Setting<Record<string, object>>>('GET', '/v1/setting/containerCapacity', undefined, clerkToken))
    .data;
  const small = { ...capacity.value, '20GP': { ...capacity.value['20GP'], cbm: 5 } };
  const changed = await api<Setting>(
    'PUT',
    '/v1/setting/containerCapacity',
    { value: small, version: capacity.version },
    clerkToken,
  );
  try {
    return (await api<Container>('POST', `/v1/osbplan/${draft.key}/container`, {}, userToken)).data;
  } finally {
    await api('PUT', '/v1/setting/containerCapacity', { value: capacity.value, version: changed.data.version }, clerkToken);
  }
}

describe('consolidation hall', () => {
  it('loads lines into a box of a confirmed plan; a line that would overfill it turns the bar red and is held back', async () => {
    const [userToken, clerkToken] = await Promise.all([demoToken('user'), demoToken('clerk')]);
    const box = await smallBox(userToken, clerkToken);
    const query = '/v1/packing/bulkdata?type=multi&status=pendingConsolidation&destination=Los&pageSize=100';
    const waiting = (await api<{ data: BulkLine[] }>('GET', query, undefined, userToken)).data.data.sort((a, b) => a.cbm - b.cbm);
    // The box takes 5 m³ × the fill factor in force (another test may have changed it).
    const rule = await api<Setting<{ fillFactorPercent: number }>>('GET', '/v1/setting/consolidation', undefined, userToken);
    const limit = containerFill([], { cbm: 5, payloadKg: 1 }, rule.data.value.fillFactorPercent / 100).cbmLimit;
    const fitting: BulkLine[] = [];
    for (const line of waiting) if (fitting.reduce((sum, l) => sum + l.cbm, 0) + line.cbm <= limit) fitting.push(line);
    const overflow = waiting.find((line) => !fitting.includes(line)) as BulkLine;
    expect([fitting.length > 0, overflow !== undefined]).toEqual([true, true]);

    const { page } = customer;
    await page.goto('/shipment/multi/');
    await waitForPageTitle(page, '拼柜大厅');
    await page.getByLabel(`柜 ${box.key}`).click();
    for (const line of fitting)
      await page
        .getByRole('row', { name: new RegExp(line.key) })
        .getByRole('checkbox')
        .check();
    await page.getByRole('button', { name: `装入柜 ${box.key}` }).click();
    await page.getByText(`已装入 ${fitting.length} 条明细到柜 ${box.key}`).waitFor();
    await page.getByLabel(`柜 ${box.key}`).getByText(`已装 ${fitting.length} 条`).waitFor();
    await screenshot(page, 'consolidation-03-hall-loaded');

    await page
      .getByRole('row', { name: new RegExp(overflow.key) })
      .getByRole('checkbox')
      .check();
    await page.getByText(`超过可装 ${limit} m³`).waitFor();
    expect(await page.getByRole('button', { name: `装入柜 ${box.key}` }).isDisabled()).toBe(true);
    await screenshot(page, 'consolidation-04-hall-overfill');
    const held = (
      await api<{ data: BulkLine[] }>('GET', query.replace('pendingConsolidation', 'allocated'), undefined, userToken)
    ).data.data;
    expect(
      held
        .filter((line) => line.containerKey === box.key)
        .map((line) => line.key)
        .sort(),
    ).toEqual(fitting.map((line) => line.key).sort());

    // The container page: the box's lines, its number (a wrong check digit is refused), the load list.
    await page.goto(`/shipment/multi/container?key=${box.key}`);
    await waitForPageTitle(page, '拼柜装柜');
    await page.getByRole('cell', { name: fitting[0].key, exact: true }).waitFor();
    await page.getByRole('button', { name: '箱号与封号' }).click();
    const number = page.getByLabel('箱号');
    await number.fill('APZU4812091');
    await page.getByText('箱号校验位应为 0（输入的是 1）').waitFor();
    await screenshot(page, 'consolidation-05-container-number');
    await number.fill('APZU4812090');
    await page.getByLabel('封号').fill('SL778899');
    // No carton was scanned in: the seal says so before it closes the box.
    await page.getByText(/^还有 \d+ 箱未扫描装柜，封柜前请确认已全部装入$/).waitFor();
    await page.getByRole('button', { name: '仍要封柜' }).click();
    await page.getByText(`已保存柜 ${box.key}`).waitFor();
    await page.getByRole('heading', { name: '柜 APZU4812090' }).or(page.getByText('柜 APZU4812090').first()).waitFor();
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '下载装柜清单' }).click()]);
    expect(file.suggestedFilename()).toBe('装柜清单-APZU4812090.xlsx');
    await screenshot(page, 'consolidation-06-container');
    expect(customer.errors).toEqual([]);
  });

  it('the hall’s 导出 holds the lines it lists, with its message', async () => {
    const { page } = customer;
    await page.goto('/shipment/multi/');
    await waitForPageTitle(page, '拼柜大厅');
    await page.locator('tr.ant-table-row').first().waitFor();
    const listed = await api<{ total: number; data: BulkLine[] }>(
      'GET',
      '/v1/packing/bulkdata?type=multi&status=pendingConsolidation&pageSize=1',
      undefined,
      await demoToken('user'),
    );
    // The lines table's 导出 comes first; the boxes beside it keep their own.
    const rows = await exportedRows(page);
    expect(rows.length).toBe(listed.data.total);
    expect(rows.flat()).toContain(listed.data.data[0].poNo);
    expect(customer.errors).toEqual([]);
  });

  it('offers a confirmed plan’s booked boxes in the hall at once: one click adds a box and chooses it', async () => {
    const [userToken, clerkToken] = await Promise.all([demoToken('user'), demoToken('clerk')]);
    const draft = await bookedPlan(userToken, clerkToken, {
      containerType: '40HQ',
      quantity: 2,
      days: 82,
      bookingNo: 'MSCU777002',
    });

    const { page } = customer;
    await page.goto('/shipment/multi/');
    await waitForPageTitle(page, '拼柜大厅');
    const booked = page.locator('.ant-card').filter({ hasText: draft.key }).filter({ hasText: '待添加' });
    await booked.getByText('40HQ · 已订 2 柜，待添加 2 柜').waitFor();
    await screenshot(page, 'consolidation-07-hall-booked-boxes');
    await booked.getByRole('button', { name: '添加柜并选用' }).click();
    const message = page.locator('.ant-message').getByText(new RegExp(`^已为计划 ${draft.key} 添加柜 (\\S+)$`));
    await message.waitFor();
    const boxKey = /添加柜 (\S+)$/.exec((await message.textContent()) ?? '')?.[1] as string;
    await page.getByLabel(`柜 ${boxKey}`).waitFor();
    await booked.getByText('40HQ · 已订 2 柜，待添加 1 柜').waitFor();
    // The new box is the chosen one: choosing a line offers to load it there.
    const [line] = (
      await api<{ data: BulkLine[] }>(
        'GET',
        '/v1/packing/bulkdata?type=multi&status=pendingConsolidation&destination=Los&pageSize=1',
        undefined,
        userToken,
      )
    ).data.data;
    await page
      .getByRole('row', { name: new RegExp(line.key) })
      .getByRole('checkbox')
      .check();
    await page.getByRole('button', { name: `装入柜 ${boxKey}` }).waitFor();
    await screenshot(page, 'consolidation-08-hall-box-added');
    expect(customer.errors).toEqual([]);
  });
});

describe('the load plan', () => {
  it('warns in the hall when the cartons’ shapes would not fit though the CBM does, and draws the box to scale', async () => {
    const [userToken, clerkToken] = await Promise.all([demoToken('user'), demoToken('clerk')]);
    const draft = await bookedPlan(userToken, clerkToken, {
      containerType: '20GP',
      quantity: 1,
      days: 83,
      bookingNo: 'MSCU777003',
    });
    const box = (await api<Container>('POST', `/v1/osbplan/${draft.key}/container`, {}, userToken)).data;
    const query = '/v1/packing/bulkdata?type=multi&status=pendingConsolidation&destination=Los&pageSize=100';
    const waiting = (await api<{ data: BulkLine[] }>('GET', query, undefined, userToken)).data.data;
    // A 20GP inside 500 mm long and 500 mm high holds a few of the demo's cartons, whatever the CBM says.
    const line = waiting.find((one) => one.cartonCount > 10 && one.cbm < 20) as BulkLine;
    const capacity = (
      await api<Setting<Record<string, { innerMm: object }>>>('GET', '/v1/setting/containerCapacity', undefined, clerkToken)
    ).data;
    const short = {
      ...capacity.value,
      '20GP': { ...capacity.value['20GP'], innerMm: { ...capacity.value['20GP'].innerMm, length: 500, height: 500 } },
    };
    const changed = await api<Setting>(
      'PUT',
      '/v1/setting/containerCapacity',
      { value: short, version: capacity.version },
      clerkToken,
    );
    const { page } = customer;
    try {
      await page.goto('/shipment/multi/');
      await waitForPageTitle(page, '拼柜大厅');
      await page.getByLabel(`柜 ${box.key}`).click();
      await page
        .getByRole('row', { name: new RegExp(line.key) })
        .getByRole('checkbox')
        .check();
      await page.getByText(/^按纸箱尺寸将有 \d+ 箱放不下：体积合计 [\d.]+ m³ 未超可装 [\d.]+ m³/).waitFor();
      // A warning, not a refusal: the clerk may still load and see the plan.
      expect(await page.getByRole('button', { name: `装入柜 ${box.key}` }).isEnabled()).toBe(true);
      await screenshot(page, 'consolidation-09-hall-shape-warning');
    } finally {
      await api('PUT', '/v1/setting/containerCapacity', { value: capacity.value, version: changed.data.version }, clerkToken);
    }
    await page.getByRole('button', { name: `装入柜 ${box.key}` }).click();
    await page.getByText(`已装入 1 条明细到柜 ${box.key}`).waitFor();

    await page.goto(`/shipment/multi/container?key=${box.key}`);
    await waitForPageTitle(page, '拼柜装柜');
    const side = page.getByRole('img', { name: '装柜图侧视' });
    await side.waitFor();
    await page.getByText(`${line.cartonCount} / ${line.cartonCount} 箱`).waitFor();
    // Hovering a block names its PO, line and cartons: the first block holds the line's first cartons.
    const titles = await side.locator('title').allTextContents();
    for (const title of titles)
      expect(title).toMatch(new RegExp(`^PO ${line.poNo} · 明细 ${line.key}（.+） · 第 \\d+(–\\d+)? 箱$`));
    expect(titles.some((title) => title.includes(`第 ${line.cartonFrom}–`))).toBe(true);
    const cells = await page.getByRole('img', { name: '装柜图俯视' }).locator('rect').count();
    expect(cells).toBeGreaterThan(1);
    await page.getByText(/^俯视图：第 1 \/ \d+ 层/).waitFor();
    await page.setViewportSize({ width: 1366, height: 768 });
    await side.scrollIntoViewIfNeeded();
    await screenshot(page, 'consolidation-10-load-plan');
    await page.setViewportSize({ width: 1440, height: 900 });
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '下载装柜图' }).click()]);
    expect(file.suggestedFilename()).toBe(`装柜图-${box.key}.pdf`);
    fs.mkdirSync(outputDir, { recursive: true });
    const pdfPath = path.join(outputDir, 'load-plan.pdf');
    await file.saveAs(pdfPath);
    const text = execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ');
    expect(text).toContain(`装柜图 柜 ${box.key} 20GP`);
    expect(text).toContain(`装入 ${line.cartonCount} / ${line.cartonCount} 箱`);
    expect(text).toContain(`PO ${line.poNo}`);
    expect(text).toContain('侧视图（左为柜头，右为柜门）');
    expect(text).toMatch(/俯视图 第 1 \/ \d+ 层/);

    // The freight of the box: the plan's USD 1 200 with Ningbo's THC and the documentation fee, all on its one line.
    const freight = page.getByLabel('运费', { exact: true });
    await freight
      .getByText(/^每柜 海运费 USD 1,200\.00 \+ 码头操作费 THC CNY 1,180\.00 \+ 文件费 USD 45\.00；按体积分摊/)
      .waitFor();
    await freight.getByRole('row', { name: new RegExp(`^${line.poNo} \\d+ 1,245\\.00 1,180\\.00 ¥`) }).waitFor();
    // Each line's part stands in the lines' table, in CNY and a piece.
    const detail = (await api<ContainerDetail>('GET', `/v1/osbContainer/${box.key}`, undefined, userToken)).data;
    const cny = `¥${detail.freight.lines[0].cny!.toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
    await page.locator('tr.ant-table-row').filter({ hasText: line.key }).filter({ hasText: cny }).waitFor();
    // And on the line's own page.
    await page.goto(`/shipment/packing/${line.key}`);
    const item = (label: string) => page.locator('.ant-descriptions-item').filter({ hasText: label });
    await item('本明细运费').getByText('USD 1,245.00 + CNY 1,180.00', { exact: true }).waitFor();
    await item('折合人民币').getByText(cny, { exact: true }).waitFor();
    expect(customer.errors).toEqual([]);

    // The clerk splits it by weight on the order page instead.
    const clerk = await openPage(browser);
    await signIn(clerk.page, 'clerk', undefined, '/osb/order');
    const [order] = (await api<{ data: Order[] }>('GET', `/v1/osbOrder?planKey=${draft.key}`, undefined, clerkToken)).data.data;
    await clerk.page.goto(`/osb/order/${order.key}`);
    const basis = clerk.page.getByRole('combobox', { name: `柜 ${box.key} 运费分摊方式` });
    // Opened from the keyboard: the page's fixed header may stand over the field after the scroll.
    await basis.focus();
    await clerk.page.keyboard.press('ArrowDown');
    await clerk.page.locator('.ant-select-item-option').filter({ hasText: '按毛重' }).click();
    await clerk.page.getByText(`柜 ${box.key} 改为按毛重分摊运费`).waitFor();
    await clerk.page
      .getByLabel(`柜 ${box.key} 运费`)
      .getByText(/；按毛重分摊/)
      .waitFor();
    await screenshot(clerk.page, 'consolidation-11-order-freight');
    expect(clerk.errors).toEqual([]);
    await clerk.context.close();
  });
});
