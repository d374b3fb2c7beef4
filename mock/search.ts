/** 搜索 in the mock: the same kinds over the shared tables, each row by its number's start, as the server reads them. */
import { readsAll } from '../contract/shared/access';
import { bulkAccess } from '../contract/packing/codes';
import { ssccFromScan } from '../contract/carton/codes';
import { searchAccess, searchKindLabels, searchLimits, type SearchKind } from '../contract/search/codes';
import { readerOf, searchItems, searchKindsOf, type SearchRows } from '../contract/search/results';
import { searchEndpoints } from '../contract/search/schema';
import type { User } from '../contract/user/schema';
import { cartonOfSscc } from './_carton';
import { ownerNamesOf } from './_demo';
import { mockEndpoints, ownsRow } from './_resource';
import { billsOfLading, bulkLines, containers, declarations, orders, plans } from './_tables';

const { perKind } = searchLimits;
const starts = (value: string | null | undefined, q: string) => !!value && value.toLowerCase().startsWith(q);
const byText =
  <T>(text: (row: T) => string) =>
  (a: T, b: T) =>
    text(a).localeCompare(text(b));

function rowsOf(user: User, q: string): SearchRows {
  const mine = <T extends { owner: string }>(rows: readonly T[]) =>
    readsAll(bulkAccess, user.authority) ? rows : rows.filter((row) => ownsRow(user, row.owner));
  const soOf = (planKey: string) => orders.rows.find((order) => order.planKey === planKey)?.carrierBookingNo ?? null;
  const lines = mine(bulkLines.rows);
  const pos = new Map<string, SearchRows['po'][number]>();
  for (const [field, odg] of [
    ['poNo', false],
    ['odgItemNo', true],
  ] as const) {
    for (const line of lines.filter((row) => starts(row[field], q)).sort(byText((row) => row[field]))) {
      const id = `${odg ? line.odgItemNo : ''}/${line.poNo}/${line.owner}`;
      const found = pos.get(id) ?? {
        ...{ poNo: line.poNo, odgItemNo: odg ? line.odgItemNo : null, styleNo: line.styleNo },
        ...{ statuses: [], ...ownerNamesOf(line.owner) },
      };
      if (!found.statuses.includes(line.status)) found.statuses.push(line.status);
      pos.set(id, found);
    }
  }
  const scanned = ssccFromScan(q);
  let carton: SearchRows['carton'] = [];
  if ('sscc' in scanned) {
    try {
      const found = cartonOfSscc(scanned.sscc);
      if (readsAll(bulkAccess, user.authority) || ownsRow(user, found.owner)) {
        carton = [{ ...found, ...ownerNamesOf(found.owner) }];
      }
    } catch {
      carton = [];
    }
  }
  const key = q.toUpperCase();
  return {
    po: [...pos.values()].slice(0, perKind),
    bol: mine(billsOfLading.rows)
      .filter((row) => starts(row.bolNo, q))
      .map((row) => ({ ...row, bolNo: row.bolNo ?? '', ...ownerNamesOf(row.owner) })),
    container: mine(containers.rows)
      .filter((row) => starts(row.containerNo, q))
      .map((row) => ({
        ...row,
        containerNo: row.containerNo ?? '',
        orderKey: orders.rows.find((order) => order.planKey === row.planKey)?.key ?? null,
        active: !row.bolKey,
        ...ownerNamesOf(row.owner),
      })),
    plan: mine(plans.rows)
      .filter((row) => row.key.startsWith(key) || starts(soOf(row.key), q))
      .map((row) => ({ ...row, carrierBookingNo: soOf(row.key) })),
    order: mine(orders.rows)
      .filter((row) => row.key.startsWith(key) || row.planKey.startsWith(key) || starts(row.carrierBookingNo, q))
      .map((row) => ({ ...row, ...ownerNamesOf(row.owner) })),
    declaration: mine(declarations.rows)
      .filter((row) => row.key.startsWith(key) || starts(row.carrierBookingNo, q))
      .map((row) => ({ ...row, ...ownerNamesOf(row.owner) })),
    carton,
  } as SearchRows;
}

export default mockEndpoints(searchEndpoints, searchAccess, '没有找到', {
  search: ({ user, query }) => {
    const q = String(query.q).trim();
    if (q.length < searchLimits.minLength) return { q, groups: [] };
    const reader = readerOf(user.authority);
    const rows = rowsOf(user, q.toLowerCase());
    const groups = searchKindsOf[reader]
      .map((kind: SearchKind) => ({
        kind,
        label: searchKindLabels[kind],
        items: searchItems(kind, rows[kind].slice(0, perKind) as never, reader),
      }))
      .filter((group) => group.items.length > 0);
    return { q, groups };
  },
});
