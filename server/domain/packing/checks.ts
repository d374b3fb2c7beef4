/**
 * The checks of new and changed lines that need the database: factory and size group codes, and carton ranges
 * against every stored line of the owner's PO, serialised per PO with advisory locks.
 */
import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { BulkCreate } from '../../../contract/packing/schema';
import { findOverlaps, lookupProblemsOf, overlapMessage } from '../../../contract/packing/checks';
import type { CartonRange } from '../../../contract/packing/rules';
import type { Db } from '../../db/open';
import { bulkLines, factories, sizeGroups } from '../../db/schema';
import { ofOwnersCompany } from '../ownership';

type LookupInput = Pick<BulkCreate, 'factoryCode' | 'sizeGroup' | 'sizeBreakdown'>;

/**
 * Factory and size group codes, and the sizes of the breakdown against the size group: field → message for
 * each input (empty when fine). One query per table whatever the number of inputs (an import).
 */
export async function lookupProblems(db: Db, inputs: readonly LookupInput[]): Promise<Record<string, string>[]> {
  const factoryCodes = [...new Set(inputs.map((input) => input.factoryCode))];
  const groupCodes = [...new Set(inputs.map((input) => input.sizeGroup))];
  // One after another: `db` is a write's transaction, whose client runs one statement at a time.
  const knownFactories = factoryCodes.length
    ? await db.select({ code: factories.code }).from(factories).where(inArray(factories.code, factoryCodes))
    : [];
  const groups = groupCodes.length ? await db.select().from(sizeGroups).where(inArray(sizeGroups.code, groupCodes)) : [];
  const factorySet = new Set(knownFactories.map((factory) => factory.code));
  const groupByCode = new Map(groups.map((group) => [group.code, group]));
  return inputs.map((input) => lookupProblemsOf(input, factorySet, groupByCode));
}

/** Advisory lock class of carton ranges: its second key is a bucket of the PO number. */
const PO_LOCK_CLASS = 4201;
const PO_LOCK_BUCKETS = 256;

/** FNV-1a: the same PO number always falls into the same bucket, in every server process. */
function poBucket(poNo: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < poNo.length; i += 1) {
    hash ^= poNo.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % PO_LOCK_BUCKETS;
}

/**
 * Serialises the carton-range check of these POs with every other transaction checking them, until commit:
 * without it two imports into one PO could both find it free. Buckets bound the locks a large import takes;
 * taking them in ascending order keeps two transactions from deadlocking.
 */
export async function lockPurchaseOrders(db: Db, poNos: Iterable<string>): Promise<void> {
  const buckets = [...new Set([...poNos].map(poBucket))].sort((a, b) => a - b);
  if (buckets.length === 0) return;
  const values = sql.join(
    buckets.map((bucket) => sql.raw(`(${bucket})`)),
    sql`, `,
  );
  await db.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(PO_LOCK_CLASS))}, b) from (values ${values}) as t(b)`);
}

/**
 * The overlap message when another stored line of the owner's PO (any type) shares a carton number. A PO is
 * checked within the lines of the owner's company only: another company's lines of the same PO number are not
 * theirs to learn of, so such a PO is answered as an unknown one.
 */
export async function overlapProblem(
  db: Db,
  owner: string,
  line: CartonRange & { poNo: string },
  exceptKey?: string,
): Promise<string | undefined> {
  const [other] = await db
    .select({ key: bulkLines.key })
    .from(bulkLines)
    .where(
      and(
        ofOwnersCompany(bulkLines, owner),
        eq(bulkLines.poNo, line.poNo),
        lte(bulkLines.cartonFrom, line.cartonTo),
        gte(bulkLines.cartonTo, line.cartonFrom),
        exceptKey ? sql`${bulkLines.key} <> ${exceptKey}` : undefined,
      ),
    )
    .limit(1);
  return other ? overlapMessage(line) : undefined;
}

/** Rows per IN list: a statement takes at most 65 535 parameters. */
const IN_CHUNK = 5000;

/**
 * Rows (by index) of `lines` whose range overlaps a stored line of the owner's PO (see overlapProblem): one
 * query per 5 000 POs for the stored ranges, then a sort-and-sweep per PO in memory (contract findOverlaps).
 */
export async function storedOverlaps<T extends CartonRange & { poNo: string }>(
  db: Db,
  owner: string,
  lines: readonly T[],
): Promise<Set<T>> {
  const poNos = [...new Set(lines.map((line) => line.poNo))];
  const stored: (CartonRange & { poNo: string; candidate?: T })[] = [];
  for (let start = 0; start < poNos.length; start += IN_CHUNK) {
    stored.push(
      ...(await db
        .select({ poNo: bulkLines.poNo, cartonFrom: bulkLines.cartonFrom, cartonTo: bulkLines.cartonTo })
        .from(bulkLines)
        .where(and(ofOwnersCompany(bulkLines, owner), inArray(bulkLines.poNo, poNos.slice(start, start + IN_CHUNK))))),
    );
  }
  const clashing = new Set<T>();
  if (stored.length === 0) return clashing;
  const all = [
    ...stored,
    ...lines.map((line) => ({ poNo: line.poNo, cartonFrom: line.cartonFrom, cartonTo: line.cartonTo, candidate: line })),
  ];
  for (const { line, other } of findOverlaps(all)) {
    // Candidates do not overlap one another (checked before): a pair with one candidate is a clash with a stored line.
    if (line.candidate && !other.candidate) clashing.add(line.candidate);
    if (other.candidate && !line.candidate) clashing.add(other.candidate);
  }
  return clashing;
}
