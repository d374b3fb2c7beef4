/**
 * @jest-environment-options {"customExportConditions": ["node", "require", "default"]}
 */
// jsdom with node export conditions: the price mock loads exceljs, which needs the node build of uuid.
// .tsx on purpose: umi's dev server loads every mock/**/*.[jt]s as mock routes, and must not load this test.
import type { Order } from '../contract/order/schema';
import type { Plan, PlanChange } from '../contract/plan/schema';
import type { PriceMonth } from '../contract/price/schema';
import { addDays, chinaToday } from '../contract/plan/codes';
import { mockCaller } from '../tests/support/mockCall';
import orderRoutes from './order';
import planRoutes from './plan';
import priceRoutes from './price';
import settingRoutes from './setting';

const call = mockCaller({ ...planRoutes, ...orderRoutes, ...priceRoutes, ...settingRoutes });

test('the mock books the cheapest sailing, confirms it through the order and applies an approved change', async () => {
  const dict = await call('GET /v1/osbDict', 'user');
  expect(dict.body.ports.length).toBeGreaterThan(5);
  const month = (
    await call('GET /v1/osbPrice', 'user', {
      query: { pol: 'CNSHA', pod: 'USLAX', containerType: '40HQ', month: chinaToday().slice(0, 7) },
    })
  ).body as PriceMonth;
  const next = (
    await call('GET /v1/osbPrice', 'user', {
      // Next month: this month's sailings may all be past their 截单 near its end.
      query: { pol: 'CNSHA', pod: 'USLAX', containerType: '40HQ', month: addDays(chinaToday(), 31).slice(0, 7) },
    })
  ).body as PriceMonth;
  const cheapestKey = month.cheapestKey ?? next.cheapestKey;
  expect(cheapestKey).toBeTruthy();
  expect((await call('PUT /v1/osbPrice', 'user', { body: { prices: [] } })).status).toBe(403);

  const created = await call('POST /v1/osbplan/', 'user', {
    body: { priceKey: cheapestKey, quantity: 2, osbFactory: 'SH-GARMENT' },
  });
  expect(created.status).toBe(201);
  const draft = created.body as Plan;
  const submitted = (
    await call('PUT /v1/osbplan/:key', 'user', {
      params: { key: draft.key },
      body: { status: 'SUBMITTED', version: draft.version },
    })
  ).body as Plan;
  expect(submitted.status).toBe('SUBMITTED');
  const again = await call('PUT /v1/osbplan/:key', 'user', {
    params: { key: draft.key },
    body: { quantity: 3, version: submitted.version },
  });
  expect([again.status, again.body.errorCode]).toEqual([409, 'NOT_DRAFT']);

  const [order] = (await call('GET /v1/osbOrder', 'clerk', { query: { planKey: draft.key } })).body.data as Order[];
  const booked = await call('PATCH /v1/osbOrder/:key', 'clerk', {
    params: { key: order.key },
    body: { action: 'book', carrierBookingNo: 'MAEU123456', vessel: 'MAERSK ESSEN', voyage: '612E', version: order.version },
  });
  expect(booked.body).toMatchObject({ status: 'BOOKED', siCutoff: expect.any(String) });
  const confirmed = (await call('GET /v1/osbplan/:key', 'user', { params: { key: draft.key } })).body;
  expect(confirmed.status).toBe('CONFIRMED');

  const change = (
    await call('POST /v1/osbplan/:planKey/change', 'user', {
      params: { planKey: draft.key },
      body: { changeType: 'quantity', quantity: 3, reason: '追加', version: confirmed.version },
    })
  ).body as PlanChange;
  expect(change.status).toBe('PENDING');
  const twice = await call('POST /v1/osbplan/:planKey/change', 'user', {
    params: { planKey: draft.key },
    body: { changeType: 'cancel', reason: '不要了', version: confirmed.version },
  });
  expect(twice.status).toBe(409);
  await call('PATCH /v1/osbChange/:key', 'clerk', {
    params: { key: change.key },
    body: { decision: 'approve', version: change.version },
  });
  const after = (await call('GET /v1/osbplan/:key', 'user', { params: { key: draft.key } })).body;
  expect([after.quantity, after.changes[0].status]).toEqual([3, 'APPROVED']);
  expect(after.history.map((h: { to: string }) => h.to)).toEqual(['DRAFT', 'SUBMITTED', 'CONFIRMED']);
  expect((await call('GET /v1/osbplan/:key', 'user2', { params: { key: draft.key } })).status).toBe(404);
});
