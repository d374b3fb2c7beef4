/**
 * @jest-environment-options {"customExportConditions": ["node", "require", "default"]}
 */
// jsdom with node export conditions: the packing mock it moves lines of loads exceljs, which needs the node build of uuid.
// .tsx on purpose: umi's dev server loads every mock/**/*.[jt]s as mock routes, and must not load this test.
import type { BulkListResult } from '../contract/packing/schema';
import { mockCaller } from '../tests/support/mockCall';
import routes from './inspection';
import packingRoutes from './packing';

const call = mockCaller(routes);

test('the mock records a failed inspection of a waiting PO after a calibration, as the server does', async () => {
  const waiting = await call('GET /v1/inspection/queue', 'inspector', { query: { pageSize: '50' } });
  const [group] = waiting.body.data;
  const body = {
    lineKeys: group.lines.map((line: { key: string }) => line.key),
    versions: Object.fromEntries(group.lines.map((line: { key: string; version: number }) => [line.key, line.version])),
    mode: 'full',
    detectorId: 'MD-01',
    inspectedQty: group.totalQty,
    passedQty: group.totalQty - 1,
    alarmQty: 1,
    result: 'fail',
  };
  expect((await call('POST /v1/inspection', 'inspector', { body })).body.fields.detectorId).toContain('请先校准');
  expect(
    (await call('POST /v1/inspection/calibration', 'user', { body: { detectorId: 'MD-01', sensitivityFeMm: 1 } })).status,
  ).toBe(403);
  expect(
    (await call('POST /v1/inspection/calibration', 'inspector', { body: { detectorId: 'MD-01', sensitivityFeMm: 1 } })).status,
  ).toBe(201);
  expect(
    (await call('POST /v1/inspection', 'inspector', { body: { ...body, result: 'pass' } })).body.fields.result,
  ).toBeDefined();
  const saved = await call('POST /v1/inspection', 'inspector', { body });
  expect(saved.status).toBe(201);
  const lines = (await mockCaller(packingRoutes)('GET /v1/packing/bulkdata', 'clerk', { query: { pageSize: '100' } }))
    .body as BulkListResult;
  const lot = lines.data.filter((line) => body.lineKeys.includes(line.key));
  expect(lot.map((line) => [line.status, line.inspectionResult])).toEqual(lot.map(() => ['pendingInspection', 'fail']));
  const seen = await call('GET /v1/inspection', group.ownerName === '陈客户' ? 'user' : 'user2', { query: {} });
  expect(seen.body.data.map((record: { key: string }) => record.key)).toContain(saved.body.key);
});
