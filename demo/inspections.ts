/**
 * The demo 验针 records: the demo lines already carry an inspection result (demo/bulkLines.ts); each customer's PO
 * gets the record behind it — one per PO and result, by the demo inspector on detector MD-01, dated when its
 * lines were last changed. A pure builder, so that the server's demo seed and the umi mock show the same records.
 */
import { lotOf, type LotLine } from '../contract/inspection/codes';
import type { InspectionResult } from '../contract/packing/codes';

type InspectedLine = LotLine & { inspectionResult: InspectionResult | null; updatedAt: Date };

/** The records of a customer's inspected lines (ordered by PO and carton), as the values of new rows. */
export function demoInspectionValues(lines: readonly InspectedLine[]) {
  const lots = new Map<string, InspectedLine[]>();
  for (const line of lines.filter((candidate) => candidate.inspectionResult)) {
    const id = `${line.poNo}/${line.inspectionResult}`;
    lots.set(id, [...(lots.get(id) ?? []), line]);
  }
  return [...lots.values()].map((lot) => {
    const failed = lot[0].inspectionResult === 'fail';
    const at = new Date(Math.max(...lot.map((line) => line.updatedAt.getTime())));
    const figures = lotOf(lot);
    return {
      ...figures,
      mode: 'sample' as const,
      detectorId: 'MD-01',
      sensitivityFeMm: 1.0,
      calibratedAt: new Date(at.getTime() - 20 * 60_000),
      inspectedQty: figures.sampleSize,
      passedQty: failed ? figures.sampleSize - 1 : figures.sampleSize,
      alarmQty: failed ? 1 : 0,
      fragments: failed ? [{ type: 'brokenNeedle' as const, lengthMm: 8.5, cartonNo: lot[0].cartonFrom }] : [],
      result: lot[0].inspectionResult ?? ('pass' as const),
      remark: failed ? '第一箱抽检发现断针，已退回工厂排查' : '',
      inspectedAt: at,
    };
  });
}
