/**
 * 验针 (needle inspection): the queue of lines waiting, detector calibrations, and inspection records. Recording
 * an inspection moves its lot's lines in the same transaction: a pass 待验针 → 待拼柜, a fail keeps them 待验针
 * (marked 不合格, so the queue offers a re-inspection) and tells the customer. Rules are contract/inspection/codes.
 */
import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { changesAll, readsAll } from '../../contract/shared/access';
import { bulkLimits } from '../../contract/packing/codes';
import {
  inspectionAccess,
  recordedLot,
  queueLine,
  type Calibration,
  type CalibrationCreate,
  type Inspection,
  type inspectionCreateSchema,
  type inspectionListQuerySchema,
  type QueueGroup,
  type queueQuerySchema,
  inspectionListFilters,
} from '../../contract/inspection/schema';
import type { SessionUser } from '../auth/sessionUser';
import { audit } from '../db/audit';
import { rowShape } from '../db/rowShape';
import type { Db } from '../db/open';
import { bulkLines, detectorCalibrations, inspections, type InspectionRow } from '../db/schema';
import { lineChanges } from './packing/lines';
import { lineGroups } from './packing/lineGroups';
import { defineList } from './list';
import { sqlFilters } from './listFilters';
import { versioned } from './versioned';
import { closeTodos, notifyOwner, notifyRole, todoSubjects } from './notice';
import { publishShipdeskEvent } from './webhook/publish';
import { likePrefix } from './sqlText';
import { nameOf, nameText, ownerNames, ownerNamesText } from './userNames';
import { ownRows } from './ownership';
import type { OwnerNameField, OwnerNames } from '../../contract/shared/owners';

/** The audit log's name for these rows. */
export const ENTITY = 'inspection';

/** A record's columns with its customer's and inspector's names. */
const recordColumns = {
  row: inspections,
  ...ownerNames(inspections),
  inspectorName: nameOf(inspections.inspector),
};

type NamedRow = { row: InspectionRow; inspectorName: string } & OwnerNames;

/** A record as the API shows it: its columns but the look-up array of line keys, and the two names. */
const recordShape = rowShape<typeof inspections, Omit<Inspection, OwnerNameField | 'inspectorName'>>(inspections, ['lineKeys']);
const toInspection = ({ row, ...names }: NamedRow): Inspection => ({ ...recordShape.toApi(row), ...names });

/** Records change with versions and audit; the audit keeps the stored row. */
const recordChanges = versioned({ table: inspections, entity: ENTITY, label: '验针记录', toApi: (row) => row });

type ListQuery = z.output<typeof inspectionListQuerySchema>;
type Filters = Omit<ListQuery, 'current' | 'pageSize' | 'sorter'>;

/** GET /v1/inspection — failures first, then the newest. */
export const listInspections = defineList<typeof recordColumns, NamedRow, Inspection, Filters>({
  name: 'inspections',
  table: inspections,
  key: inspections.key,
  owner: inspections,
  policy: inspectionAccess,
  columns: recordColumns,
  toItem: toInspection,
  sortColumns: { inspectedAt: inspections.inspectedAt, poNo: inspections.poNo, result: inspections.result },
  defaultOrder: [asc(inspections.result), desc(inspections.inspectedAt)],
  filters: {
    ...sqlFilters(inspections, inspectionListFilters),
    lineKey: { where: (p) => sql`${inspections.lineKeys} @> array[${p}]::text[]` },
    inspectedFrom: { where: (p) => gte(inspections.inspectedAt, sql`${p}::date`) },
    inspectedTo: { where: (p) => lt(inspections.inspectedAt, sql`${p}::date + 1`) },
  },
  countCap: bulkLimits.listCountCap,
  notFoundMessage: '验针记录不存在',
  counter: ENTITY,
  marks: true,
  json: recordShape.json('inspections', {
    extra: { ...ownerNamesText('inspections'), inspectorName: nameText('inspections', 'inspector') },
  }),
});

const ownScope = (caller: SessionUser) => (readsAll(inspectionAccess, caller.roles) ? undefined : caller);

/** GET /v1/inspection/{key}; another customer's record is a 404 like a missing one. */
export const getInspection = async (db: Db, caller: SessionUser, key: string) =>
  toInspection(await listInspections.one(db, caller, key));

/** GET /v1/inspection/queue — 待验针 lines by customer and PO, the longest waiting first. */
export function inspectionQueue(db: Db, caller: SessionUser, query: z.output<typeof queueQuerySchema>) {
  const scope = ownScope(caller);
  const failed = sql<boolean>`coalesce(bool_or(${bulkLines.inspectionResult} = 'fail'), false)`;
  return lineGroups<QueueGroup>(db, query, {
    where: and(
      eq(bulkLines.status, 'pendingInspection'),
      scope ? ownRows(bulkLines, scope) : undefined,
      query.poNo ? sql`lower(${bulkLines.poNo}) like ${likePrefix(query.poNo.toLowerCase())}` : undefined,
    ),
    groupBy: { poNo: bulkLines.poNo, owner: bulkLines.owner },
    figures: {
      cartonCount: sql<number>`sum(${bulkLines.cartonCount})`.mapWith(Number),
      totalQty: sql<number>`sum(${bulkLines.totalQty})`.mapWith(Number),
      failed,
      ownerName: nameOf(bulkLines.owner),
    },
    having: query.inspectionResult === 'fail' ? failed : undefined,
    order: [sql`min(${bulkLines.createdAt})`, asc(bulkLines.poNo), asc(bulkLines.owner)],
    lines: queueLine.fields,
    lineOrder: bulkLines.cartonFrom,
  });
}

