/**
 * 散货订舱 and 订舱交接: a customer books their waiting 散货 lines (one destination, versions checked), the clerk
 * confirms with the warehouse entry number or either cancels (the lines wait again); the handover refused while
 * a document is missing or more cartons than booked are counted, the shortfall flagged and explained before
 * 已入仓, the needle check the inspector's alone; the three roles and another customer; refusals change nothing.
 */
import { asc, count, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { compareEndpoints } from '../../contract/compare/schema';
import { handoverEndpoints, looseEndpoints, type LooseBooking } from '../../contract/loose/schema';
import { auditLog, bulkLines, looseBookings } from '../db/schema';
import { seedLookups } from '../domain/demo/packing';
import { createLine, setStatus } from '../testing/bulk';
import { createTestApp, type TestApp } from '../testing/harness';
import { todosOf } from '../testing/notices';

let t: TestApp;
let user: string;
let user2: string;
let clerk: string;
let inspector: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedLookups(t.app.db);
  await t.addUser('lcuser', ['user']);
  await t.addUser('lcuser2', ['user']);
  await t.addUser('lcclerk', ['documentClerk']);
  await t.addUser('lcinspector', ['inspector']);
  [user, user2, clerk, inspector] = await Promise.all(['lcuser', 'lcuser2', 'lcclerk', 'lcinspector'].map((n) => t.login(n)));
});
afterAll(() => t.close());

let po = 0;
/** Waiting 散货 lines of `token` (10 and 5 cartons), inspected and passed. */
async function waitingLines(token = user, destination = 'Hamburg') {
  const lines = [];
  for (const cartons of [10, 5]) {
    po += 1;
    const line = await createLine(t, token, { poNo: `PO-LC${po}`, cartonTo: cartons, destination }, 'single');
    await setStatus(t, line.key, 'pendingConsolidation', 'pass');
    lines.push(line);
  }
  return lines;
}
const versionsOf = (lines: { key: string; version: number }[]) => Object.fromEntries(lines.map((l) => [l.key, l.version]));
const book = (lines: { key: string; version: number }[], token = user, extra: Record<string, unknown> = {}) =>
  t.call('POST', '/v1/looseBooking', {
    token,
    body: { versions: versionsOf(lines), forwarder: '德迅 Kuehne+Nagel', cfsCutOff: '2099-12-01', ...extra },
  });
const patch = (b: LooseBooking, body: Record<string, unknown>, token = clerk) =>
  t.call('PATCH', `/v1/looseBooking/${b.key}`, { token, body: { ...body, version: b.version } });
const hand = (b: LooseBooking, body: Record<string, unknown>, token = clerk) =>
  t.call('PATCH', `/v1/handover/${b.key}`, { token, body: { ...body, version: b.version } });
const allDocuments = { packingList: true, invoice: true, entryNotice: true };
async function state() {
  const [bookings, lines, [{ n }]] = await Promise.all([
    t.app.db.select().from(looseBookings).orderBy(asc(looseBookings.key)),
    t.app.db.select().from(bulkLines).orderBy(asc(bulkLines.key)),
    t.app.db.select({ n: count() }).from(auditLog),
  ]);
  return { bookings, lines, audit: n };
}
const statusesOf = async (keys: string[]) =>
  (
    await t.app.db
      .select({ status: bulkLines.status, planKey: bulkLines.planKey })
      .from(bulkLines)
      .where(inArray(bulkLines.key, keys))
  )
    .map((line) => `${line.status}:${line.planKey ?? ''}`)
    .sort();

it('books the customer’s waiting 散货 lines with their totals; the lines are booked on it', async () => {
  const lines = await waitingLines();
  const created = await book(lines, user, { remark: '易碎' });
  expect(created.statusCode).toBe(201);
  const booking = looseEndpoints.create.response.parse(created.json());
  expect(booking).toMatchObject({
    destination: 'Hamburg',
    status: 'SUBMITTED',
    lineCount: 2,
    cartonCount: 15,
    totalQty: 15 * 24,
    totalGw: 138,
    cbm: 1.26,
    cartonsHandedOver: null,
    cartonDifference: null,
  });
  expect(await statusesOf(lines.map((l) => l.key))).toEqual([`allocated:${booking.key}`, `allocated:${booking.key}`]);
  const detail = looseEndpoints.get.response.parse(
    (await t.call('GET', `/v1/looseBooking/${booking.key}`, { token: user })).json(),
  );
  expect(detail.lines.map((l) => l.cartonCount)).toEqual([10, 5]);
  expect(detail.history.map((h) => h.to)).toEqual(['SUBMITTED']);
});

