/**
 * 装箱明细 (bulk lines): read one, its history, and every change — create, edit, batch change, delete, split,
 * merge. The rules are contract/bulkRules (the same functions the browser and the mock use); this module adds
 * what needs the database: ownership, versions, factories and size groups, carton overlaps across every line
 * of a PO, and the audit rows, each change in one transaction.
 *
 * Ownership: a `user` reads and changes only their own lines; another owner's key is a 404, like a key that
 * does not exist. The clerk reads and changes all, the inspector reads all (the routes keep it from writing).
 */
import { and, desc, eq, getTableColumns, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
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
} from '../../contract/bulk';
import { changesAll, readsAll } from '../../contract/access';
import { bulkAccess, bulkTypeLabels, type BulkAuditAction } from '../../contract/bulkCodes';
import {
  BulkRuleError,
  cartonFigureProblems,
  computeBulkTotals,
  findOverlaps,
  isBulkEditable,
  mergeLines,
  splitLine,
  totalsAfterEdit,
  type CartonRange,
} from '../../contract/bulkRules';
import { firstStale, type DeleteResult } from '../../contract/common';
import type { SessionUser } from '../auth/sessions';
import { audit, type AuditEntry } from '../db/audit';
import type { Db } from '../db/open';
import { auditLog, bulkLines, factories, sizeGroups, users, type BulkLineRow } from '../db/schema';
import { ApiError, conflict, invalid, notFound } from '../http/errors';
import { versioned } from './versioned';

/** The audit log's entity name of a line. */
export const BULK_ENTITY = 'bulkLine';

export const readsAllLines = (caller: SessionUser) => readsAll(bulkAccess, caller.roles);
const changesAllLines = (caller: SessionUser) => changesAll(bulkAccess, caller.roles);

/** The owner's real name, evaluated only for the rows answered. */
const ownerNameSql = sql<string | null>`(select ${users.realName} from ${users} where ${users.id} = ${bulkLines.owner})`;
export const lineColumns = getTableColumns(bulkLines);

