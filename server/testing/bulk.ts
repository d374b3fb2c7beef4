/** Helpers of the bulk-line API tests: valid inputs, lines made through the API, and the tables' state. */
import { asc, count, eq } from 'drizzle-orm';
import type { BulkCreate, BulkLine, BulkType } from '../../contract/packing/schema';
import { auditLog, bulkLineCounts, bulkLines } from '../db/schema';
import { BULK_ENTITY } from '../domain/packing/lines';
import type { TestApp } from './harness';

/** A valid line of the seeded lookups (F01, APP-INT): 10 cartons of 24 pieces. */
export function lineInput(overrides: Partial<BulkCreate> = {}): BulkCreate {
  return {
    odgItemNo: 'ODG240001',
    poNo: 'PO-T1',
    styleNo: 'TS-2025-01',
    colour: 'NAVY',
    factoryCode: 'F01',
    sizeGroup: 'APP-INT',
    sizeBreakdown: { S: 4, M: 8, L: 8, XL: 4 },
    packType: 'SCAS',
    cartonFrom: 1,
    cartonTo: 10,
    nwPerCtn: 8.4,
    gwPerCtn: 9.2,
    ctnL: 60,
    ctnW: 40,
    ctnH: 35,
    destination: 'Los Angeles',
    exFactoryDate: '2025-03-10',
    ...overrides,
  };
}

/** Creates a line through the API and answers it; fails the test when the server refuses. */
export async function createLine(
  t: TestApp,
  token: string,
  overrides: Partial<BulkCreate> = {},
  type: BulkType = 'multi',
): Promise<BulkLine> {
  const response = await t.call('POST', `/v1/packing/${type}/bulkdata`, { token, body: lineInput(overrides) });
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** Sets a line's status directly (the inspection and container features will do it through their own calls). */
export async function setStatus(
  t: TestApp,
  key: string,
  status: BulkLine['status'],
  inspectionResult: BulkLine['inspectionResult'] = 'pass',
) {
  await t.app.db.update(bulkLines).set({ status, inspectionResult }).where(eq(bulkLines.key, key));
}

/** Every line and the number of bulk audit rows: equal before and after a refused call means nothing changed. */
export async function bulkState(t: TestApp) {
  const lines = await t.app.db.select().from(bulkLines).orderBy(asc(bulkLines.key));
  const [{ n }] = await t.app.db.select({ n: count() }).from(auditLog).where(eq(auditLog.entity, BULK_ENTITY));
  return { lines, auditRows: n };
}

/** bulk_line_counts as the triggers keep it, and as a GROUP BY over the lines gives it (zero rows left out). */
export async function countersAndTruth(t: TestApp) {
  const key = (r: { owner: string; type: string; status: string }) => `${r.owner}/${r.type}/${r.status}`;
  const counters = (await t.app.db.select().from(bulkLineCounts))
    .filter((row) => row.n !== 0)
    .map((row) => `${key(row)}=${row.n}`)
    .sort();
  const truth = (
    await t.app.db
      .select({ owner: bulkLines.owner, type: bulkLines.type, status: bulkLines.status, n: count() })
      .from(bulkLines)
      .groupBy(bulkLines.owner, bulkLines.type, bulkLines.status)
  )
    .map((row) => `${key(row)}=${row.n}`)
    .sort();
  return { counters, truth };
}
