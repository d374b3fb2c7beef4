/**
 * 扫描收货: the clerk scans a loose-cargo handover's cartons in by their SSCC. Each carton counts once (a repeat is
 * flagged), a carton of another booking or customer is refused with where it belongs, the detail shows received /
 * expected per line and the carton numbers still missing, a typed count may only add unscanned cartons with a note,
 * two clerks scanning at once lose nothing and count nothing twice, and the comparison shows the line that is short.
 */
import { and, count, eq } from 'drizzle-orm';
import type { ScanAnswer } from '../../contract/carton/schema';
import { compareEndpoints } from '../../contract/compare/schema';
import { gs1CheckDigit } from '../../contract/shared/gs1';
import type { LooseBooking, LooseDetail } from '../../contract/loose/schema';
import type { StickerSheet } from '../../contract/sticker/schema';
import { auditLog, cartonScans, looseBookings } from '../db/schema';
import { seedLookups } from '../domain/demo/packing';
import { createLine, setStatus } from '../testing/bulk';
import { createTestApp, type TestApp } from '../testing/harness';

let t: TestApp;
let user: string;
let other: string;
let clerk: string;
let clerk2: string;
let inspector: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedLookups(t.app.db);
  await t.addUser('hsuser', ['user']);
  await t.addUser('hsother', ['user']);
  await t.addUser('hsclerk', ['documentClerk']);
  await t.addUser('hsclerk2', ['documentClerk']);
  await t.addUser('hsinspector', ['inspector']);
  [user, other, clerk, clerk2, inspector] = await Promise.all(
    ['hsuser', 'hsother', 'hsclerk', 'hsclerk2', 'hsinspector'].map((name) => t.login(name)),
  );
});
afterAll(() => t.close());

let po = 0;
/** A confirmed loose booking of `token` with lines of `cartons` cartons, and the SSCCs of its cartons, by line. */
async function confirmedBooking(token: string, cartons: number[]) {
  const lines = [];
  const ssccs: string[][] = [];
  for (const count of cartons) {
    po += 1;
    const line = await createLine(t, token, { poNo: `PO-HS${po}`, cartonTo: count, destination: 'Hamburg' }, 'single');
    await setStatus(t, line.key, 'pendingConsolidation', 'pass');
    const sheet: StickerSheet = (await t.call('GET', `/v1/stickers?poNo=PO-HS${po}`, { token })).json();
    ssccs.push(sheet.stickers.map((sticker) => sticker.sscc));
    lines.push(line);
  }
  const versions = Object.fromEntries(lines.map((line) => [line.key, line.version]));
  const booked: LooseBooking = (
    await t.call('POST', '/v1/looseBooking', { token, body: { versions, forwarder: '德迅', cfsCutOff: '2099-12-01' } })
  ).json();
  const confirmed = await t.call('PATCH', `/v1/looseBooking/${booked.key}`, {
    token: clerk,
    body: { status: 'CONFIRMED', warehouseEntryNo: `JC-${booked.key}`, version: booked.version },
  });
  return { booking: confirmed.json<LooseBooking>(), lines, ssccs };
}

const scan = (key: string, sscc: string, token = clerk) => t.call('POST', `/v1/handover/${key}/scans`, { token, body: { sscc } });
const detail = async (key: string): Promise<LooseDetail> => (await t.call('GET', `/v1/handover/${key}`, { token: clerk })).json();
const scansOf = async (key: string) =>
  (await t.app.db.select({ n: count() }).from(cartonScans).where(eq(cartonScans.place, key)))[0].n;
const auditOf = async (key: string) =>
  (
    await t.app.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.entityKey, key), eq(auditLog.action, 'scan')))
  )[0].n;

