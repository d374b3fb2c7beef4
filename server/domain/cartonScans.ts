/**
 * 扫描记录, shared by the places that take scans (a loose-cargo handover, a container): a carton is recorded once per
 * place — the primary key (place, serial) turns a repeat, or the same carton scanned by two clerks at once, into
 * no row — and a line's count and missing carton numbers read one index.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/open';
import { cartonScans } from '../db/schema';
import type { ScanAnswer } from '../../contract/carton';
import { scannedLine } from '../../contract/cartonCodes';
import type { FoundCarton } from './cartons';

/** Records `carton` scanned into `place` by `actor`; true when it was not there yet. */
export async function recordScan(tx: Db, place: string, carton: FoundCarton, actor: string): Promise<boolean> {
  const inserted = await tx
    .insert(cartonScans)
    .values({
      place,
      serial: carton.serial,
      sscc: carton.sscc,
      lineKey: carton.lineKey,
      cartonNo: carton.cartonNo,
      scannedBy: actor,
    })
    .onConflictDoNothing()
    .returning({ serial: cartonScans.serial });
  return inserted.length > 0;
}

/** Forgets the scans of `lineKeys` in `place` (the lines left it); answers how many cartons were scanned. */
export async function forgetScans(tx: Db, place: string, lineKeys: readonly string[]): Promise<number> {
  const forgotten = await tx
    .delete(cartonScans)
    .where(and(eq(cartonScans.place, place), inArray(cartonScans.lineKey, [...lineKeys])))
    .returning({ serial: cartonScans.serial });
  return forgotten.length;
}

/** The carton numbers of one line scanned into `place`: one row (an array), however many were scanned. */
export async function scannedNumbers(db: Db, place: string, lineKey: string): Promise<number[]> {
  const [row] = await db
    .select({ numbers: sql<number[] | null>`array_agg(${cartonScans.cartonNo})` })
    .from(cartonScans)
    .where(and(eq(cartonScans.place, place), eq(cartonScans.lineKey, lineKey)));
  return row?.numbers ?? [];
}

/** The carton numbers scanned into `place`, by line. */
export async function scannedByLine(db: Db, place: string): Promise<Map<string, number[]>> {
  const rows = await db
    .select({ lineKey: cartonScans.lineKey, numbers: sql<number[]>`array_agg(${cartonScans.cartonNo})` })
    .from(cartonScans)
    .where(eq(cartonScans.place, place))
    .groupBy(cartonScans.lineKey);
  return new Map(rows.map((row) => [row.lineKey, row.numbers]));
}

/** The answer to a scan into `place`: what became of it, the carton, its line's count after it, the place's count. */
export async function scanAnswer(
  tx: Db,
  place: string,
  carton: FoundCarton,
  received: boolean,
  counts: { scanned: number; expected: number; version: number },
): Promise<ScanAnswer> {
  const { serial: _serial, line, ...shown } = carton;
  return {
    outcome: received ? 'received' : 'repeated',
    carton: shown,
    line: scannedLine(line, await scannedNumbers(tx, place, line.key)),
    ...counts,
  };
}