it('refuses lines that are not the caller’s, not 散货, not waiting, of two destinations or stale; nothing changes', async () => {
  const [mine] = await waitingLines();
  const [theirs] = await waitingLines(user2);
  const [hamburg] = await waitingLines(user, 'Hamburg');
  const [la] = await waitingLines(user, 'Los Angeles');
  const multi = await createLine(t, user, { poNo: 'PO-LCM', cartonTo: 2 });
  await setStatus(t, multi.key, 'pendingConsolidation', 'pass');
  const pending = await createLine(t, user, { poNo: 'PO-LCP', cartonTo: 2 }, 'single');
  const before = await state();
  expect((await book([mine, theirs])).statusCode).toBe(404);
  expect((await book([multi])).json().errorCode).toBe('NOT_LOOSE');
  expect((await book([pending])).json().errorCode).toBe('NOT_READY');
  const mixed = await book([hamburg, la]);
  expect([mixed.statusCode, mixed.json().errorMessage]).toEqual([
    409,
    '一票散货只能有一个目的地，所选明细有：Hamburg、Los Angeles',
  ]);
  expect((await book([{ ...mine, version: 9 }])).json().errorCode).toBe('VERSION_CONFLICT');
  const past = await book([mine], user, { cfsCutOff: '2020-01-01' });
  expect([past.statusCode, past.json().fields]).toEqual([422, { cfsCutOff: '截仓时间不能早于今天' }]);
  expect((await book([mine], user, { forwarder: '' })).statusCode).toBe(422);
  expect((await book([], user)).statusCode).toBe(422);
  for (const token of [clerk, inspector]) expect((await book([mine], token)).statusCode).toBe(403);
  expect(await state()).toEqual(before);
});

it('is confirmed by the clerk with the warehouse entry number; a cancel lets the lines wait again', async () => {
  const lines = await waitingLines();
  let booking: LooseBooking = (await book(lines)).json();
  const before = await state();
  expect((await patch(booking, { status: 'CONFIRMED', warehouseEntryNo: 'X1' }, user)).statusCode).toBe(403);
  const bare = await patch(booking, { status: 'CONFIRMED' });
  expect([bare.statusCode, bare.json().fields]).toEqual([422, { warehouseEntryNo: '请填写进仓编号' }]);
  expect((await patch(booking, { forwarder: '别家' }, user2)).statusCode).toBe(404);
  expect(await state()).toEqual(before);
  booking = (await patch(booking, { forwarder: '德迅', cfsCutOff: '2099-12-02' }, user)).json();
  booking = (await patch(booking, { status: 'CONFIRMED', warehouseEntryNo: 'JC-2026-0001' })).json();
  expect([booking.status, booking.warehouseEntryNo, booking.forwarder]).toEqual(['CONFIRMED', 'JC-2026-0001', '德迅']);
  const late = await patch(booking, { status: 'CANCELLED' }, user);
  expect([late.statusCode, late.json().errorMessage]).toEqual([
    409,
    `散货订舱 ${booking.key} 当前为「已确认」，不能改为「已取消」`,
  ]);
  expect((await patch(booking, { remark: '改' }, user)).statusCode).toBe(409);

  const other = await waitingLines();
  const cancelled: LooseBooking = (await patch((await book(other)).json(), { status: 'CANCELLED' }, user)).json();
  expect(cancelled.status).toBe('CANCELLED');
  expect(await statusesOf(other.map((l) => l.key))).toEqual(['pendingConsolidation:', 'pendingConsolidation:']);
  const listed = await t.call('GET', '/v1/looseBooking?status=CONFIRMED', { token: user });
  expect(listed.json().data.map((b: LooseBooking) => b.key)).toContain(booking.key);
  expect((await t.call('GET', `/v1/looseBooking/${booking.key}`, { token: user2 })).statusCode).toBe(404);
  expect((await t.call('GET', '/v1/looseBooking', { token: inspector })).statusCode).toBe(403);
});