export function toBulkLine(row: BulkLineRow): BulkLine {
  return {
    key: row.key,
    type: row.type,
    odgItemNo: row.odgItemNo,
    poNo: row.poNo,
    styleNo: row.styleNo,
    colour: row.colour,
    factoryCode: row.factoryCode,
    sizeGroup: row.sizeGroup,
    sizeBreakdown: row.sizeBreakdown,
    packType: row.packType,
    cartonFrom: row.cartonFrom,
    cartonTo: row.cartonTo,
    cartonCount: row.cartonCount,
    qtyPerCarton: row.qtyPerCarton,
    totalQty: row.totalQty,
    nwPerCtn: row.nwPerCtn,
    gwPerCtn: row.gwPerCtn,
    totalNw: row.totalNw,
    totalGw: row.totalGw,
    ctnL: row.ctnL,
    ctnW: row.ctnW,
    ctnH: row.ctnH,
    cbm: row.cbm,
    destination: row.destination,
    exFactoryDate: row.exFactoryDate,
    status: row.status,
    inspectionResult: row.inspectionResult ?? null,
    planKey: row.planKey,
    containerKey: row.containerKey,
    owner: row.owner,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A line as the caller gets it: clerks and inspectors, who see everyone's lines, also get the owner's name. */
function shownLine(caller: SessionUser, row: BulkLineRow, ownerName: string | null): BulkLine {
  const line = toBulkLine(row);
  return readsAllLines(caller) ? { ...line, ownerName: ownerName ?? '' } : line;
}

/** The stored fields of a line (what INSERT and UPDATE write), from a BulkLine or a rule's result. */
function storedFields(line: Omit<BulkLine, 'key' | 'version' | 'createdAt' | 'updatedAt' | 'ownerName'>) {
  return {
    type: line.type,
    odgItemNo: line.odgItemNo,
    poNo: line.poNo,
    styleNo: line.styleNo,
    colour: line.colour,
    factoryCode: line.factoryCode,
    sizeGroup: line.sizeGroup,
    sizeBreakdown: line.sizeBreakdown,
    packType: line.packType,
    cartonFrom: line.cartonFrom,
    cartonTo: line.cartonTo,
    cartonCount: line.cartonCount,
    qtyPerCarton: line.qtyPerCarton,
    totalQty: line.totalQty,
    nwPerCtn: line.nwPerCtn,
    gwPerCtn: line.gwPerCtn,
    totalNw: line.totalNw,
    totalGw: line.totalGw,
    ctnL: line.ctnL,
    ctnW: line.ctnW,
    ctnH: line.ctnH,
    cbm: line.cbm,
    destination: line.destination,
    exFactoryDate: line.exFactoryDate,
    status: line.status,
    inspectionResult: line.inspectionResult,
    planKey: line.planKey,
    containerKey: line.containerKey,
    owner: line.owner,
  };
}

/** The row of a new line (status 待验针, version 1) from what the client sent. */
export function newLineValues(type: BulkType, input: BulkCreate, owner: string) {
  return {
    type,
    ...input,
    ...computeBulkTotals(input),
    status: 'pendingInspection' as const,
    inspectionResult: null,
    planKey: null,
    containerKey: null,
    owner,
  };
}

type NewLineValues = ReturnType<typeof newLineValues>;

/** Lines per statement of insertImportedLines. */
const INSERT_CHUNK = 5000;

/** Fields of BulkLine and the columns they come from, in toBulkLine's order. */
const lineJsonColumns: [field: keyof BulkLine, column: string][] = [
  ['key', 'key'],
  ['type', 'type'],
  ['odgItemNo', 'odg_item_no'],
  ['poNo', 'po_no'],
  ['styleNo', 'style_no'],
  ['colour', 'colour'],
  ['factoryCode', 'factory_code'],
  ['sizeGroup', 'size_group'],
  ['sizeBreakdown', 'size_breakdown'],
  ['packType', 'pack_type'],
  ['cartonFrom', 'carton_from'],
  ['cartonTo', 'carton_to'],
  ['cartonCount', 'carton_count'],
  ['qtyPerCarton', 'qty_per_carton'],
  ['totalQty', 'total_qty'],
  ['nwPerCtn', 'nw_per_ctn'],
  ['gwPerCtn', 'gw_per_ctn'],
  ['totalNw', 'total_nw'],
  ['totalGw', 'total_gw'],
  ['ctnL', 'ctn_l'],
  ['ctnW', 'ctn_w'],
  ['ctnH', 'ctn_h'],
  ['cbm', 'cbm'],
  ['destination', 'destination'],
  ['exFactoryDate', 'ex_factory_date'],
  ['status', 'status'],
  ['inspectionResult', 'inspection_result'],
  ['planKey', 'plan_key'],
  ['containerKey', 'container_key'],
  ['owner', 'owner'],
  ['version', 'version'],
  ['createdAt', 'created_at'],
  ['updatedAt', 'updated_at'],
];

/**
 * A stored line as JSON built by the database, in the shape toBulkLine gives (a float8 prints as the shortest
 * text that reads back to the same number, as in JavaScript; times are ISO with milliseconds, cut as a JS Date
 * cuts them): the list pages and the audit rows of an import, without a round trip through JavaScript objects.
 * The list tests compare it with toBulkLine line by line. `table` is the alias of the bulk_lines row.
 */
export function lineJson(table: string, options: { ownerName?: boolean; binary?: boolean } = {}): SQL {
  const value = (column: string) =>
    column === 'created_at' || column === 'updated_at'
      ? `to_char(${table}.${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
      : `${table}.${column}`;
  const pairs = lineJsonColumns.map(([field, column]) => `'${field}', ${value(column)}`);
  if (options.ownerName) pairs.push(`'ownerName', coalesce((select real_name from users where users.id = ${table}.owner), '')`);
  return sql.raw(`${options.binary ? 'jsonb' : 'json'}_build_object(${pairs.join(', ')})`);
}

/**
 * Inserts the lines of an import with their audit rows (action `import`, actor `actor`). Each chunk is one
 * statement over one JSON parameter (json_to_recordset), and the audit rows are made by the database from the
 * inserted rows: a multi-row VALUES of 50 000 lines × 32 columns costs seconds to build and bind, and sending
 * every line back and forth as audit JSON costs as much again.
 */
export async function insertImportedLines(db: Db, actor: string, lines: readonly NewLineValues[]): Promise<void> {
  for (let start = 0; start < lines.length; start += INSERT_CHUNK) {
    const chunk = lines.slice(start, start + INSERT_CHUNK);
    await db.execute(sql`
      with line as (
        insert into ${bulkLines} (type, odg_item_no, po_no, style_no, colour, factory_code, size_group, size_breakdown, pack_type,
          carton_from, carton_to, carton_count, qty_per_carton, total_qty, nw_per_ctn, gw_per_ctn, total_nw, total_gw,
          ctn_l, ctn_w, ctn_h, cbm, destination, ex_factory_date, owner)
        select type, "odgItemNo", "poNo", "styleNo", colour, "factoryCode", "sizeGroup", "sizeBreakdown", "packType",
          "cartonFrom", "cartonTo", "cartonCount", "qtyPerCarton", "totalQty", "nwPerCtn", "gwPerCtn", "totalNw", "totalGw",
          "ctnL", "ctnW", "ctnH", cbm, destination, "exFactoryDate", owner
        from json_to_recordset(${JSON.stringify(chunk)}::json) as line(type text, "odgItemNo" text, "poNo" text, "styleNo" text,
          colour text, "factoryCode" text, "sizeGroup" text, "sizeBreakdown" jsonb, "packType" text, "cartonFrom" int, "cartonTo" int,
          "cartonCount" int, "qtyPerCarton" int, "totalQty" int, "nwPerCtn" float8, "gwPerCtn" float8, "totalNw" float8,
          "totalGw" float8, "ctnL" float8, "ctnW" float8, "ctnH" float8, cbm float8, destination text, "exFactoryDate" date, owner uuid)
        returning *
      )
      insert into ${auditLog} (actor, entity, entity_key, action, after)
      select ${actor}, ${BULK_ENTITY}, key, 'import', ${lineJson('line', { binary: true })} from line`);
  }
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

// ——— checks against the database ———

type LookupInput = Pick<BulkCreate, 'factoryCode' | 'sizeGroup' | 'sizeBreakdown'>;

/**
 * Factory and size group codes, and the sizes of the breakdown against the size group: field → message for
 * each input (empty when fine). One query per table whatever the number of inputs (an import).
 */
export async function lookupProblems(db: Db, inputs: readonly LookupInput[]): Promise<Record<string, string>[]> {
  const factoryCodes = [...new Set(inputs.map((input) => input.factoryCode))];
  const groupCodes = [...new Set(inputs.map((input) => input.sizeGroup))];
  const [knownFactories, groups] = await Promise.all([
    factoryCodes.length ? db.select({ code: factories.code }).from(factories).where(inArray(factories.code, factoryCodes)) : [],
    groupCodes.length ? db.select().from(sizeGroups).where(inArray(sizeGroups.code, groupCodes)) : [],
  ]);
  const factorySet = new Set(knownFactories.map((factory) => factory.code));
  const groupByCode = new Map(groups.map((group) => [group.code, group]));
  return inputs.map((input) => {
    const problems: Record<string, string> = {};
    if (!factorySet.has(input.factoryCode)) problems.factoryCode = `工厂 ${input.factoryCode} 不存在`;
    const group = groupByCode.get(input.sizeGroup);
    if (!group) problems.sizeGroup = `尺码组 ${input.sizeGroup} 不存在`;
    else {
      const unknown = Object.keys(input.sizeBreakdown).filter((size) => !group.sizes.includes(size));
      if (unknown.length) problems.sizeBreakdown = `尺码 ${unknown.join('、')} 不在尺码组 ${group.name} 中`;
    }
    return problems;
  });
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

export const overlapMessage = (line: CartonRange & { poNo: string }) =>
  `PO ${line.poNo} 的箱号 ${line.cartonFrom}–${line.cartonTo} 与已有明细重叠`;

/**
 * The overlap message when another stored line of the owner's PO (any type) shares a carton number. A PO is
 * checked within one owner's lines only: another customer's lines of the same PO number are not theirs to
 * learn of, so such a PO is answered as an unknown one.
 */
async function overlapProblem(
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
        eq(bulkLines.owner, owner),
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
        .where(and(eq(bulkLines.owner, owner), inArray(bulkLines.poNo, poNos.slice(start, start + IN_CHUNK))))),
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
  const rows = await lineChanges.lock(tx, keys, changesAllLines(caller) ? undefined : caller.id);
  if (type && rows.some((row) => row.type !== type)) {
    throw notFound(keys.length === 1 ? NOT_FOUND_MESSAGE : `所选明细不都是${bulkTypeLabels[type]}明细`);
  }
  return rows.map((row) => ({ row, line: toBulkLine(row) }));
}

/** 409 when a line is in a container or shipped, or the client sent no version or a stale one for it. */
function assertChangeable(lines: readonly BulkLine[], versions: Record<string, number>) {
  const frozen = lines.find((line) => !isBulkEditable(line.status));
  if (frozen) throw conflict('NOT_EDITABLE', `明细 ${frozen.key} 已配柜或已出运，不能修改`);
  const stale = firstStale(lines, versions);
  if (stale) throw conflict('VERSION_CONFLICT', `明细 ${stale.key} 已被他人修改，请刷新后重试`);
}

/** A rule of contract/bulkRules broken: NOT_EDITABLE is a state conflict (409), the others bad input (422). */
function ruleError(error: unknown): unknown {
  if (!(error instanceof BulkRuleError)) return error;
  const status = error.code === 'NOT_EDITABLE' ? 409 : 422;
  return new ApiError(status, error.code, error.message, error.field ? { [error.field]: error.message } : undefined);
}

async function withOwnerName(db: Db, caller: SessionUser, row: BulkLineRow): Promise<BulkLine> {
  if (!readsAllLines(caller)) return toBulkLine(row);
  const [owner] = await db.select({ realName: users.realName }).from(users).where(eq(users.id, row.owner));
  return shownLine(caller, row, owner?.realName ?? null);
}

async function withOwnerNames(db: Db, caller: SessionUser, rows: readonly BulkLineRow[]): Promise<BulkLine[]> {
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
    .where(and(eq(bulkLines.key, key), readsAllLines(caller) ? undefined : eq(bulkLines.owner, caller.id)));
  if (!found) throw notFound(NOT_FOUND_MESSAGE);
  return shownLine(caller, found.row, found.ownerName);
}

/** Actors that are not users: changes made by the admin command line or the server itself. */
const systemActorNames: Record<string, string> = { cli: '管理命令', system: '系统' };

/** GET /v1/packing/bulkdata/{key}/history — newest first; 404 when the caller may not see the line. */
export async function bulkLineHistory(db: Db, caller: SessionUser, key: string): Promise<BulkAuditEntry[]> {
  await getBulkLine(db, caller, key);
  const rows = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      action: auditLog.action,
      actor: auditLog.actor,
      actorName: users.realName,
      before: auditLog.before,
      after: auditLog.after,
      relatedKeys: auditLog.relatedKeys,
    })
    .from(auditLog)
    .leftJoin(users, sql`${users.id}::text = ${auditLog.actor}`)
    .where(and(eq(auditLog.entity, BULK_ENTITY), eq(auditLog.entityKey, key)))
    .orderBy(desc(auditLog.at), desc(auditLog.id));
  return rows.map((row) => ({
    id: String(row.id),
    at: row.at.toISOString(),
    action: row.action ?? 'update',
    actor: row.actor,
    actorName: row.actorName ?? systemActorNames[row.actor] ?? row.actor,
    before: row.before as Partial<BulkLine> | null,
    after: row.after as Partial<BulkLine> | null,
    ...(row.relatedKeys?.length ? { relatedKeys: row.relatedKeys } : {}),
  }));
}

// ——— changes ———

/** POST /v1/packing/{type}/bulkdata → 201 with the new line (status 待验针, version 1). */
export async function createBulkLine(db: Db, caller: SessionUser, type: BulkType, input: BulkCreate): Promise<BulkLine> {
  return db.transaction(async (tx) => {
    await lockPurchaseOrders(tx, [input.poNo]);
    const [problems] = await lookupProblems(tx, [input]);
    const overlap = await overlapProblem(tx, caller.id, input);
    if (overlap) problems.cartonFrom = overlap;
    if (Object.keys(problems).length) throw invalid(problems);
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
    if (Object.keys(problems).length) throw invalid(problems);
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
  const defined = Object.fromEntries(
    Object.entries(change.changes).filter(([, value]) => value !== undefined),
  ) as BatchChange['changes'];
  return db.transaction(async (tx) => {
    const targets = await lockLines(tx, caller, change.keys, pathType);
    assertChangeable(
      targets.map((target) => target.line),
      change.versions,
    );
    if (defined.factoryCode) {
      const [known] = await tx.select({ code: factories.code }).from(factories).where(eq(factories.code, defined.factoryCode));
      if (!known) throw invalid({ factoryCode: `工厂 ${defined.factoryCode} 不存在` });
    }
    const nextLines = targets.map(({ line }) => {
      const next: BulkLine = { ...line, ...defined };
      const problem = cartonFigureProblems(next)[0];
      if (problem) throw invalid({ [problem.field]: problem.message }, `明细 ${line.key}：${problem.message}`);
      return { ...next, ...totalsAfterEdit(line, next) };
    });
    const rows: BulkLineRow[] = [];
    for (const next of nextLines) {
      const [row] = await tx
        .update(bulkLines)
        .set({ ...storedFields(next), version: sql`${bulkLines.version} + 1`, updatedAt: sql`now()` })
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
    let parts: [BulkLine, BulkLine];
    try {
      parts = splitLine(line, input.cartons);
    } catch (error) {
      throw ruleError(error);
    }
    // The cartons stay the same set: no other line can start overlapping, so no PO lock is needed.
    const [originalRow] = await tx
      .update(bulkLines)
      .set({ ...storedFields(parts[0]), version: sql`${bulkLines.version} + 1`, updatedAt: sql`now()` })
      .where(eq(bulkLines.key, key))
      .returning();
    const [newRow] = await tx.insert(bulkLines).values(storedFields(parts[1])).returning();
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
    let merged: BulkLine;
    try {
      merged = mergeLines(parts);
    } catch (error) {
      throw ruleError(error);
    }
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
      .set({ ...storedFields(merged), version: sql`${bulkLines.version} + 1`, updatedAt: sql`now()` })
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
