/**
 * @jest-environment-options {"customExportConditions": ["node", "require", "default"]}
 */
// .tsx on purpose: umi's dev server loads every mock/**/*.[jt]s as mock routes, and must not load this test.
import type { BulkLine } from '../contract/packing/schema';
import type { LooseBooking } from '../contract/loose/schema';
import { mockCaller } from '../tests/support/mockCall';
import looseRoutes from './loose';
import packingRoutes from './packing';

const call = mockCaller({ ...looseRoutes, ...packingRoutes });

test('the mock books 散货, confirms it and hands it over with a flagged shortfall by the contract’s rules', async () => {
  const query = { type: 'single', status: 'pendingConsolidation', current: '1', pageSize: '100' };
  const waiting = (await call('GET /v1/packing/bulkdata', 'user', { query })).body.data as BulkLine[];
  const lines = waiting.filter((line) => line.destination === waiting[0].destination).slice(0, 2);
  expect(lines.length).toBeGreaterThan(0);
  const versions = Object.fromEntries(lines.map((line) => [line.key, line.version]));
  const terms = { versions, forwarder: '德迅', cfsCutOff: '2099-01-01' };
  expect((await call('POST /v1/looseBooking', 'clerk', { body: terms })).status).toBe(403);
  let booking = (await call('POST /v1/looseBooking', 'user', { body: terms })).body as LooseBooking;
  expect(booking.cartonCount).toBe(lines.reduce((sum, line) => sum + line.cartonCount, 0));
  const confirm = (body: object, who = 'clerk') =>
    call('PATCH /v1/looseBooking/:key', who, { params: { key: booking.key }, body: { ...body, version: booking.version } });
  expect((await confirm({ status: 'CONFIRMED' })).body.fields).toEqual({ warehouseEntryNo: '请填写进仓编号' });
  expect((await confirm({ status: 'CONFIRMED', warehouseEntryNo: 'JC-1' }, 'user')).status).toBe(403);
  booking = (await confirm({ status: 'CONFIRMED', warehouseEntryNo: 'JC-1' })).body;
  const hand = async (body: object, who = 'clerk') => {
    const answer = await call('PATCH /v1/handover/:key', who, {
      params: { key: booking.key },
      body: { ...body, version: booking.version },
    });
    if (answer.status === 200) booking = answer.body as LooseBooking;
    return answer;
  };
  expect((await hand({ status: 'HANDED_OVER' })).body.fields.documents).toBe('缺少单证：装箱单、发票、进仓通知');
  const documents = { packingList: true, invoice: true, entryNotice: true };
  await hand({ documents, cartonsHandedOver: booking.cartonCount - 2, handedBy: '张三', status: 'HANDED_OVER' });
  expect([booking.status, booking.cartonDifference]).toEqual(['HANDED_OVER', -2]);
  expect((await hand({ needleChecked: true })).status).toBe(403);
  expect((await hand({ needleChecked: true }, 'inspector')).status).toBe(200);
  expect((await hand({ status: 'RECEIVED' })).body.fields).toEqual({
    differenceNote: '交接箱数比订舱少 2 箱，请填写差异说明',
  });
  expect((await hand({ differenceNote: '漏送', status: 'RECEIVED' })).status).toBe(200);
  const detail = (await call('GET /v1/handover/:key', 'inspector', { params: { key: booking.key } })).body;
  expect(detail.history.map((h: { to: string }) => h.to)).toEqual(['SUBMITTED', 'CONFIRMED', 'HANDED_OVER', 'RECEIVED']);
  expect(detail.lines.map((line: { key: string }) => line.key).sort()).toEqual(lines.map((line) => line.key).sort());
});