it('the list filters as contract/loose describes: a key or destination by its start, in any case', async () => {
  const booking: LooseBooking = (await book(await waitingLines(user, 'Rotterdam Maasvlakte'))).json();
  const keysOf = async (query: string) =>
    (await t.call('GET', `/v1/looseBooking?${query}`, { token: user })).json().data.map((b: LooseBooking) => b.key);
  for (const query of ['destination=rotterdam', 'destination=ROTTERDAM%20M', `key=${booking.key.toLowerCase()}`]) {
    expect(await keysOf(query)).toEqual([booking.key]);
  }
  expect(await keysOf('destination=Maasvlakte')).toEqual([]);
  expect(await keysOf('destination=r%25')).toEqual([]);
});

it('a booking is the clerks’ to-do until one confirms it or the customer cancels it', async () => {
  const todosAbout = async (key: string) => (await todosOf(t, clerk, key)).map((n) => [n.status, n.read]);
  const toConfirm: LooseBooking = (await book(await waitingLines())).json();
  const toCancel: LooseBooking = (await book(await waitingLines())).json();
  expect([await todosAbout(toConfirm.key), await todosAbout(toCancel.key)]).toEqual([[['todo', false]], [['todo', false]]]);
  expect((await patch(toConfirm, { status: 'CONFIRMED', warehouseEntryNo: 'JC-TODO-1' })).statusCode).toBe(200);
  expect((await patch(toCancel, { status: 'CANCELLED' }, user)).statusCode).toBe(200);
  expect([await todosAbout(toConfirm.key), await todosAbout(toCancel.key)]).toEqual([[['done', true]], [['done', true]]]);
});

async function confirmed() {
  const lines = await waitingLines();
  const booking: LooseBooking = (await book(lines)).json();
  return {
    lines,
    booking: (await patch(booking, { status: 'CONFIRMED', warehouseEntryNo: `JC-${booking.key}` })).json() as LooseBooking,
  };
}

it('hands over only with every document and no more cartons than booked; a shortfall is flagged and explained', async () => {
  const { lines, booking: confirmedBooking } = await confirmed();
  let booking = confirmedBooking;
  const before = await state();
  const early = await hand(booking, { status: 'HANDED_OVER' });
  expect([early.statusCode, early.json().fields]).toEqual([
    422,
    { documents: '缺少单证：装箱单、发票、进仓通知', cartonsHandedOver: '请填写交接箱数', handedBy: '请填写交接人' },
  ]);
  const over = await hand(booking, { cartonsHandedOver: 16 });
  expect([over.statusCode, over.json().fields]).toEqual([422, { cartonsHandedOver: '交接箱数 16 多于订舱箱数 15' }]);
  expect((await hand(booking, { cartonsHandedOver: -1 })).statusCode).toBe(422);
  expect((await hand(booking, { needleChecked: true })).json().errorMessage).toBe('验针确认须由验针员操作');
  expect((await hand(booking, { handedBy: '张三' }, inspector)).statusCode).toBe(403);
  expect((await hand(booking, { needleChecked: true }, inspector)).json().errorCode).toBe('NOT_HANDED_OVER');
  for (const token of [user, user2]) expect((await hand(booking, { handedBy: '张三' }, token)).statusCode).toBe(403);
  expect(await state()).toEqual(before);

  booking = (
    await hand(booking, { documents: { ...allDocuments, invoice: false }, cartonsHandedOver: 13, handedBy: '张三' })
  ).json();
  expect(booking.cartonDifference).toBe(-2);
  const missing = await hand(booking, { status: 'HANDED_OVER' });
  expect([missing.statusCode, missing.json().fields]).toEqual([422, { documents: '缺少单证：发票' }]);
  booking = (await hand(booking, { documents: allDocuments, status: 'HANDED_OVER' })).json();
  expect([booking.status, booking.handedAt !== null]).toEqual(['HANDED_OVER', true]);
  expect(await statusesOf(lines.map((l) => l.key))).toEqual([`shipped:${booking.key}`, `shipped:${booking.key}`]);
  expect((await hand(booking, { cartonsHandedOver: 15 })).statusCode).toBe(409);

  const unchecked = await hand(booking, { status: 'RECEIVED' });
  expect([unchecked.statusCode, unchecked.json().fields]).toEqual([
    422,
    { needleChecked: '验针员尚未确认交接的货物已验针', differenceNote: '交接箱数比订舱少 2 箱，请填写差异说明' },
  ]);
  booking = (await hand(booking, { needleChecked: true }, inspector)).json();
  expect([booking.needleCheckedByName, booking.needleCheckedAt !== null]).toEqual(['测试用户', true]);
  const unexplained = await hand(booking, { status: 'RECEIVED' });
  expect(unexplained.json().fields).toEqual({ differenceNote: '交接箱数比订舱少 2 箱，请填写差异说明' });
  booking = (await hand(booking, { differenceNote: '2 箱工厂漏送，下票补', status: 'RECEIVED' })).json();
  expect(booking.status).toBe('RECEIVED');
  const stale = await hand({ ...booking, version: 1 }, { differenceNote: 'x' });
  expect(stale.json().errorCode).toBe('VERSION_CONFLICT');
  expect((await hand(booking, { differenceNote: 'x' })).statusCode).toBe(409);

  const detail = handoverEndpoints.get.response.parse(
    (await t.call('GET', `/v1/handover/${booking.key}`, { token: inspector })).json(),
  );
  expect(detail.history.map((h) => h.to)).toEqual(['SUBMITTED', 'CONFIRMED', 'HANDED_OVER', 'RECEIVED']);
});

