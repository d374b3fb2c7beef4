/**
 * 订舱 end to end: the customer picks the cheapest day of a lane's month in the price calendar and books it,
 * submits the plan; the clerk books it with the carrier; the customer asks for one more container; the clerk
 * approves; the customer sees the new quantity, the change in the plan's history and the notices.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Plan } from '../../contract/plan/schema';
import { addDays, chinaToday } from '../../contract/plan/codes';
import type { Price } from '../../contract/price/schema';
import { api, confirmPopconfirm, demoToken, launchBrowser, openPage, screenshot, signIn, waitForPageTitle } from './support';

let browser: Browser;
let clerkToken: string;
let userToken: string;
/** Next month on a lane the demo data leaves empty: the test's prices are the month's only ones. */
const month = addDays(`${chinaToday().slice(0, 7)}-01`, 40).slice(0, 7);
const lane = { pol: 'CNTAO', pod: 'NLRTM', containerType: '20GP' as const };
const calendarPath = `/osb/calendar?pol=${lane.pol}&pod=${lane.pod}&containerType=${lane.containerType}&month=${month}`;
let cheapest: Price;
let planKey: string;

const sailing = (day: number, carrier: string, amount: number, space = 'ample') => ({
  ...lane,
  carrier,
  sailingDate: `${month}-${String(day).padStart(2, '0')}`,
  amount,
  currency: 'USD',
  space,
  transitDays: 30,
});

beforeAll(async () => {
  browser = await launchBrowser();
  [clerkToken, userToken] = await Promise.all([demoToken('clerk'), demoToken('user')]);
  const put = await api<Price[]>(
    'PUT',
    '/v1/osbPrice',
    {
      prices: [
        sailing(5, 'MAEU', 1500, 'full'),
        sailing(9, 'MSCU', 1720),
        sailing(12, 'CMDU', 1640, 'tight'),
        sailing(19, 'MAEU', 1810),
        sailing(26, 'COSU', 1690),
      ],
    },
    clerkToken,
  );
  expect(put.status).toBe(200);
  cheapest = put.data.find((price) => price.amount === 1640) as Price;
});
afterAll(() => browser.close());

async function signedIn(name: string, path: string, title: string) {
  const session = await openPage(browser);
  await signIn(session.page, name, undefined, path);
  await waitForPageTitle(session.page, title);
  return session;
}

