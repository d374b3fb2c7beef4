/** Mock of 散货订舱 and 订舱交接 for `npm run dev`: bookings of the mock's 散货 lines, with the contract's rules. */
import {
  assertCutOff,
  assertHandoverChange,
  assertLooseChange,
  assertLooseLines,
  assertScanning,
  cartonDifference,
  emptyHandoverChecklist,
  handoverAccess,
  handoverEndpoints,
  handoverStatuses,
  looseAccess,
  looseEndpoints,
  looseTotals,
  type LooseBooking,
  type LooseStatus,
  looseListFilters,
} from '../contract/loose/schema';
import { assertCartonBelongs, cartonPlaceText, scannedLine } from '../contract/carton/codes';
import { chinaToday } from '../contract/plan/codes';
import type { User } from '../contract/user/schema';
import { cartonOfSscc, recordScan, scannedNumbers } from './_carton';
import { findUser, ownerNamesOf } from './_demo';
import { filterRows, mockEndpoints, pageOf, refuse, type MockInput } from './_resource';
import { handoverExport, looseExport } from '../contract/shared/exports/lists';
import { exportOf } from './_files';
import { freightOfBooking, withLooseFreight } from './_freight';
import { bulkLines as bulkLineTable, looseBookings, type LooseRow } from './_tables';

type Row = LooseRow;
const bookings = looseBookings;
const named = ({ needleCheckedBy, ...row }: Row): LooseBooking => ({
  ...row,
  ...ownerNamesOf(row.owner),
  needleCheckedByName: needleCheckedBy ? (findUser(needleCheckedBy)?.realName ?? '') : null,
  cartonDifference: cartonDifference(row.cartonCount, row.cartonsHandedOver),
});
const isHandover = (row: Row) => (handoverStatuses as readonly LooseStatus[]).includes(row.status);
const linesOf = (key: string) => bulkLineTable.rows.filter((line) => line.planKey === key);
const moveLines = (user: User, key: string, changes: Partial<(typeof bulkLineTable.rows)[number]>) =>
  linesOf(key).forEach((line) => bulkLineTable.change(user, line, { ...line, ...changes }));
const lineOf = (row: Row, line: (typeof bulkLineTable.rows)[number]) => {
  const { key, poNo, styleNo, colour, cartonFrom, cartonTo, cartonCount, totalQty, totalGw, cbm } = line;
  const shown = { key, poNo, styleNo, colour, cartonFrom, cartonTo, cartonCount, totalQty, totalGw, cbm };
  return scannedLine({ ...shown, inspectionResult: null }, scannedNumbers(row.key, key));
};
const detailOf = (row: Row) => ({
  ...named(row),
  lines: linesOf(row.key).map((line) => lineOf(row, line)),
  freight: freightOfBooking(row),
  history: bookings.statusHistory<LooseStatus>(row.key),
});
const looseList = ({ user, query }: MockInput) =>
  pageOf(filterRows(bookings.visible(user), query, looseListFilters).map(named), query, 'createdAt:descend');

const looseMock = mockEndpoints(looseEndpoints, looseAccess, '散货订舱不存在', {
  list: looseList,
  export: exportOf(looseExport, looseList, withLooseFreight),
  get: ({ user, params }) => detailOf(bookings.find(user, [params.key], 'read')[0]),
  create: ({ user, body: { versions, ...terms } }) => {
    assertCutOff(terms.cfsCutOff, chinaToday());
    const lines = bulkLineTable.find(user, Object.keys(versions));
    bulkLineTable.assertVersions(lines, versions);
    const destination = assertLooseLines(lines);
    const row = bookings.insert(user, {
      ...terms,
      destination,
      warehouseEntryNo: '',
      ...looseTotals(lines),
      status: 'SUBMITTED',
      documents: emptyHandoverChecklist(),
      cartonsHandedOver: null,
      cartonsScanned: 0,
      differenceNote: '',
      handedBy: '',
      handedAt: null,
      needleCheckedBy: null,
      needleCheckedAt: null,
      owner: user.id,
    });
    lines.forEach((line) => bulkLineTable.change(user, line, { ...line, status: 'allocated', planKey: row.key }, 'allocate'));
    return named(row);
  },
  update: ({ user, params, body: { version, ...change } }) => {
    const [row] = bookings.find(user, [params.key]);
    bookings.assertVersions([row], { [row.key]: version });
    assertLooseChange(row, change, user.authority, chinaToday());
    const after = bookings.change(user, row, { ...row, ...change });
    if (change.status === 'CANCELLED') moveLines(user, row.key, { status: 'pendingConsolidation', planKey: null });
    return named(after);
  },
});

const handoverList = ({ user, query }: MockInput) =>
  pageOf(
    filterRows(bookings.visible(user, handoverAccess).filter(isHandover), query, looseListFilters).map(named),
    query,
    'createdAt:descend',
  );

const handoverMock = mockEndpoints(handoverEndpoints, handoverAccess, '订舱交接不存在', {
  list: handoverList,
  export: exportOf(handoverExport, handoverList, withLooseFreight),
  get: ({ user, params }) => {
    const [row] = bookings.find(user, [params.key], 'read', handoverAccess);
    if (!isHandover(row)) throw refuse(404, 'NOT_FOUND', '订舱交接不存在');
    return detailOf(row);
  },
  update: ({ user, params, body: { version, needleChecked, ...change } }) => {
    const [row] = bookings.find(user, [params.key], 'change', handoverAccess);
    bookings.assertVersions([row], { [row.key]: version });
    assertHandoverChange(row, needleChecked ? { ...change, needleChecked } : change, user.authority);
    const now = new Date().toISOString();
    const after = bookings.change(user, row, {
      ...row,
      ...change,
      ...(change.status === 'HANDED_OVER' ? { handedAt: now } : {}),
      ...(needleChecked ? { needleCheckedBy: user.id, needleCheckedAt: now } : {}),
    });
    if (change.status === 'HANDED_OVER') moveLines(user, row.key, { status: 'shipped' });
    return named(after);
  },
  scan: ({ user, params, body }) => {
    const { owner: _owner, ...carton } = cartonOfSscc(body.sscc);
    const [row] = bookings.find(user, [params.key], 'change', handoverAccess);
    assertScanning(row);
    assertCartonBelongs(carton, carton.planKey, {
      key: row.key,
      label: `本票散货 ${row.key}`,
      where: cartonPlaceText(carton.planKey),
    });
    const received = recordScan(row.key, carton);
    const after = received
      ? bookings.change(user, row, {
          ...row,
          cartonsScanned: row.cartonsScanned + 1,
          cartonsHandedOver: (row.cartonsHandedOver ?? 0) + 1,
        })
      : row;
    const line = lineOf(
      after,
      bulkLineTable.rows.find((one) => one.key === carton.lineKey)!,
    );
    return {
      outcome: received ? 'received' : 'repeated',
      carton,
      line,
      scanned: after.cartonsScanned,
      expected: after.cartonCount,
      version: after.version,
    };
  },
});

export default { ...looseMock, ...handoverMock };