it('counts a scanned carton once, flags a repeat, refuses a foreign one with its reason, and shows what is missing', async () => {
  const { booking, lines, ssccs } = await confirmedBooking(user, [6, 3]);
  const theirs = await confirmedBooking(other, [2]);

  const first = await scan(booking.key, `00${ssccs[0][0]}`);
  expect(first.statusCode).toBe(200);
  expect(first.json<ScanAnswer>()).toMatchObject({
    outcome: 'received',
    carton: { sscc: ssccs[0][0], cartonNo: 1, lineKey: lines[0].key, planKey: booking.key },
    line: { key: lines[0].key, cartonCount: 6, cartonsScanned: 1, missingCartons: '2–6' },
    scanned: 1,
    expected: 9,
    version: booking.version + 1,
  });
  const repeat = (await scan(booking.key, ssccs[0][0])).json<ScanAnswer>();
  expect([repeat.outcome, repeat.scanned, repeat.version]).toEqual(['repeated', 1, booking.version + 1]);

  const foreign = await scan(booking.key, theirs.ssccs[0][1]);
  expect([foreign.statusCode, foreign.json().errorCode]).toEqual([409, 'FOREIGN_CARTON']);
  expect(foreign.json().errorMessage).toBe(
    `PO ${theirs.lines[0].poNo} 第 2 箱不属于本票散货 ${booking.key}（散货订舱 ${theirs.booking.key}），请放回`,
  );
  const wrongDigit = `${ssccs[0][2].slice(0, 17)}${(Number(ssccs[0][2][17]) + 1) % 10}`;
  const badDigit = await scan(booking.key, wrongDigit);
  expect([badDigit.statusCode, badDigit.json().fields.sscc]).toEqual([
    422,
    `箱码校验位错误（第 18 位应为 ${ssccs[0][2][17]}），请重新扫描`,
  ]);
  const unprinted = '06901234999999999';
  const unknown = await scan(booking.key, `${unprinted}${gs1CheckDigit(unprinted)}`);
  expect([unknown.statusCode, unknown.json().errorMessage]).toEqual([
    404,
    `没有箱码 ${unprinted}${gs1CheckDigit(unprinted)} 的箱`,
  ]);
  expect((await scan(booking.key, ssccs[0][2], inspector)).statusCode).toBe(403);
  expect((await scan(booking.key, ssccs[0][2], user)).statusCode).toBe(403);
  expect((await scan('LB99999999', ssccs[0][2])).statusCode).toBe(404);

  for (const sscc of [...ssccs[0].slice(2, 5), ssccs[1][0], ssccs[1][2]])
    expect((await scan(booking.key, sscc)).statusCode).toBe(200);
  const shown = await detail(booking.key);
  expect(shown.lines.map((line) => [line.cartonsScanned, line.cartonCount, line.missingCartons])).toEqual([
    [4, 6, '2、6'],
    [2, 3, '2'],
  ]);
  expect([shown.cartonsScanned, shown.cartonsHandedOver, shown.cartonDifference]).toEqual([6, 6, -3]);
  expect([await scansOf(booking.key), await auditOf(booking.key)]).toEqual([6, 6]);
  // The refusals wrote nothing.
  expect(await scansOf(theirs.booking.key)).toBe(0);
});

