/**
 * The rows of 提单 as the API shows them, with their versioned change helper, the list (owner scope, filters,
 * counted totals, database-built JSON), a B/L with its status history, and the cargo read from its boxes' lines.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  bolAccess,
  bolListItem,
  bolListOmits,
  cargoOf,
  type Bol,
  type BolDetail,
  type BolListItem,
  type bolListQuerySchema,
  type BolStatus,
  bolListFilters,
} from '../../../contract/bol/schema';
import type { SessionUser } from '../../auth/sessionUser';
import { auditHistory } from '../../db/audit';
import { rowShape } from '../../db/rowShape';
import type { Db } from '../../db/open';
import { billsOfLading, bulkLines, osbContainers, type BolRow, type ContainerRow } from '../../db/schema';
import { defineList } from '../list';
import { sqlFilters } from '../listFilters';
import { ownerNames, ownerNamesText } from '../userNames';
import { versioned } from '../versioned';
import type { OwnerNameField, OwnerNames } from '../../../contract/shared/owners';

export const BOL = 'bol';

export const bolShape = rowShape<typeof billsOfLading, Omit<Bol, OwnerNameField>>(billsOfLading, ['consigneeName', 'issuedBy']);
export const bolColumns = { row: billsOfLading, ...ownerNames(billsOfLading) };
export type NamedBol = { row: BolRow } & OwnerNames;
export const toBol = ({ row, ...names }: NamedBol): Bol => ({ ...bolShape.toApi(row), ...names });
/** The list's items, built by the database: the B/L without what only the detail shows. */
const listShape = rowShape<typeof billsOfLading, BolListItem>(billsOfLading, ['issuedBy', ...bolListOmits]);

/** B/Ls change with versions and audit; the audit keeps the B/L as the API shows it (without the name). */
export const bolRows = versioned({ table: billsOfLading, entity: BOL, label: '提单', toApi: bolShape.toApi });

type Filters = Omit<z.output<typeof bolListQuerySchema>, 'current' | 'pageSize' | 'sorter'>;

/** GET /v1/bol — newest first; the vessel and voyage are matched whole (any case), the other texts by their start. */
export const listBols = defineList<typeof bolColumns, NamedBol, BolListItem, Filters>({
  name: 'bols',
  table: billsOfLading,
  key: billsOfLading.key,
  owner: billsOfLading,
  policy: bolAccess,
  columns: bolColumns,
  toItem: (named) => bolListItem(toBol(named)),
  sortColumns: {
    createdAt: billsOfLading.createdAt,
    etd: billsOfLading.etd,
    bolNo: billsOfLading.bolNo,
    status: billsOfLading.status,
  },
  defaultOrder: [desc(billsOfLading.createdAt)],
  filters: sqlFilters(billsOfLading, bolListFilters),
  countCap: 10_000,
  notFoundMessage: '提单不存在',
  counter: BOL,
  countedBy: 'status',
  json: listShape.json('bills_of_lading', {
    extra: {
      ...ownerNamesText('bills_of_lading'),
      containerCount: 'jsonb_array_length(bills_of_lading.containers)',
    },
  }),
});

/** The B/L's status moves from its audit, oldest first, with the comment that came with the move. */
async function bolHistory(db: Db, key: string): Promise<BolDetail['history']> {
  const entries = await auditHistory(db, BOL, key);
  const stateOf = (value: unknown) => value as Partial<Bol> | null;
  return entries
    .reverse()
    .filter((entry) => stateOf(entry.after)?.status && stateOf(entry.after)?.status !== stateOf(entry.before)?.status)
    .map((entry) => {
      const after = stateOf(entry.after) as Bol;
      const comments: Partial<Record<BolStatus, string>> = {
        PENDING_AMENDMENT: after.amendmentComment,
        VOIDED: after.voidReason,
      };
      return {
        at: entry.at,
        actorName: entry.actorName,
        from: stateOf(entry.before)?.status ?? null,
        to: after.status,
        comment: comments[after.status] ?? '',
      };
    });
}

/** GET /v1/bol/{key} — another customer's B/L is a 404 like a missing one. */
export async function getBol(db: Db, caller: SessionUser, key: string): Promise<BolDetail> {
  const found = await listBols.one(db, caller, key);
  return { ...toBol(found), history: await bolHistory(db, key) };
}

/** A box as the B/L lists it, before its cargo is summed. */
const boxOf = (box: ContainerRow) => ({
  containerKey: box.key,
  containerNo: box.containerNo,
  sealNo: box.sealNo,
  containerType: box.containerType,
});

/** The cargo of `boxes` summed from their lines as they are now, with the POs they carry (for the marks). */
export async function cargoOfBoxes(db: Db, boxes: readonly ContainerRow[]) {
  const keys = boxes.map((box) => box.key);
  const lines = await db
    .select({
      containerKey: sql<string>`${bulkLines.containerKey}`,
      cartonCount: bulkLines.cartonCount,
      totalQty: bulkLines.totalQty,
      totalGw: bulkLines.totalGw,
      cbm: bulkLines.cbm,
      poNo: bulkLines.poNo,
    })
    .from(bulkLines)
    .where(inArray(bulkLines.containerKey, keys))
    .orderBy(asc(bulkLines.key));
  return { ...cargoOf(boxes.map(boxOf), lines), poNos: lines.map((line) => line.poNo) };
}

/** The boxes of a B/L, locked, in its order. */
export async function boxesOf(tx: Db, bol: BolRow): Promise<ContainerRow[]> {
  const keys = bol.containers.map((box) => box.containerKey);
  const rows = await tx
    .select()
    .from(osbContainers)
    .where(and(inArray(osbContainers.key, keys), eq(osbContainers.bolKey, bol.key)))
    .for('update');
  return keys.flatMap((key) => rows.filter((row) => row.key === key));
}
