/**
 * 散货订舱 and its 订舱交接: a customer books waiting loose-cargo lines (they become 已配柜 on the booking, by
 * plan_key), the clerk confirms with the warehouse entry number or either cancels (the lines wait again); the
 * clerk records the handover to the forwarder (the lines become 已出运), the inspector confirms the needle check,
 * and the clerk closes it as 已入仓. The rules are contract/loose/codes.ts; here the rows, locks and audit.
 */
import { asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { changesAll, type AccessPolicy } from '../../contract/shared/access';
import {
  assertCutOff,
  assertHandoverChange,
  assertLooseChange,
  assertLooseLines,
  assertScanning,
  cartonDifference,
  emptyHandoverChecklist,
  handoverAccess,
  handoverStatuses,
  looseAccess,
  looseTotals,
  type handoverUpdateSchema,
  type LooseBooking,
  type looseCreateSchema,
  type LooseDetail,
  type looseListQuerySchema,
  type LooseStatus,
  type looseUpdateSchema,
  looseListFilters,
} from '../../contract/loose/schema';
import type { ScanAnswer } from '../../contract/carton/schema';
import { assertCartonBelongs, cartonPlaceText, scannedLine } from '../../contract/carton/codes';
import { chinaToday } from '../../contract/plan/codes';
import type { SessionUser } from '../auth/sessionUser';
import { audit, statusHistory } from '../db/audit';
import type { Db } from '../db/open';
import { rowShape } from '../db/rowShape';
import { bulkLines, looseBookings, type LooseBookingRow } from '../db/schema';
import { lineChanges } from './packing/lines';
import { recordScan, scannedByLine } from './carton/scans';
import { defineList } from './list';
import { sqlFilters } from './listFilters';
import { closeTodos, notifyOwner, notifyRole, todoSubjects } from './notice';
import { ownerNames } from './userNames';
import { versioned } from './versioned';
import { looseFreightOf } from './freight/loose';
import type { OwnerNameField, OwnerNames } from '../../contract/shared/owners';

/** The audit log's name for these rows. */
export const ENTITY = 'looseBooking';
type Stored = Omit<LooseBooking, OwnerNameField | 'needleCheckedByName' | 'cartonDifference'>;
const shape = rowShape<typeof looseBookings, Stored>(looseBookings, ['needleCheckedBy']);
const columns = {
  row: looseBookings,
  ...ownerNames(looseBookings),
  checkerName: sql<string | null>`(select u.real_name from users u where u.id = ${looseBookings.needleCheckedBy})`,
};
type Named = { row: LooseBookingRow; checkerName: string | null } & OwnerNames;
const toBooking = ({ row, ownerName, ownerCompanyName, checkerName }: Named): LooseBooking => ({
  ...shape.toApi(row),
  ownerName,
  ownerCompanyName,
  needleCheckedByName: checkerName,
  cartonDifference: cartonDifference(row.cartonCount, row.cartonsHandedOver),
});
const rows = versioned({ table: looseBookings, entity: ENTITY, label: '散货订舱', toApi: shape.toApi });

type Filters = Omit<z.output<typeof looseListQuerySchema>, 'current' | 'pageSize' | 'sorter'>;

/** One list over the bookings for each policy: the hall's (待确认 first) and the handover's (confirmed on, 待交接 first). */
const listOf = (name: string, policy: AccessPolicy, first: LooseStatus, scope?: SQL) =>
  defineList<typeof columns, Named, LooseBooking, Filters>({
    name,
    table: looseBookings,
    key: looseBookings.key,
    owner: looseBookings,
    scope,
    policy,
    columns,
    toItem: toBooking,
    sortColumns: {
      createdAt: looseBookings.createdAt,
      key: looseBookings.key,
      status: looseBookings.status,
      cfsCutOff: looseBookings.cfsCutOff,
    },
    defaultOrder: [sql`${looseBookings.status} <> ${first}`, desc(looseBookings.createdAt)],
    filters: sqlFilters(looseBookings, looseListFilters),
    countCap: 10_000,
    notFoundMessage: name === 'handovers' ? '订舱交接不存在' : '散货订舱不存在',
  });

/** GET /v1/looseBooking */
export const listLooseBookings = listOf('looseBookings', looseAccess, 'SUBMITTED');
/** GET /v1/handover — the bookings from 已确认 on. */
export const listHandovers = listOf('handovers', handoverAccess, 'CONFIRMED', inArray(looseBookings.status, handoverStatuses));

/** GET /v1/looseBooking/{key} and /v1/handover/{key} — with its lines and its status moves. */
export async function getLooseBooking(db: Db, caller: SessionUser, key: string, handover = false): Promise<LooseDetail> {
  const found = await (handover ? listHandovers : listLooseBookings).one(db, caller, key);
  const [lines, scanned, history, freight] = await Promise.all([
    db
      .select({
        key: bulkLines.key,
        poNo: bulkLines.poNo,
        styleNo: bulkLines.styleNo,
        colour: bulkLines.colour,
        cartonFrom: bulkLines.cartonFrom,
        cartonTo: bulkLines.cartonTo,
        cartonCount: bulkLines.cartonCount,
        totalQty: bulkLines.totalQty,
        totalGw: bulkLines.totalGw,
        cbm: bulkLines.cbm,
        inspectionResult: bulkLines.inspectionResult,
      })
      .from(bulkLines)
      .where(eq(bulkLines.planKey, key))
      .orderBy(asc(bulkLines.poNo), asc(bulkLines.cartonFrom)),
    scannedByLine(db, key),
    statusHistory<LooseStatus>(db, ENTITY, key),
    found.row.status === 'CANCELLED' ? null : looseFreightOf(db, found.row),
  ]);
  return {
    ...toBooking(found),
    freight,
    lines: lines.map((line) => scannedLine(line, scanned.get(line.key) ?? [])),
    history,
  };
}

const answer = async (db: Db, key: string) => {
  const [found] = await db.select(columns).from(looseBookings).where(eq(looseBookings.key, key));
  return toBooking(found);
};

/** The booking's lines, locked, for a move that changes them all. */
const linesOf = async (tx: Db, key: string) => {
  const keys = await tx.select({ key: bulkLines.key }).from(bulkLines).where(eq(bulkLines.planKey, key));
  return lineChanges.lock(
    tx,
    keys.map((line) => line.key),
  );
};

/** POST /v1/looseBooking — the caller's waiting 散货 lines of one destination, all or nothing. */
export async function createLooseBooking(
  db: Db,
  caller: SessionUser,
  input: z.output<typeof looseCreateSchema>,
): Promise<LooseBooking> {
  const { versions, ...terms } = input;
  assertCutOff(terms.cfsCutOff, chinaToday());
  return db.transaction(async (tx) => {
    const lines = await lineChanges.lock(tx, Object.keys(versions), caller);
    lineChanges.assertVersions(lines, versions);
    const destination = assertLooseLines(lines);
    const [row] = await tx
      .insert(looseBookings)
      .values({
        ...terms,
        destination,
        ...looseTotals(lines),
        status: 'SUBMITTED',
        documents: emptyHandoverChecklist(),
        owner: caller.id,
      })
      .returning();
    await audit(tx, { actor: caller.id, entity: ENTITY, entityKey: row.key, after: shape.toApi(row) });
    await lineChanges.changeMany(tx, caller.id, lines, { status: 'allocated', planKey: row.key }, 'allocate');
    await notifyRole(
      tx,
      'documentClerk',
      {
        type: 'event',
        title: `散货订舱 ${row.key} 待确认`,
        description: `${destination}，${row.cartonCount} 箱，${row.cbm} m³，截仓 ${row.cfsCutOff}`,
        status: 'todo',
        link: `/shipment/single/?key=${row.key}`,
        subject: todoSubjects.looseToConfirm(row.key),
      },
      caller.id,
    );
    return answer(tx, row.key);
  });
}

/** PATCH /v1/looseBooking/{key} */
export async function updateLooseBooking(
  db: Db,
  caller: SessionUser,
  key: string,
  input: z.output<typeof looseUpdateSchema>,
): Promise<LooseBooking> {
  const { version, ...change } = input;
  return db.transaction(async (tx) => {
    const [row] = await rows.lock(tx, [key], changesAll(looseAccess, caller.roles) ? undefined : caller);
    rows.assertVersions([row], { [key]: version });
    assertLooseChange(row, change, caller.roles, chinaToday());
    await rows.change(tx, caller.id, row, change);
    if (change.status === 'CANCELLED' || change.status === 'CONFIRMED') {
      await closeTodos(tx, todoSubjects.looseToConfirm(key), caller.id);
    }
    if (change.status === 'CANCELLED') {
      const out = { status: 'pendingConsolidation', planKey: null } as const;
      await lineChanges.changeMany(tx, caller.id, await linesOf(tx, key), out, 'unload');
    }
    if (change.status === 'CONFIRMED') {
      await notifyOwner(
        tx,
        row.owner,
        {
          type: 'message',
          title: `散货订舱 ${key} 已确认`,
          description: `进仓编号 ${change.warehouseEntryNo ?? row.warehouseEntryNo}，请在 ${row.cfsCutOff} 前送货进仓`,
          link: `/shipment/single/handover?key=${key}`,
        },
        caller.id,
      );
    }
    return answer(tx, key);
  });
}

/** PATCH /v1/handover/{key} — the clerk's record and moves, the inspector's confirmation. */
export async function updateHandover(
  db: Db,
  caller: SessionUser,
  key: string,
  input: z.output<typeof handoverUpdateSchema>,
): Promise<LooseBooking> {
  const { version, needleChecked, ...change } = input;
  return db.transaction(async (tx) => {
    const [row] = await rows.lock(tx, [key]);
    rows.assertVersions([row], { [key]: version });
    assertHandoverChange(row, needleChecked ? { ...change, needleChecked } : change, caller.roles);
    await rows.change(tx, caller.id, row, {
      ...change,
      ...(change.status === 'HANDED_OVER' ? { handedAt: new Date() } : {}),
      ...(needleChecked ? { needleCheckedBy: caller.id, needleCheckedAt: new Date() } : {}),
    });
    if (change.status === 'HANDED_OVER') {
      await lineChanges.changeMany(tx, caller.id, await linesOf(tx, key), { status: 'shipped' }, 'ship');
    }
    return answer(tx, key);
  });
}

/**
 * POST /v1/handover/{key}/scans — a carton scanned into the handover: counted once (a repeat answers `repeated`
 * and changes nothing), a carton of another booking refused with where it belongs. The booking row is locked, so
 * scans of two clerks at once count one after the other.
 */
export async function scanIntoHandover(db: Db, caller: SessionUser, key: string, sscc: string): Promise<ScanAnswer> {
  return recordScan(db, { place: key, sscc, actor: caller.id }, async (tx, carton) => {
    const [row] = await rows.lock(tx, [key], undefined, { prepared: true });
    assertScanning(row);
    assertCartonBelongs(carton, carton.planKey, {
      key,
      label: `本票散货 ${key}`,
      where: cartonPlaceText(carton.planKey),
    });
    const changes = { cartonsScanned: row.cartonsScanned + 1, cartonsHandedOver: (row.cartonsHandedOver ?? 0) + 1 };
    return {
      rows,
      row,
      changes,
      expected: (place) => sql<number>`(select carton_count from ${looseBookings} where key = ${place})`,
    };
  });
}
