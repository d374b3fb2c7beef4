/**
 * 导出: every list's export is the list itself — the same rows, in the same order, under each filter and sorter
 * and the caller's own scope — written with the contract's Chinese headers; another customer's rows never appear,
 * and a filter past the export's limit is a 422 before any file starts.
 */
import ExcelJS from 'exceljs';
import {
  bolExport,
  containerExport,
  declarationExport,
  handoverExport,
  inspectionExport,
  looseExport,
  orderExport,
  planExport,
} from '../../contract/shared/exports/lists';
import { sheetHeader, sheetRows, type ListExport, type SheetCell } from '../../contract/shared/exports/sheet';
import type { BolListItem } from '../../contract/bol/schema';
import type { OpenContainer } from '../../contract/container/schema';
import type { Order } from '../../contract/order/schema';
import type { Db } from '../db/open';
import { withLooseFreight, withOwnFreight, withPlanFreight } from '../domain/freight/totals';
import type { SessionUser } from '../auth/sessionUser';
import { listPlans } from '../domain/plan/plans';
import { createLine, setStatus } from '../testing/bulk';
import { createDemoApp, type DemoName } from '../testing/demo';
import type { TestApp } from '../testing/harness';

let t: TestApp;
let token: Record<DemoName, string>;
let id: Record<DemoName, string>;

beforeAll(async () => {
  ({ t, token, id } = await createDemoApp());
  // The demo has no loose cargo: three bookings of the customer, one confirmed (a handover).
  for (const n of [1, 2, 3]) {
    const line = await createLine(t, token.user, { poNo: `PO-EX${n}`, cartonTo: 4 + n, destination: 'Hamburg' }, 'single');
    await setStatus(t, line.key, 'pendingConsolidation', 'pass');
    const booked = await t.call('POST', '/v1/looseBooking', {
      token: token.user,
      body: { versions: { [line.key]: line.version }, forwarder: '德迅', cfsCutOff: '2099-12-01' },
    });
    expect(booked.statusCode).toBe(201);
    if (n === 1) {
      const { key, version } = booked.json();
      const body = { status: 'CONFIRMED', warehouseEntryNo: `JC-${key}`, version };
      expect((await t.call('PATCH', `/v1/looseBooking/${key}`, { token: token.clerk, body })).statusCode).toBe(200);
    }
  }
});
afterAll(() => t.close());

async function sheetOf(buffer: Buffer): Promise<SheetCell[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const width = sheet.getRow(1).cellCount;
  const rows: SheetCell[][] = [];
  sheet.eachRow((row) => {
    rows.push(Array.from({ length: width }, (_, i) => (row.getCell(i + 1).value ?? null) as SheetCell));
  });
  return rows;
}

type Enrich = (db: Db) => (items: never[]) => Promise<unknown[]>;
const plans = withOwnFreight as Enrich;
const orders = withPlanFreight(
  (order: Order) => order.planKey,
  (order) => order.quantity,
) as Enrich;
const boxes = withPlanFreight(
  (box: OpenContainer) => box.planKey,
  () => 1,
) as Enrich;
const bols = withPlanFreight(
  (bol: BolListItem) => bol.planKey,
  (bol) => bol.containerCount,
) as Enrich;
const bookings = withLooseFreight as Enrich;
const same: Enrich = () => async (items) => items;

/** Each list, and how its export adds what the list does not carry (the freight, checked below on its own). */
const cases: [string, string, DemoName, Record<string, string>, ListExport<never>, Enrich][] = [
  ['订舱计划', '/v1/osbplan', 'user', {}, planExport, plans],
  ['订舱计划', '/v1/osbplan', 'user', { status: 'CONFIRMED', sorter: 'etd:ascend' }, planExport, plans],
  ['订舱计划', '/v1/osbplan', 'clerk', { pod: 'USLAX' }, planExport, plans],
  ['订舱单', '/v1/osbOrder', 'clerk', {}, orderExport, orders],
  ['订舱单', '/v1/osbOrder', 'clerk', { status: 'BOOKED', sorter: 'etd:descend' }, orderExport, orders],
  ['柜', '/v1/osbContainer', 'user', {}, containerExport, boxes],
  ['柜', '/v1/osbContainer', 'clerk', { unbilled: '1' }, containerExport, boxes],
  ['提单', '/v1/bol', 'user', {}, bolExport, bols],
  ['提单', '/v1/bol', 'user2', {}, bolExport, bols],
  ['提单', '/v1/bol', 'clerk', { status: 'DRAFT' }, bolExport, bols],
  ['报关交接', '/v1/declaration', 'clerk', {}, declarationExport, same],
  ['验针记录', '/v1/inspection', 'inspector', {}, inspectionExport, same],
  ['验针记录', '/v1/inspection', 'user', { result: 'fail' }, inspectionExport, same],
  ['散货订舱', '/v1/looseBooking', 'user', {}, looseExport, bookings],
  ['散货订舱', '/v1/looseBooking', 'clerk', { status: 'SUBMITTED' }, looseExport, bookings],
  ['订舱交接', '/v1/handover', 'clerk', {}, handoverExport, bookings],
  ['订舱交接', '/v1/handover', 'inspector', { sorter: 'cfsCutOff:ascend' }, handoverExport, bookings],
];