it('lists handovers from 已确认 on for the clerk and the inspector, a customer’s own only', async () => {
  const { booking } = await confirmed();
  const submitted: LooseBooking = (await book(await waitingLines())).json();
  const own = (await t.call('GET', '/v1/handover?pageSize=100', { token: user })).json().data.map((b: LooseBooking) => b.key);
  expect(own).toContain(booking.key);
  expect(own).not.toContain(submitted.key);
  expect((await t.call('GET', '/v1/handover', { token: user2 })).json().data.map((b: LooseBooking) => b.owner)).not.toContain(
    booking.owner,
  );
  for (const token of [clerk, inspector]) {
    const listed = await t.call('GET', '/v1/handover?status=CONFIRMED&pageSize=100', { token });
    expect(listed.json().data.map((b: LooseBooking) => b.key)).toContain(booking.key);
  }
  expect((await t.call('GET', `/v1/handover/${submitted.key}`, { token: clerk })).statusCode).toBe(404);
  expect((await t.call('GET', `/v1/handover/${booking.key}`, { token: user2 })).statusCode).toBe(404);
  expect((await t.call('GET', '/v1/handover?status=SUBMITTED', { token: clerk })).statusCode).toBe(400);
});

it('a short handover is a shortfall on the comparison: the booking’s last cartons were not shipped, page and workbook', async () => {
  const { lines, booking: confirmedBooking } = await confirmed();
  const handed = (
    await hand(confirmedBooking, { documents: allDocuments, cartonsHandedOver: 13, handedBy: '李四', status: 'HANDED_OVER' })
  ).json() as LooseBooking;
  expect(handed.cartonDifference).toBe(-2);
  const [first, last] = lines;
  const summary = compareEndpoints.summary.response.parse(
    (await t.call('GET', `/v1/shipping/bulkdata/compare/summary?poNo=${first.poNo.slice(0, -1)}`, { token: clerk })).json(),
  );
  const figures = (poNo: string) => summary.rows.find((row) => row.poNo === poNo);
  // The booking's last line (5 cartons) misses the 2; its first (10 cartons) shipped whole.
  expect(figures(last.poNo)).toMatchObject({ packedCartons: 5, shippedCartons: 3, packedQty: last.totalQty });
  expect(figures(last.poNo)?.shippedQty).toBe((last.totalQty / 5) * 3);
  expect(figures(first.poNo)).toMatchObject({ packedCartons: 10, shippedCartons: 10 });
  // Those with a difference first.
  const at = (poNo: string) => summary.rows.findIndex((row) => row.poNo === poNo);
  expect(at(last.poNo)).toBeLessThan(at(first.poNo));

  const file = await t.call('GET', `/v1/shipping/bulkdata/compare?poNo=${last.poNo}`, { token: clerk });
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
  const row = book.getWorksheet('汇总')!.getRow(3);
  expect(row.getCell(1).value).toBe(last.poNo);
  expect([row.getCell(7).value, row.getCell(8).value]).toEqual([-2, -(last.totalQty / 5) * 2]);
  expect((row.getCell(7).fill as ExcelJS.FillPattern).fgColor?.argb).toBe('FFFFC7CE');
});
