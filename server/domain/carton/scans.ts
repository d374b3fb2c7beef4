/**
 * 扫描记录, shared by the places that take scans (a loose-cargo handover, a container): a carton is recorded once per
 * place — the primary key (place, serial) turns a repeat, or the same carton scanned by two clerks at once, into
 * no row — and a line's count and missing carton numbers read its runs (carton_scan_lines), kept in the same statement.
 */
import { and, eq, inArray, sql, type InferSelectModel, type Placeholder, type SQL } from 'drizzle-orm';
import { genericPlanned, type Db } from '../../db/open';
import { rowsOf } from '../../db/rowShape';
import { runNamed } from '../../db/statements';
import { cartonScanLines, cartonScans } from '../../db/schema';
import type { ScanAnswer } from '../../../contract/carton/schema';
import { scannedLineOfRuns, type CartonRun } from '../../../contract/carton/codes';
import { cartonOfSscc, type FoundCarton } from './cartons';
import type { SessionUser } from '../../auth/sessionUser';
import type { Versioned, VersionedTable } from '../versioned';

/** Forgets the scans of `lineKeys` in `place` (the lines left it); answers how many cartons were scanned. */
export async function forgetScans(tx: Db, place: string, lineKeys: readonly string[]): Promise<number> {
  await tx.delete(cartonScanLines).where(and(eq(cartonScanLines.place, place), inArray(cartonScanLines.lineKey, [...lineKeys])));
  const forgotten = await tx
    .delete(cartonScans)
    .where(and(eq(cartonScans.place, place), inArray(cartonScans.lineKey, [...lineKeys])))
    .returning({ serial: cartonScans.serial });
  return forgotten.length;
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

/** A place that takes scans (a handover's booking, a container; both count them in `cartonsScanned`), locked, and
 * its change for a scan. */
export interface ScanPlace<T extends VersionedTable> {
  rows: Versioned<T>;
  row: InferSelectModel<T>;
  /** What one carton more changes on it (its scan count). */
  changes: Partial<InferSelectModel<T>>;
  /** The cartons it should hold, as SQL read in the same statement, of the place's key. */
  expected: (place: Placeholder) => SQL<number>;
}

/**
 * Records the carton of `sscc` (one of the rows `scope` owns when given) scanned by `actor` into `place`, which `placeOf` locks
 * and checks in the transaction. The carton is read before it, on the pool's prepared statement; the place's row lock
 * is what orders two clerks' scans. Scanners send a scan a second, so the transaction runs on the generic-plan pool
 * with its statements named (the place's lock asked `prepared`, the write here): each planned once per connection.
 */
export async function recordScan<T extends VersionedTable>(
  db: Db,
  scan: { place: string; sscc: string; scope?: SessionUser; actor: string },
  placeOf: (tx: Db, carton: FoundCarton) => Promise<ScanPlace<T>>,
): Promise<ScanAnswer> {
  const carton = await cartonOfSscc(db, scan.sscc, scan.scope);
  return inTurn(db, scan.place, () =>
    genericPlanned(db).transaction(async (tx) => scanInto(tx, await placeOf(tx, carton), carton, scan.actor)),
  );
}

/** The last scan of each place in this process, per database: the next one's turn comes after it. */
const lastScans = new WeakMap<Db, Map<string, Promise<unknown>>>();

/**
 * Runs `scan` after the scans of `place` this process already runs, in the order they came. Clerks scanning into one
 * place then queue here, in turn and holding no connection, rather than on PostgreSQL's row lock, whose waiters wake
 * in no set order (10 clerks at one handover waited up to 4 times their median). The row lock still orders the
 * scans of several processes.
 */
function inTurn<T>(db: Db, place: string, scan: () => Promise<T>): Promise<T> {
  let scans = lastScans.get(db);
  if (!scans) lastScans.set(db, (scans = new Map()));
  const mine = (scans.get(place) ?? Promise.resolve()).then(scan, scan);
  const done = mine.then(
    () => undefined,
    () => undefined,
  );
  scans.set(place, done);
  void done.then(() => scans.get(place) === done && scans.delete(place));
  return mine;
}

/**
 * Records `carton` scanned into `place` by `actor` and, when it was not there yet, the place's change (version + 1)
 * with its audit entry: one statement, so that the scan, the count and the record stand or fall together in one
 * round trip. Answers what became of the scan, the carton, its line's count after it and the place's count.
 */
async function scanInto<T extends VersionedTable>(
  tx: Db,
  place: ScanPlace<T>,
  carton: FoundCarton,
  actor: string,
): Promise<ScanAnswer> {
  const { rows, row, changes, expected } = place;
  const key = (row as { key: string }).key;
  const change = rows.changeWhen(actor, row, changes, 'scan', sql`exists (select 1 from scan)`);
  const value = (name: string) => sql.placeholder(name);
  // The line's scanned cartons as runs, kept beside the scans: one row read and written however many were scanned, so
  // the 500th scan of a line answers as fast as the first. A repeat changes nothing and reads the runs as they are.
  // Built once with placeholders: a place's scan always changes the same fields.
  const [written] = rowsOf<{ received: boolean; runs: CartonRun[] | null; expected: number }>(
    await runNamed(
      tx,
      `scan_${rows.entity}`,
      () => sql`
      with scan as (
          insert into ${cartonScans} (place, serial, sscc, line_key, carton_no, scanned_by)
          values (${value('place')}, ${value('serial')}, ${value('sscc')}, ${value('line')}, ${value('cartonNo')},
            ${value('actor')})
          on conflict do nothing returning carton_no),
        line as (
          insert into ${cartonScanLines} as kept (place, line_key, cartons)
          select ${value('place')}, ${value('line')}, int4multirange(int4range(carton_no, carton_no, '[]')) from scan
          on conflict (place, line_key) do update set cartons = kept.cartons + excluded.cartons
          returning cartons),
        ${change.ctes()}
      select exists (select 1 from scan) as received, (${expected(value('place'))})::int as expected,
        (select json_agg(json_build_array(lower(run), upper(run) - 1) order by lower(run))
          from unnest(coalesce((select cartons from line),
            (select cartons from ${cartonScanLines} where place = ${value('place')} and line_key = ${value('line')})))
          as run) as runs`,
      {
        ...change.values,
        place: key,
        serial: carton.serial,
        sscc: carton.sscc,
        line: carton.line.key,
        cartonNo: carton.cartonNo,
        actor,
      },
    ),
  );
  const now = (written.received ? change.after : row) as { cartonsScanned: number; version: number };
  const { serial: _serial, line, ...shown } = carton;
  return {
    outcome: written.received ? 'received' : 'repeated',
    carton: shown,
    line: scannedLineOfRuns(line, written.runs ?? []),
    scanned: now.cartonsScanned,
    expected: written.expected,
    version: now.version,
  };
}
