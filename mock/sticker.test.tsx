/**
 * @jest-environment-options {"customExportConditions": ["node", "require", "default"]}
 */
// .tsx on purpose: umi's dev server loads every mock/**/*.[jt]s as mock routes, and must not load this test.
import { gs1CheckDigit } from '../contract/shared/gs1';
import { mockCaller } from '../tests/support/mockCall';
import packingRoutes from './packing';
import routes from './sticker';

const call = mockCaller(routes);

test('the mock gives a demo PO one sticker per carton, the same SSCCs on a reprint, none to another customer', async () => {
  const lines = (await mockCaller(packingRoutes)('GET /v1/packing/bulkdata', 'user', { query: { pageSize: '100' } })).body.data;
  const poNo: string = lines[0].poNo;
  const cartons = lines
    .filter((line: { poNo: string }) => line.poNo === poNo)
    .reduce((sum: number, line: { cartonCount: number }) => sum + line.cartonCount, 0);
  const first = await call('GET /v1/stickers', 'user', { query: { poNo } });
  expect(first.body.stickers).toHaveLength(cartons);
  for (const { sscc } of first.body.stickers) expect(Number(sscc[17])).toBe(gs1CheckDigit(sscc.slice(0, 17)));
  expect((await call('GET /v1/stickers', 'user', { query: { poNo } })).body.stickers).toEqual(first.body.stickers);
  expect((await call('GET /v1/stickers', 'user2', { query: { poNo } })).status).toBe(404);
  expect((await call('GET /v1/stickers', 'user', { query: {} })).status).toBe(400);
});
