/**
 * @jest-environment-options {"customExportConditions": ["node", "require", "default"]}
 */
// .tsx on purpose: umi's dev server loads every mock/**/*.[jt]s as mock routes, and must not load this test.
import type { Bol } from '../contract/bol/schema';
import type { BulkLine } from '../contract/packing/schema';
import type { Container } from '../contract/container/schema';
import type { Order } from '../contract/order/schema';
import type { Plan } from '../contract/plan/schema';
import type { PriceMonth } from '../contract/price/schema';
import { addDays, chinaToday } from '../contract/plan/codes';
import { mockCaller } from '../tests/support/mockCall';
import bolRoutes from './bol';
import orderRoutes from './order';
import planRoutes from './plan';
import containerRoutes from './container';
import packingRoutes from './packing';
import priceRoutes from './price';

const call = mockCaller({ ...bolRoutes, ...planRoutes, ...orderRoutes, ...containerRoutes, ...packingRoutes, ...priceRoutes });

test('the mock drafts a B/L from a loaded box, sums its cargo, and walks it to 已放单 by the contract’s rules', async () => {
  const month = addDays(chinaToday(), 31).slice(0, 7);
  const query = { pol: 'CNSHA', pod: 'USLAX', containerType: '40HQ', month };
  const { cheapestKey } = (await call('GET /v1/osbPrice', 'user', { query })).body as PriceMonth;
  const plan = (
    await call('POST /v1/osbplan/', 'user', { body: { priceKey: cheapestKey, quantity: 1, osbFactory: 'SH-GARMENT' } })
  ).body as Plan;
  await call('PUT /v1/osbplan/:key', 'user', { params: { key: plan.key }, body: { status: 'SUBMITTED', version: plan.version } });
  const [order] = (await call('GET /v1/osbOrder', 'clerk', { query: { planKey: plan.key } })).body.data as Order[];
  await call('PATCH /v1/osbOrder/:key', 'clerk', {
    params: { key: order.key },
    body: { action: 'book', carrierBookingNo: 'MAEU777001', vessel: 'MAERSK ESSEN', voyage: '612E', version: order.version },
  });
  const box = (
    await call('POST /v1/osbplan/:planKey/container', 'user', {
      params: { planKey: plan.key },
      body: { containerNo: 'CSQU3054383', sealNo: 'SL123456' },
    })
  ).body as Container;
  const lines = (await call('GET /v1/packing/bulkdata', 'user', { query: { pageSize: '100' } })).body.data as BulkLine[];
  const line = lines.find(
    (l) => l.status === 'pendingConsolidation' && l.inspectionResult === 'pass' && /los angeles|uslax/i.test(l.destination),
  )!;
  const loaded = await call('PATCH /v1/bulkslist', 'user', {
    body: { keys: [line.key], versions: { [line.key]: line.version }, containerKey: box.key },
  });
  expect(loaded.status).toBe(200);

  const created = await call('POST /v1/bol', 'clerk', { body: { containerKeys: [box.key] } });
  expect(created.status).toBe(201);
  let bol = created.body as Bol;
  expect([bol.packages, bol.grossWeight, bol.cbm, bol.vessel]).toEqual([
    line.cartonCount,
    line.totalGw,
    line.cbm,
    'MAERSK ESSEN',
  ]);
  expect((await call('POST /v1/bol', 'clerk', { body: { containerKeys: [box.key] } })).status).toBe(409);
  const act = async (action: string, who: 'user' | 'clerk', extra: object = {}) => {
    const answer = await call('PATCH /v1/bol/:key', who, {
      params: { key: bol.key },
      body: { action, version: bol.version, ...extra },
    });
    if (answer.status === 200) bol = answer.body as Bol;
    return answer;
  };
  expect((await act('approve', 'user')).body.errorMessage).toBe(`提单 ${bol.key} 当前为「草稿」，不能确认提单`);
  expect((await act('submit', 'user')).status).toBe(403);
  const party = { name: 'ACME APPAREL INC.', address: ['1 MAIN STREET'] };
  const amended = await call('PUT /v1/bol/:key', 'clerk', {
    params: { key: bol.key },
    body: { consignee: party, notifyParty: party, hsCode: '6203420000', version: bol.version },
  });
  bol = amended.body as Bol;
  await act('submit', 'clerk');
  await act('approve', 'user');
  const today = chinaToday();
  if (bol.etd > today) {
    // No actual load on record and the sailing ahead: the day needs its reason, kept in the B/L's history.
    const refused = await act('issue', 'clerk', { onBoardDate: today });
    expect([refused.status, refused.body.fields?.onBoardReason]).toEqual([
      422,
      `尚无实际装船记录，开船日期 ${bol.etd} 也未到：请说明依据（如船公司装船确认）`,
    ]);
  }
  const early = { onBoardDate: today, onBoardReason: '船公司邮件确认已装船' };
  expect((await act('issue', 'clerk', bol.etd > today ? early : {})).status).toBe(200);
  expect((await act('release', 'clerk', { releaseType: 'TELEX' })).body.status).toBe('RELEASED');
  const dcsa = await call('GET /v1/bol/:key/dcsa', 'user', { params: { key: bol.key } });
  expect(dcsa.body.transportDocumentStatus).toBe('SURRENDERED_FOR_DELIVERY');
});