describe('container booking', () => {
  let customer: { context: BrowserContext; page: Page; errors: string[] };
  let clerk: { context: BrowserContext; page: Page; errors: string[] };
  afterAll(async () => {
    await customer?.context.close();
    await clerk?.context.close();
  });

  it('the customer books the month’s cheapest bookable sailing from the calendar and submits the plan', async () => {
    customer = await signedIn('user', calendarPath, '运价日历');
    const { page } = customer;
    await page.getByText(/本月最低价：.*USD 1,640/).waitFor();
    // The full sailing is cheaper but closed; the mark is on the cheapest bookable one.
    const marked = page.locator(`[data-price="${cheapest.key}"]`);
    await marked.getByText('最低价').waitFor();
    await screenshot(page, 'booking-01-calendar');
    await marked.click();
    const dialog = page.getByRole('dialog', { name: '按此船期订舱' });
    await dialog.getByText('USD 1,640').first().waitFor();
    await dialog.getByRole('spinbutton').first().fill('2');
    await dialog.getByText('USD 3,280').waitFor();
    await dialog.getByRole('button', { name: '创建订舱计划' }).click();
    await page.waitForURL(/\/osb\/plan\/OP\d+$/);
    planKey = page.url().split('/').pop() as string;
    await waitForPageTitle(page, `订舱计划 ${planKey}`);
    await page.getByRole('button', { name: '提交订舱' }).click();
    await page.locator('.ant-descriptions').getByText('已提交').waitFor();
    await screenshot(page, 'booking-02-plan-submitted');
    expect(customer.errors).toEqual([]);
  });

  it('the clerk books it with the carrier, which confirms the plan', async () => {
    clerk = await signedIn('clerk', `/osb/order?planKey=${planKey}`, '订舱单');
    const { page } = clerk;
    await page.locator('tbody tr.ant-table-row').filter({ hasText: planKey }).getByRole('link').first().click();
    await page.getByRole('button', { name: '向船公司订舱' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('订舱号/SO').fill('CMDU7788123');
    await dialog.getByLabel('船名').fill('CMA CGM JACQUES SAADE');
    await dialog.getByLabel('航次').fill('0FLBNW1');
    await screenshot(page, 'booking-02b-book-dialog');
    await dialog.getByRole('button', { name: '确认订舱' }).click();
    await page.locator('.ant-page-header-heading-tags').getByText('已订舱').waitFor();
    await page.getByText('CMA CGM JACQUES SAADE 0FLBNW1').first().waitFor();
    await screenshot(page, 'booking-03-order-booked');
    expect(clerk.errors).toEqual([]);
  });

  it('the customer asks for one more container; the clerk approves', async () => {
    const { page } = customer;
    await page.reload();
    await page.locator('.ant-descriptions').getByText('已确认').waitFor();
    await page.getByRole('button', { name: '申请变更' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('spinbutton').fill('3');
    await dialog.getByLabel('变更原因').fill('追加订单，多出一柜货');
    await dialog.getByRole('button', { name: '提交变更申请' }).click();
    await page.getByText('待审核').waitFor();
    await screenshot(page, 'booking-04-change-requested');

    const clerkPage = clerk.page;
    await clerkPage.reload();
    await clerkPage.getByText('变更记录').waitFor();
    await clerkPage.getByRole('row').filter({ hasText: '追加订单' }).getByText('批准').click();
    await confirmPopconfirm(clerkPage, /批\s*准/);
    await clerkPage.getByRole('row').filter({ hasText: '追加订单' }).getByText('已批准').waitFor();
    await screenshot(clerkPage, 'booking-05-change-approved');
  });

  it('the customer sees the new quantity, the change history and the notices', async () => {
    const { page } = customer;
    await page.reload();
    await page.getByText(`${lane.containerType} × 3`).first().waitFor();
    await page.getByRole('row').filter({ hasText: '柜量：2 → 3' }).getByText('已批准').waitFor();
    await page.getByText('已提交 → 已确认').waitFor();
    await page.getByLabel('通知').click();
    await page.getByText(`订舱计划 ${planKey} 已确认`).waitFor();
    await page.getByText(`订舱计划 ${planKey} 的数量变更已批准`).waitFor();
    await screenshot(page, 'booking-06-plan-notices');
    const { data } = await api<Plan>('GET', `/v1/osbplan/${planKey}`, undefined, userToken);
    expect([data.status, data.quantity, data.priceSnapshot.amount]).toEqual(['CONFIRMED', 3, 1640]);

    await page.goto('/account/booking');
    await waitForPageTitle(page, '订舱记录');
    await page.locator('tbody tr.ant-table-row').filter({ hasText: planKey }).waitFor();
    await screenshot(page, 'booking-07-records');
    expect(customer.errors).toEqual([]);
  });

  it('the customer adds a container to the confirmed plan; a wrong check digit is refused before saving', async () => {
    const { page } = customer;
    await page.goto(`/osb/plan/${planKey}`);
    await waitForPageTitle(page, `订舱计划 ${planKey}`);
    await page.getByRole('button', { name: '添加柜' }).click();
    const dialog = page.getByRole('dialog', { name: '添加柜' });
    await dialog.getByLabel('箱号').fill('csqu3054384');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await dialog.getByText('箱号校验位应为 3（输入的是 4）').waitFor();
    await dialog.getByLabel('箱号').fill('CSQU3054383');
    await dialog.getByLabel('封号').fill('SL2026001');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByRole('row').filter({ hasText: 'CSQU3054383' }).getByText('SL2026001').waitFor();
    await page.getByText('柜（1 / 3）').waitFor();
    await screenshot(page, 'booking-09-container');
    expect(customer.errors).toEqual([]);
  });

  it('the clerk keeps the settings and the dictionaries', async () => {
    const { page } = clerk;
    await page.goto('/osb/settings');
    await waitForPageTitle(page, '订舱设置');
    await page.getByRole('tab', { name: '截单规则' }).click();
    const siCutoff = page.getByLabel('截单', { exact: true });
    await siCutoff.fill('96');
    await page
      .getByRole('tabpanel')
      .getByRole('button', { name: /保\s*存/ })
      .click();
    await page.getByText('已保存「截单规则」').waitFor();
    await screenshot(page, 'booking-08-settings');
    const { data } = await api<{ value: { siCutoffHours: number } }>('GET', '/v1/setting/bookingCutoff', undefined, clerkToken);
    expect(data.value.siCutoffHours).toBe(96);

    await page.getByRole('tab', { name: '拼柜规则' }).click();
    await page.getByLabel('装载率上限').fill('95');
    await page
      .getByRole('tabpanel')
      .getByRole('button', { name: /保\s*存/ })
      .click();
    await page.getByText('已保存「拼柜规则」').waitFor();
    const rule = await api<{ value: { fillFactorPercent: number } }>('GET', '/v1/setting/consolidation', undefined, clerkToken);
    expect(rule.data.value.fillFactorPercent).toBe(95);
    await page.getByRole('tab', { name: '港口', exact: true }).click();
    const english = page.getByRole('tabpanel').getByLabel('英文名（选填）');
    expect(await english.first().inputValue()).toBe('Shanghai');
    await screenshot(page, 'booking-10-ports');

    // The month's rate the freight is turned into CNY at, and the surcharges per carrier and lane.
    await page.getByRole('tab', { name: '汇率' }).click();
    const rates = page.getByRole('tabpanel');
    // The button's name carries its icon's: "plus 添加".
    await rates.getByRole('button', { name: /添\s?加$/ }).click();
    await rates.getByLabel('月份（YYYY-MM）').last().fill('2026-12');
    await rates.getByLabel('折合人民币').last().fill('7.1234');
    await rates.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('已保存「汇率」').waitFor();
    const kept = await api<{ value: object[] }>('GET', '/v1/setting/exchangeRates', undefined, clerkToken);
    expect(kept.data.value).toContainEqual({ month: '2026-12', currency: 'USD', toCny: 7.1234 });
    // A forwarder's own loose-cargo rate beside the default for any (*).
    await page.getByRole('tab', { name: '散货运价' }).click();
    const loose = page.getByRole('tabpanel');
    await loose.getByRole('button', { name: /添\s?加$/ }).click();
    await loose.getByLabel('起始月份（YYYY-MM）').last().fill('2026-11');
    await loose.getByLabel('货代').last().fill('DHL 环球');
    await loose.getByLabel('每立方运价').last().fill('42');
    await loose.getByLabel('最低收费').last().fill('84');
    await loose.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('已保存「散货运价」').waitFor();
    await screenshot(page, 'booking-11b-loose-rates');
    const looseRates = await api<{ value: object[] }>('GET', '/v1/setting/looseRates', undefined, clerkToken);
    expect(looseRates.data.value).toContainEqual({
      month: '2026-11',
      forwarder: 'DHL 环球',
      destination: '*',
      currency: 'USD',
      ratePerCbm: 42,
      minimumCharge: 84,
    });
    await page.getByRole('tab', { name: '附加费' }).click();
    expect(await page.getByRole('tabpanel').getByLabel('名称').first().inputValue()).toBe('码头操作费 THC');
    await screenshot(page, 'booking-11-surcharges');
    await page.getByRole('tab', { name: 'GS1 箱码' }).click();
    await page.getByRole('tabpanel').getByLabel('厂商识别代码').waitFor();
    expect(clerk.errors).toEqual([]);
  });
});