const calibrationColumns = {
  detectorId: detectorCalibrations.detectorId,
  sensitivityFeMm: detectorCalibrations.sensitivityFeMm,
  calibratedAt: detectorCalibrations.calibratedAt,
  calibratedByName: nameOf(detectorCalibrations.calibratedBy),
};
const toCalibration = (row: { calibratedAt: Date } & Omit<Calibration, 'calibratedAt'>): Calibration => ({
  ...row,
  calibratedAt: row.calibratedAt.toISOString(),
});

/** GET /v1/inspection/calibration — each detector's latest calibration, the most recent first. */
export async function latestCalibrations(db: Db): Promise<Calibration[]> {
  const rows = await db
    .selectDistinctOn([detectorCalibrations.detectorId], calibrationColumns)
    .from(detectorCalibrations)
    .orderBy(detectorCalibrations.detectorId, desc(detectorCalibrations.calibratedAt))
    .limit(200);
  return rows.map(toCalibration).sort((a, b) => b.calibratedAt.localeCompare(a.calibratedAt));
}

/** POST /v1/inspection/calibration */
export async function recordCalibration(db: Db, caller: SessionUser, input: CalibrationCreate): Promise<Calibration> {
  return db.transaction(async (tx) => {
    const [{ id }] = await tx
      .insert(detectorCalibrations)
      .values({ ...input, calibratedBy: caller.id })
      .returning({ id: detectorCalibrations.id });
    const [row] = await tx.select(calibrationColumns).from(detectorCalibrations).where(eq(detectorCalibrations.id, id));
    const calibration = toCalibration(row);
    await audit(tx, { actor: caller.id, entity: 'detectorCalibration', entityKey: String(id), after: calibration });
    return calibration;
  });
}

/** The detector's latest calibration, which an inspection recorded now stands on (when within the window). */
async function latestCalibration(db: Db, detectorId: string) {
  const [latest] = await db
    .select()
    .from(detectorCalibrations)
    .where(eq(detectorCalibrations.detectorId, detectorId))
    .orderBy(desc(detectorCalibrations.calibratedAt))
    .limit(1);
  return latest;
}

type InspectionInput = z.output<typeof inspectionCreateSchema>;

/** POST /v1/inspection */
export async function createInspection(db: Db, caller: SessionUser, input: InspectionInput): Promise<Inspection> {
  return db.transaction(async (tx) => {
    // The guard admits inspectors only; the domain still asks the policy whose lines the caller may move.
    const lines = await lineChanges.lock(tx, input.lineKeys, changesAll(inspectionAccess, caller.roles) ? undefined : caller);
    lineChanges.assertVersions(lines, input.versions);
    const lot = recordedLot(lines, input, await latestCalibration(tx, input.detectorId));
    const { versions: _versions, ...figures } = input;
    const [row] = await tx
      .insert(inspections)
      .values({ ...figures, ...lot, inspector: caller.id })
      .returning();
    const inspection = await getInspection(tx, caller, row.key);
    await audit(tx, { actor: caller.id, entity: ENTITY, entityKey: row.key, after: inspection });

    const passed = input.result === 'pass';
    const moved = { status: passed ? 'pendingConsolidation' : 'pendingInspection', inspectionResult: input.result } as const;
    await lineChanges.changeMany(tx, caller.id, lines, moved, 'inspect');
    await followReinspection(tx, caller, lot, row.key);
    if (!passed) {
      const cartons = lines.reduce((sum, line) => sum + line.cartonCount, 0);
      await notifyOwner(
        tx,
        lot.owner,
        {
          type: 'notification',
          title: `PO ${lot.poNo} 验针不合格`,
          description: `验针单 ${row.key}：${lines.length} 条明细共 ${cartons} 箱验针不合格，报警 ${input.alarmQty} 件，请排查后等待复验`,
          link: '/shipment/inspection',
        },
        caller.id,
      );
      await publishShipdeskEvent(tx, 'inspection.failed', lot.owner, {
        planKey: null,
        subject: { type: 'inspection', key: row.key },
        title: `PO ${lot.poNo} 验针不合格`,
        link: '/shipment/inspection',
      });
    }
    return inspection;
  });
}

/**
 * The inspectors' to-do of a customer's PO with failed lines waiting: made (or reopened) by a failure, done once no
 * line of the PO waits for re-inspection.
 */
async function followReinspection(tx: Db, caller: SessionUser, lot: { owner: string; poNo: string }, inspectionKey: string) {
  const subject = todoSubjects.lotToReinspect(lot.owner, lot.poNo);
  const ofLot = and(eq(bulkLines.owner, lot.owner), eq(bulkLines.poNo, lot.poNo), eq(bulkLines.status, 'pendingInspection'));
  const [failed] = await tx
    .select({ key: bulkLines.key })
    .from(bulkLines)
    .where(and(ofLot, eq(bulkLines.inspectionResult, 'fail')))
    .limit(1);
  if (!failed) return closeTodos(tx, subject, caller.id);
  return notifyRole(
    tx,
    'inspector',
    {
      type: 'event',
      title: `PO ${lot.poNo} 待复验`,
      description: `验针单 ${inspectionKey} 不合格，客户排查后请复验`,
      status: 'todo',
      link: '/shipment/inspection?view=queue',
      subject,
    },
    caller.id,
  );
}

/** PUT /v1/inspection/{key} — the remark, with the version read. */
export async function updateInspection(
  db: Db,
  caller: SessionUser,
  key: string,
  input: { remark: string; version: number },
): Promise<Inspection> {
  return db.transaction(async (tx) => {
    const [row] = await recordChanges.lock(tx, [key], changesAll(inspectionAccess, caller.roles) ? undefined : caller);
    recordChanges.assertVersions([row], { [key]: input.version });
    await recordChanges.change(tx, caller.id, row, { remark: input.remark });
    return getInspection(tx, caller, key);
  });
}
