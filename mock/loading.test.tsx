/**
 * @jest-environment-options {"customExportConditions": ["node", "require", "default"]}
 */
// .tsx on purpose: umi's dev server loads every mock/**/*.[jt]s as mock routes, and must not load this test.
import type { BulkLine } from '../contract/packing/schema';
import type { Container } from '../contract/container/schema';
import type { GoodsGroup } from '../contract/goods/schema';
import type { Order } from '../contract/order/schema';
import type { Plan } from '../contract/plan/schema';
import type { PriceMonth } from '../contract/price/schema';
import { addDays, chinaToday } from '../contract/plan/codes';
import { mockCaller } from '../tests/support/mockCall';
import orderRoutes from './order';
import planRoutes from './plan';
import containerRoutes from './container';
import goodsRoutes from './goods';
import packingRoutes from './packing';
import priceRoutes from './price';

const call = mockCaller({ ...planRoutes, ...orderRoutes, ...containerRoutes, ...goodsRoutes, ...packingRoutes, ...priceRoutes });

/** A plan of `user` booked from next month's cheapest sailing, submitted and booked by the clerk. */
async function confirmedPlan(): Promise<Plan> {
  const month = addDays(chinaToday(), 31).slice(0, 7);
  const query = { pol: 'CNSHA', pod: 'USLAX', containerType: '40HQ', month };
  const { cheapestKey } = (await call('GET /v1/osbPrice', 'user', { query })).body as PriceMonth;
  const draft = (
    await call('POST /v1/osbplan/', 'user', { body: { priceKey: cheapestKey, quantity: 1, osbFactory: 'SH-GARMENT' } })
  ).body as Plan;
  await call('PUT /v1/osbplan/:key', 'user', {
    params: { key: draft.key },
    body: { status: 'SUBMITTED', version: draft.version },
  });
  const [order] = (await call('GET /v1/osbOrder', 'clerk', { query: { planKey: draft.key } })).body.data as Order[];
  await call('PATCH /v1/osbOrder/:key', 'clerk', {
    params: { key: order.key },
    body: { action: 'book', carrierBookingNo: 'MAEU654321', vessel: 'MAERSK ESSEN', voyage: '612E', version: order.version },
  });
  return (await call('GET /v1/osbplan/:key', 'user', { params: { key: draft.key } })).body as Plan;
}

test('the mock loads a waiting line into a box of a confirmed plan by the contract’s rules, and takes it out', async () => {
  const plan = await confirmedPlan();
  expect(plan.status).toBe('CONFIRMED');
  const box = (await call('POST /v1/osbplan/:planKey/container', 'user', { params: { planKey: plan.key }, body: {} }))
    .body as Container;
  const lines = (await call('GET /v1/packing/bulkdata', 'user', { query: { pageSize: '100' } })).body.data as BulkLine[];
  const waiting = lines.find((line) => line.status === 'pendingConsolidation' && line.inspectionResult === 'pass')!;
  const send = (line: BulkLine, containerKey: string | null) =>
    call('PATCH /v1/bulkslist', 'user', { body: { keys: [line.key], versions: { [line.key]: line.version }, containerKey } });

  const destined = async (line: BulkLine, destination: string) =>
    (
      await call('PATCH /v1/bulkslist', 'user', {
        body: { keys: [line.key], versions: { [line.key]: line.version }, changes: { destination } },
      })
    ).body[0] as BulkLine;

  const hamburg = await destined(waiting, 'Hamburg');
  const elsewhere = await send(hamburg, box.key);
  expect([elsewhere.status, elsewhere.body.errorMessage]).toEqual([
    409,
    `明细 ${waiting.key} 的目的地 Hamburg 与计划目的港 ${plan.pod} 不符`,
  ]);
  const moved = await destined(hamburg, plan.pod);
  const loaded = await send(moved, box.key);
  expect([loaded.status, loaded.body[0].status, loaded.body[0].containerKey]).toEqual([200, 'allocated', box.key]);
  expect((await call('GET /v1/osbplan/:key', 'user', { params: { key: plan.key } })).body.status).toBe('LOADING');
  const out = await send(loaded.body[0], null);
  expect([out.status, out.body[0].status, out.body[0].containerKey]).toEqual([200, 'pendingConsolidation', null]);
  expect((await send(out.body[0], null)).body.errorCode).toBe('NOT_LOADED');
});

test('the mock groups the waiting goods by week and destination, with the boxes suggested, the customer’s only', async () => {
  const goods = (await call('GET /v1/osbGoods', 'user', { query: { pageSize: '50' } })).body as { data: GoodsGroup[] };
  expect(goods.data.length).toBeGreaterThan(0);
  for (const group of goods.data) {
    expect(group.suggestion.length).toBeGreaterThan(0);
    expect(group.lineCount).toBe(group.lines.length);
  }
  const weeks = goods.data.map((group) => group.week);
  expect(weeks).toEqual([...weeks].sort());
  expect((await call('GET /v1/osbGoods', 'clerk')).status).toBe(403);
});