test.each(cases)('%s (%s) as %s, filter %j: the export is the list', async (label, path, as, filter, spec, enrich) => {
  const query = new URLSearchParams(filter).toString();
  const list = await t.call('GET', `${path}?current=1&pageSize=${path === '/v1/osbContainer' ? 100 : 500}&${query}`, {
    token: token[as],
  });
  expect(list.statusCode).toBe(200);
  const { data, total } = list.json();
  const file = await t.call('GET', `${path}/export?${query}`, { token: token[as] });
  expect(file.statusCode).toBe(200);
  expect(file.headers['content-disposition']).toContain(encodeURIComponent(`${label}-`));
  const rows = await sheetOf(file.rawPayload);
  expect(rows).toEqual(sheetRows(spec, (await enrich(t.app.db)(data as never[])) as never[]));
  expect(rows.length - 1).toBe(total);
});

test('the demo data gives each list something to export', async () => {
  const unfiltered = cases.filter(([, , as, filter]) => as !== 'user2' && Object.keys(filter).length === 0);
  for (const [, path, as] of unfiltered) {
    const file = await t.call('GET', `${path}/export`, { token: token[as] });
    expect([path, (await sheetOf(file.rawPayload)).length > 1]).toEqual([path, true]);
  }
});

test('a row’s freight is its containers’: a container’s as its page splits it, times the plan’s containers', async () => {
  const [box] = (await t.call('GET', '/v1/osbContainer?current=1&pageSize=1', { token: token.user })).json().data;
  const { freight } = (await t.call('GET', `/v1/osbContainer/${box.key}`, { token: token.user })).json();
  const cnyColumn = sheetHeader(containerExport).indexOf('运费（CNY）');
  const boxes = await sheetOf((await t.call('GET', '/v1/osbContainer/export', { token: token.user })).rawPayload);
  expect(boxes.find((row) => row[0] === box.key)?.[cnyColumn]).toBe(freight.cny);
  const plans = await sheetOf((await t.call('GET', '/v1/osbplan/export', { token: token.user })).rawPayload);
  const plan = plans.find((row) => row[0] === box.planKey)!;
  const quantity = plan[sheetHeader(planExport).indexOf('柜量')] as number;
  expect(plan[sheetHeader(planExport).indexOf('运费（CNY）')]).toBe(Math.round(freight.cny * 100 * quantity) / 100);
  // A loose booking: the settings' rate × its CBM, at least the minimum, as its page says.
  const [booking] = (await t.call('GET', '/v1/looseBooking?current=1&pageSize=1', { token: token.user })).json().data;
  const detail = (await t.call('GET', `/v1/looseBooking/${booking.key}`, { token: token.user })).json();
  const loose = await sheetOf((await t.call('GET', '/v1/looseBooking/export', { token: token.user })).rawPayload);
  const row = loose.find((cells) => cells[0] === booking.key)!;
  expect([row[sheetHeader(looseExport).indexOf('运费（CNY）')], detail.freight.totals]).toEqual([
    detail.freight.cny,
    [{ currency: 'USD', amount: Math.max(Math.round(38 * booking.cbm * 100), 7600) / 100 }],
  ]);
});

test('another customer’s rows never appear', async () => {
  const keysOf = async (as: DemoName) =>
    (await sheetOf((await t.call('GET', '/v1/osbplan/export', { token: token[as] })).rawPayload)).slice(1).map((row) => row[0]);
  const mine = await keysOf('user');
  const theirs = await keysOf('user2');
  expect(mine.length).toBeGreaterThan(0);
  expect(theirs.filter((key) => mine.includes(key))).toEqual([]);
});

test('a filter past the limit is refused before the file starts', async () => {
  const caller: SessionUser = { id: id.clerk, name: 'clerk', roles: ['documentClerk'], tokenHash: '' };
  const chunks = listPlans.chunks(t.app.db, caller, {}, 1, 1000);
  await expect(chunks.next()).rejects.toMatchObject({
    status: 422,
    code: 'TOO_MANY_ROWS',
    message: '导出最多 1 行，请缩小筛选范围',
  });
});

test('a bad filter is a 400 and an inspector cannot export plans', async () => {
  expect((await t.call('GET', '/v1/osbplan/export?status=NOPE', { token: token.user })).statusCode).toBe(400);
  expect((await t.call('GET', '/v1/osbplan/export', { token: token.inspector })).statusCode).toBe(403);
});
