/**
 * Demo 验针 records: the records of demo/inspections.ts behind the demo lines' inspection results, so that the 验针
 * page and the line detail show real records on a first start. Idempotent: a customer who has records is left alone.
 */
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { demoInspectionValues } from '../../../demo/inspections';
import { auditAll } from '../../db/audit';
import type { Db } from '../../db/open';
import { bulkLines, detectorCalibrations, inspections, users } from '../../db/schema';

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
  if (inspected.length === 0) return 0;

  return db.transaction(async (tx) => {
    const rows = demoInspectionValues(inspected).map((values) => ({
      ...values,
      inspector: inspector.id,
      updatedAt: values.inspectedAt,
    }));
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