it('takes a typed count only above the scans and with a note; scans stop once handed over; the comparison shows the short line', async () => {
  const { booking, lines, ssccs } = await confirmedBooking(user, [4, 4]);
  // The first line short of one carton, the second whole.
  for (const sscc of [...ssccs[0].slice(0, 3), ...ssccs[1]]) await scan(booking.key, sscc);
  const current = await detail(booking.key);
  const hand = (body: Record<string, unknown>) =>
    t.call('PATCH', `/v1/handover/${booking.key}`, { token: clerk, body: { ...body, version: current.version } });
  const documents = { packingList: true, invoice: true, entryNotice: true };
  const fewer = await hand({ cartonsHandedOver: 6 });
  expect([fewer.statusCode, fewer.json().fields]).toEqual([422, { cartonsHandedOver: '已扫描 7 箱，交接箱数不能少于扫描箱数' }]);
  const unexplained = await hand({ documents, cartonsHandedOver: 8, handedBy: '王师傅', status: 'HANDED_OVER' });
  expect([unexplained.statusCode, unexplained.json().fields]).toEqual([
    422,
    { differenceNote: '有 1 箱未扫描而手工计数，请在差异说明中写明原因（如无箱贴）' },
  ]);
  const handed = await hand({ documents, handedBy: '王师傅', status: 'HANDED_OVER' });
  expect(handed.statusCode).toBe(200);
  expect(handed.json<LooseBooking>()).toMatchObject({ cartonsHandedOver: 7, cartonsScanned: 7, cartonDifference: -1 });
  const late = await scan(booking.key, ssccs[0][3]);
  expect([late.statusCode, late.json().errorMessage]).toEqual([
    409,
    `订舱交接 ${booking.key} 当前为「已交接」，待交接时才能扫描收货`,
  ]);

  const summary = compareEndpoints.summary.response.parse(
    (await t.call('GET', `/v1/shipping/bulkdata/compare/summary?poNo=PO-HS`, { token: clerk })).json(),
  );
  const figures = (poNo: string) => summary.rows.find((row) => row.poNo === poNo);
  // The scans say which line is short: the first, although the typed-count rule would have blamed the last.
  expect(figures(lines[0].poNo)).toMatchObject({ packedCartons: 4, shippedCartons: 3 });
  expect(figures(lines[1].poNo)).toMatchObject({ packedCartons: 4, shippedCartons: 4 });
});

it('adds cartons counted by hand to the scanned ones, on the lines still short', async () => {
  const { booking, lines, ssccs } = await confirmedBooking(user, [3, 3]);
  await scan(booking.key, ssccs[1][0]);
  const current = await detail(booking.key);
  const handed = await t.call('PATCH', `/v1/handover/${booking.key}`, {
    token: clerk,
    body: {
      documents: { packingList: true, invoice: true, entryNotice: true },
      cartonsHandedOver: 4,
      differenceNote: '3 箱箱贴破损，手工点数',
      handedBy: '王师傅',
      status: 'HANDED_OVER',
      version: current.version,
    },
  });
  expect(handed.statusCode).toBe(200);
  const summary = compareEndpoints.summary.response.parse(
    (await t.call('GET', `/v1/shipping/bulkdata/compare/summary?poNo=PO-HS`, { token: clerk })).json(),
  );
  const shipped = (poNo: string) => summary.rows.find((row) => row.poNo === poNo)?.shippedCartons;
  // One scanned on the second line; the three typed fill the first line's unscanned cartons first.
  expect([shipped(lines[0].poNo), shipped(lines[1].poNo)]).toEqual([3, 1]);
});

it('loses no scan and counts no carton twice when two clerks scan into one handover at once', async () => {
  const { booking, ssccs } = await confirmedBooking(user, [30, 20]);
  const all = ssccs.flat();
  // The second clerk reaches another server process: scans of one process queue in it, those of two meet at the
  // handover's row lock.
  const another = await t.anotherServer();
  const scanThere = (sscc: string) =>
    another.inject({
      method: 'POST',
      url: `/v1/handover/${booking.key}/scans`,
      headers: { authorization: `Bearer ${clerk2}` },
      payload: { sscc },
    });
  // Both clerks scan every carton, the second in reverse order, all at once.
  const answers = await Promise.all([...all.map((sscc) => scan(booking.key, sscc, clerk)), ...[...all].reverse().map(scanThere)]);
  expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
  const outcomes = answers.map((answer) => answer.json<ScanAnswer>().outcome);
  expect(outcomes.filter((outcome) => outcome === 'received')).toHaveLength(50);
  expect(outcomes.filter((outcome) => outcome === 'repeated')).toHaveLength(50);
  const [row] = await t.app.db.select().from(looseBookings).where(eq(looseBookings.key, booking.key));
  expect([row.cartonsScanned, row.cartonsHandedOver, row.version - booking.version]).toEqual([50, 50, 50]);
  expect([await scansOf(booking.key), await auditOf(booking.key)]).toEqual([50, 50]);
  expect((await detail(booking.key)).lines.map((line) => line.missingCartons)).toEqual(['', '']);
});
