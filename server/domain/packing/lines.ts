/**
 * 装箱明细 (bulk lines): read one, its history, and every change — create, edit, batch change, delete, split,
 * merge. The rules are contract/packing/rules (the same functions the browser and the mock use); this module adds
 * what needs the database: ownership, versions, factories and size groups, carton overlaps across every line
 * of a PO, and the audit rows, each change in one transaction.
 *
 * Ownership: a `user` reads and changes only their own lines; another owner's key is a 404, like a key that
 * does not exist. The clerk reads and changes all, the inspector reads all (the routes keep it from writing).
 */
import { and, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type {
  BulkAuditEntry,
  BulkBatchChanges,
  BulkCreate,
  BulkLine,
  BulkMerge,
  BulkSplit,
  BulkSplitResult,
  BulkType,
  BulkUpdate,
} from '../../../contract/packing/schema';
import { changesAll, readsAll } from '../../../contract/shared/access';
import { bulkAccess, type BulkAuditAction } from '../../../contract/packing/codes';
import {
  assertBulkEditable,
  assertBulkType,
  batchChanged,
  newLineValues,
  mergeLines,
  splitLine,
  totalsAfterEdit,
} from '../../../contract/packing/rules';
import type { DeleteResult } from '../../../contract/shared/common';
import type { SessionUser } from '../../auth/sessionUser';
import { audit, auditHistory, type AuditEntry } from '../../db/audit';
import type { Db } from '../../db/open';
import { bulkLines, factories, users, type BulkLineRow } from '../../db/schema';
import { assertNoProblems } from '../../../contract/shared/ruleError';
import { invalid, notFound } from '../refusals';
import { rowShape } from '../../db/rowShape';
import { lockPurchaseOrders, lookupProblems, overlapProblem } from './checks';
import { versioned } from '../versioned';
import { ownRows } from '../ownership';

/** The audit log's entity name of a line. */
export const BULK_ENTITY = 'bulkLine';

export const readsAllLines = (caller: SessionUser) => readsAll(bulkAccess, caller.roles);
const changesAllLines = (caller: SessionUser) => changesAll(bulkAccess, caller.roles);

/** The owner's real name, evaluated only for the rows answered. */
const ownerNameSql = sql<string | null>`(select ${users.realName} from ${users} where ${users.id} = ${bulkLines.owner})`;
export const lineColumns = getTableColumns(bulkLines);

/** Lines as the API shows them, derived from the table's columns. */
export const lineShape = rowShape<typeof bulkLines, BulkLine>(bulkLines);
export const toBulkLine = lineShape.toApi;
export const storedLine = lineShape.stored;

/** A line as the caller gets it: clerks and inspectors, who see everyone's lines, also get the owner's name. */
function shownLine(caller: SessionUser, row: BulkLineRow, ownerName: string | null): BulkLine {
  const line = toBulkLine(row);
  return readsAllLines(caller) ? { ...line, ownerName: ownerName ?? '' } : line;
}

/**
 * A stored line as JSON built by the database, in the shape toBulkLine gives: the list pages and the audit rows
 * of an import, without a round trip through JavaScript objects. `table` is the alias of the bulk_lines row.
 */
export function lineJson(table: string, options: { ownerName?: boolean; binary?: boolean } = {}): SQL {
  const ownerName = `coalesce((select real_name from users where users.id = ${table}.owner), '')`;
  return lineShape.json(table, { binary: options.binary, extra: options.ownerName ? { ownerName } : undefined });
}

/** Lines change with versions and audit (needle inspection moves them too). */
export const lineChanges = versioned({ table: bulkLines, entity: BULK_ENTITY, label: '装箱明细', toApi: toBulkLine });

export const lineEntry = (
  actor: string,
  action: BulkAuditAction,
  key: string,
  before: BulkLine | null,
  after: BulkLine | null,
  relatedKeys?: string[],
): AuditEntry => ({ actor, entity: BULK_ENTITY, entityKey: key, action, before, after, ...(relatedKeys ? { relatedKeys } : {}) });

const NOT_FOUND_MESSAGE = '装箱明细不存在';

// ——— finding the lines of a call ———

interface LockedLine {
  row: BulkLineRow;
  line: BulkLine;
}

/**
 * The lines with these keys that the caller may change, locked for the transaction (in key order, so two
 * calls on overlapping sets cannot deadlock). Any key missing or not the caller's → 404, naming only the keys
 * asked for; a line of another type than the path's → 404 as well.
 */
async function lockLines(tx: Db, caller: SessionUser, keys: readonly string[], type?: BulkType): Promise<LockedLine[]> {
  const rows = await lineChanges.lock(tx, keys, changesAllLines(caller) ? undefined : caller);
  assertBulkType(rows, type);
  return rows.map((row) => ({ row, line: toBulkLine(row) }));
}

/** 409 when a line is in a container or shipped, or the client sent no version or a stale one for it. */
function assertChangeable(lines: readonly BulkLine[], versions: Record<string, number>) {
  assertBulkEditable(lines);
  lineChanges.assertVersions(lines, versions);
}

async function withOwnerName(db: Db, caller: SessionUser, row: BulkLineRow): Promise<BulkLine> {
  return (await withOwnerNames(db, caller, [row]))[0];
}

export async function withOwnerNames(db: Db, caller: SessionUser, rows: readonly BulkLineRow[]): Promise<BulkLine[]> {
  if (!readsAllLines(caller)) return rows.map(toBulkLine);
  const owners = [...new Set(rows.map((row) => row.owner))];
  const names = owners.length
    ? await db.select({ id: users.id, realName: users.realName }).from(users).where(inArray(users.id, owners))
    : [];
  const nameOf = new Map(names.map((owner) => [owner.id, owner.realName]));
  return rows.map((row) => shownLine(caller, row, nameOf.get(row.owner) ?? null));
}

// ——— reading ———

/** GET /v1/packing/bulkdata/{key} */
export async function getBulkLine(db: Db, caller: SessionUser, key: string): Promise<BulkLine> {
  const [found] = await db
    .select({ row: lineColumns, ownerName: ownerNameSql })
    .from(bulkLines)
    .where(and(eq(bulkLines.key, key), readsAllLines(caller) ? undefined : ownRows(bulkLines, caller)));
  if (!found) throw notFound(NOT_FOUND_MESSAGE);
  return shownLine(caller, found.row, found.ownerName);
}

/** GET /v1/packing/bulkdata/{key}/history — newest first; 404 when the caller may not see the line. */
export async function bulkLineHistory(db: Db, caller: SessionUser, key: string): Promise<BulkAuditEntry[]> {
  await getBulkLine(db, caller, key);
  return (await auditHistory(db, BULK_ENTITY, key)) as BulkAuditEntry[];
}

// ——— changes ———

/** POST /v1/packing/{type}/bulkdata → 201 with the new line (status 待验针, version 1). */
export async function createBulkLine(db: Db, caller: SessionUser, type: BulkType, input: BulkCreate): Promise<BulkLine> {
  return db.transaction(async (tx) => {
    await lockPurchaseOrders(tx, [input.poNo]);
    const [problems] = await lookupProblems(tx, [input]);
    const overlap = await overlapProblem(tx, caller.id, input);
    if (overlap) problems.cartonFrom = overlap;
    assertNoProblems(problems);
    const [row] = await tx
      .insert(bulkLines)
      .values(newLineValues(type, input, caller.id))
      .returning();
    const line = toBulkLine(row);
    await audit(tx, lineEntry(caller.id, 'create', line.key, null, line));
    return withOwnerName(tx, caller, row);
  });
}

/** PUT /v1/packing/{type}/bulkdata/{key}: the whole line again, with the version read. */
export async function updateBulkLine(
  db: Db,
  caller: SessionUser,
  type: BulkType,
  key: string,
  input: BulkUpdate,
): Promise<BulkLine> {
  const { version, ...figures } = input;
  return db.transaction(async (tx) => {
    const [{ line: before }] = await lockLines(tx, caller, [key], type);
    assertChangeable([before], { [key]: version });
    await lockPurchaseOrders(tx, [figures.poNo]);
    const [problems] = await lookupProblems(tx, [figures]);
    const overlap = await overlapProblem(tx, before.owner, figures, key);
    if (overlap) problems.cartonFrom = overlap;
    assertNoProblems(problems);
    const [row] = await tx
      .update(bulkLines)
      .set({ ...figures, ...totalsAfterEdit(before, figures), version: sql`${bulkLines.version} + 1`, updatedAt: sql`now()` })
      .where(eq(bulkLines.key, key))
      .returning();
    await audit(tx, lineEntry(caller.id, 'update', key, before, toBulkLine(row)));
    return withOwnerName(tx, caller, row);
  });
}

export interface BatchChange {
  keys: string[];
  changes: BulkBatchChanges & { type?: BulkType };
  versions: Record<string, number>;
}

/**
 * PATCH /v1/packing/{type}/bulkdata/ (lines of that type) and PATCH /v1/bulkslist (any type; may change it):
 * the same change on every line, all or nothing. Totals follow a changed per-carton figure (totalsAfterEdit).
 */
export async function batchChangeBulkLines(
  db: Db,
  caller: SessionUser,
  change: BatchChange,
  pathType?: BulkType,
): Promise<BulkLine[]> {
  return db.transaction(async (tx) => {
    const targets = await lockLines(tx, caller, change.keys, pathType);
    assertChangeable(
      targets.map((target) => target.line),
      change.versions,
    );
    const { factoryCode } = change.changes;
    if (factoryCode) {
      const [known] = await tx.select({ code: factories.code }).from(factories).where(eq(factories.code, factoryCode));
      if (!known) throw invalid({ factoryCode: `工厂 ${factoryCode} 不存在` });
    }
    const nextLines = batchChanged(
      targets.map((target) => target.line),
      change.changes,
    );
    const rows: BulkLineRow[] = [];
    for (const next of nextLines) {
      const [row] = await tx
        .update(bulkLines)
        .set({ ...storedLine(next), version: sql`${bulkLines.version} + 1`, updatedAt: sql`now()` })
        .where(eq(bulkLines.key, next.key))
        .returning();
      rows.push(row);
    }
    await audit(tx, ...rows.map((row, i) => lineEntry(caller.id, 'batchUpdate', row.key, targets[i].line, toBulkLine(row))));
    return withOwnerNames(tx, caller, rows);
  });
}

/** DELETE /v1/packing/{type}/bulkdata/{key} with the version read. */
export async function deleteBulkLine(
  db: Db,
  caller: SessionUser,
  type: BulkType,
  key: string,
  version: number,
): Promise<DeleteResult> {
  return deleteLines(db, caller, type, [key], { [key]: version });
}

/**
 * DELETE /v1/packing/{type}/bulkdata/?keys=a,b&versions=1,3 (lines of that type) and DELETE
 * /v1/packing/bulkdata/?keys=…&versions=… (any type, so that one selection is one call) — all or nothing.
 */
export async function deleteBulkLines(
  db: Db,
  caller: SessionUser,
  type: BulkType | undefined,
  { keys, versions }: { keys: string[]; versions: Record<string, number> },
): Promise<DeleteResult> {
  return deleteLines(db, caller, type, [...new Set(keys)], versions);
}

async function deleteLines(
  db: Db,
  caller: SessionUser,
  type: BulkType | undefined,
  keys: string[],
  versions: Record<string, number>,
): Promise<DeleteResult> {
  return db.transaction(async (tx) => {
    const targets = await lockLines(tx, caller, keys, type);
    assertChangeable(
      targets.map((target) => target.line),
      versions,
    );
    await tx.delete(bulkLines).where(inArray(bulkLines.key, keys));
    await audit(tx, ...targets.map(({ line }) => lineEntry(caller.id, 'delete', line.key, line, null)));
    return { success: true, deleted: targets.length };
  });
}

/** PUT /v1/packing/{type}/bulkdata/{key}/seperate → [original (version + 1), new line (version 1)]. */
export async function splitBulkLine(
  db: Db,
  caller: SessionUser,
  type: BulkType,
  key: string,
  input: BulkSplit,
): Promise<BulkSplitResult> {
  return db.transaction(async (tx) => {
    const [{ line }] = await lockLines(tx, caller, [key], type);
    assertChangeable([line], { [key]: input.version });
    const parts = splitLine(line, input.cartons);
    // The cartons stay the same set: no other line can start overlapping, so no PO lock is needed.
    const [originalRow] = await tx
      .update(bulkLines)
      .set({ ...storedLine(parts[0]), version: sql`${bulkLines.version} + 1`, updatedAt: sql`now()` })
      .where(eq(bulkLines.key, key))
      .returning();
    const [newRow] = await tx.insert(bulkLines).values(storedLine(parts[1])).returning();
    const original = toBulkLine(originalRow);
    const created = toBulkLine(newRow);
    await audit(
      tx,
      lineEntry(caller.id, 'split', original.key, line, original, [created.key]),
      lineEntry(caller.id, 'split', created.key, null, created, [original.key]),
    );
    const [shownOriginal, shownNew] = await withOwnerNames(tx, caller, [originalRow, newRow]);
    return [shownOriginal, shownNew];
  });
}

/** POST /v1/packing/bulkdata/mergeOne → the merged line (the key of the lowest carton number); the others are removed. */
export async function mergeBulkLines(db: Db, caller: SessionUser, input: BulkMerge): Promise<BulkLine> {
  return db.transaction(async (tx) => {
    const parts = (await lockLines(tx, caller, input.keys)).map((part) => part.line);
    assertChangeable(parts, input.versions);
    const merged = mergeLines(parts);
    const base = parts.find((part) => part.key === merged.key) as BulkLine;
    const removed = parts.filter((part) => part.key !== merged.key);
    await tx.delete(bulkLines).where(
      inArray(
        bulkLines.key,
        removed.map((part) => part.key),
      ),
    );
    const [row] = await tx
      .update(bulkLines)
      .set({ ...storedLine(merged), version: sql`${bulkLines.version} + 1`, updatedAt: sql`now()` })
      .where(eq(bulkLines.key, merged.key))
      .returning();
    const saved = toBulkLine(row);
    await audit(
      tx,
      lineEntry(
        caller.id,
        'merge',
        saved.key,
        base,
        saved,
        removed.map((part) => part.key),
      ),
      ...removed.map((part) => lineEntry(caller.id, 'merge', part.key, part, null, [saved.key])),
    );
    return withOwnerName(tx, caller, row);
  });
}
