/**
 * Demo 验针 records: the demo lines already carry an inspection result (demoBulk.ts); each customer's PO gets the
 * record behind it — one per PO and result, by the demo inspector on detector MD-01, dated when its lines were
 * last changed — so that the 验针 page and the line detail show real records on a first start. Idempotent: a
 * customer who has records is left alone.
 */
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { lotOf } from '../../contract/inspection';
import { auditAll } from '../db/audit';
import type { Db } from '../db/open';
import { bulkLines, detectorCalibrations, inspections, users, type BulkLineRow } from '../db/schema';

/** Adds the records of `userName`'s inspected demo lines; answers how many. */
export async function seedDemoInspections(db: Db, userName: string, inspectorName = 'inspector'): Promise<number> {
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.name, userName));
  const [inspector] = await db.select({ id: users.id }).from(users).where(eq(users.name, inspectorName));
  if (!owner || !inspector) return 0;
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(inspections)
    .where(eq(inspections.owner, owner.id));
  if (n > 0) return 0;
  const inspected = await db
    .select()
    .from(bulkLines)
    .where(and(eq(bulkLines.owner, owner.id), isNotNull(bulkLines.inspectionResult)))
    .orderBy(bulkLines.poNo, bulkLines.cartonFrom);
  const lots = new Map<string, BulkLineRow[]>();
  for (const line of inspected)
    lots.set(`${line.poNo}/${line.inspectionResult}`, [...(lots.get(`${line.poNo}/${line.inspectionResult}`) ?? []), line]);
  if (lots.size === 0) return 0;

  return db.transaction(async (tx) => {
    const rows = [...lots.values()].map((lines) => {
      const lot = lotOf(lines);
      const failed = lines[0].inspectionResult === 'fail';
      const at = new Date(Math.max(...lines.map((line) => line.updatedAt.getTime())));
      return {
        ...lot,
        mode: 'sample' as const,
        detectorId: 'MD-01',
        sensitivityFeMm: 1.0,
        calibratedAt: new Date(at.getTime() - 20 * 60_000),
        inspectedQty: lot.sampleSize,
        passedQty: failed ? lot.sampleSize - 1 : lot.sampleSize,
        alarmQty: failed ? 1 : 0,
        fragments: failed ? [{ type: 'brokenNeedle' as const, lengthMm: 8.5, cartonNo: lines[0].cartonFrom }] : [],
        result: lines[0].inspectionResult ?? 'pass',
        remark: failed ? '第一箱抽检发现断针，已退回工厂排查' : '',
        inspector: inspector.id,
        inspectedAt: at,
        updatedAt: at,
      };
    });
    await tx.insert(detectorCalibrations).values(
      rows.map((row) => ({
        detectorId: row.detectorId,
        sensitivityFeMm: 1.0,
        calibratedAt: row.calibratedAt,
        calibratedBy: inspector.id,
      })),
    );
    const saved = await tx.insert(inspections).values(rows).returning();
    await auditAll(
      tx,
      saved.map((row) => ({
        actor: 'system',
        entity: 'inspection',
        entityKey: row.key,
        after: row,
        at: row.inspectedAt.toISOString(),
      })),
    );
    return saved.length;
  });
}
