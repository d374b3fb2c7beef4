/**
 * A stored bulk line for tests of the front end and the contract: a valid line of the demo lookups (F01,
 * APP-INT), with its totals computed by the contract's rules from the figures given, so that a test changing the
 * cartons or the size breakdown gets totals that agree. Totals given explicitly win.
 */
import type { BulkLine } from './bulk';
import { computeBulkTotals, computedBulkFields } from './bulkRules';

const base: BulkLine = {
  key: 'BD000001',
  type: 'multi',
  odgItemNo: 'ODG240001',
  poNo: '4500123456',
  styleNo: 'TS-2025-01',
  colour: 'NAVY',
  factoryCode: 'F01',
  sizeGroup: 'APP-INT',
  sizeBreakdown: { S: 4, M: 8 },
  packType: 'SCAS',
  cartonFrom: 1,
  cartonTo: 40,
  nwPerCtn: 8.4,
  gwPerCtn: 9.2,
  ctnL: 60,
  ctnW: 40,
  ctnH: 35,
  destination: 'Los Angeles',
  exFactoryDate: '2025-03-10',
  status: 'pendingInspection',
  inspectionResult: null,
  planKey: null,
  containerKey: null,
  owner: '1',
  version: 1,
  createdAt: '2025-01-02T08:00:00.000Z',
  updatedAt: '2025-01-02T08:00:00.000Z',
  ...computeBulkTotals({
    cartonFrom: 1,
    cartonTo: 40,
    sizeBreakdown: { S: 4, M: 8 },
    nwPerCtn: 8.4,
    gwPerCtn: 9.2,
    ctnL: 60,
    ctnW: 40,
    ctnH: 35,
  }),
};

export function bulkLineFixture(over: Partial<BulkLine> = {}): BulkLine {
  const line = { ...base, ...over };
  const givenTotals = Object.fromEntries(
    computedBulkFields.filter((field) => field in over).map((field) => [field, over[field]]),
  );
  return { ...line, ...computeBulkTotals(line), ...givenTotals };
}
