/**
 * A thing found, as the header lists it: its number, what tells it apart, its status in words and the page of the
 * caller's role that shows it. Pure, so that the server and the mock answer alike.
 */
import { bolStatusLabels, type BolStatus } from '../bol/codes';
import { bulkStatusLabels, type BulkStatus } from '../packing/codes';
import { declarationStatusLabels, type DeclarationStatus } from '../declaration/codes';
import type { Role } from '../shared/formats';
import type { OwnerNames } from '../shared/owners';
import { orderStatusLabels, type OrderStatus } from '../order/codes';
import { planStatusLabels, type PlanStatus } from '../plan/codes';
import type { SearchItem, SearchKind } from './codes';

/** The rows each kind's query answers. */
export interface SearchRows {
  po: ({ poNo: string; odgItemNo: string | null; styleNo: string; statuses: BulkStatus[] } & OwnerNames)[];
  bol: ({ key: string; bolNo: string; status: BolStatus; pod: string; vessel: string } & OwnerNames)[];
  container: ({
    key: string;
    containerNo: string;
    containerType: string;
    planKey: string;
    orderKey: string | null;
    active: boolean;
  } & OwnerNames)[];
  plan: { key: string; status: PlanStatus; pol: string; pod: string; etd: string; carrierBookingNo: string | null }[];
  order: ({
    key: string;
    planKey: string;
    status: OrderStatus;
    carrierBookingNo: string | null;
    vessel: string;
    voyage: string;
  } & OwnerNames)[];
  declaration: ({ key: string; status: DeclarationStatus; carrierBookingNo: string } & OwnerNames)[];
  carton: ({ ssccText: string; poNo: string; cartonNo: number; lineKey: string; status: BulkStatus } & OwnerNames)[];
}

/** Who reads: a customer sees their own pages, a clerk and an inspector theirs. */
export type Reader = 'user' | 'documentClerk' | 'inspector';
export const readerOf = (roles: readonly Role[]): Reader =>
  roles.includes('documentClerk') ? 'documentClerk' : roles.includes('inspector') ? 'inspector' : 'user';

/** Where a PO's lines are read: the customer's 装箱单, the inspector's queue, the clerk's comparison. */
const poPath = (reader: Reader, poNo: string) =>
  ({
    user: `/shipment/packing?poNo=${encodeURIComponent(poNo)}`,
    inspector: `/shipment/inspection?poNo=${encodeURIComponent(poNo)}`,
    documentClerk: `/shipment/shippingBulk?poNo=${encodeURIComponent(poNo)}`,
  })[reader];

const joined = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' · ');
/** The customer, and for staff their company (客户公司): the staff see every company's. */
const ownerText = (reader: Reader, { ownerName, ownerCompanyName }: OwnerNames) =>
  reader !== 'user' && ownerCompanyName ? `${ownerName}（${ownerCompanyName}）` : ownerName;
/** The same where only the staff are shown whose a row is. */
const whose = (reader: Reader, row: OwnerNames) => (reader === 'user' ? '' : ownerText(reader, row));

export function searchItems<K extends SearchKind>(kind: K, rows: SearchRows[K], reader: Reader): SearchItem[] {
  const items: Record<SearchKind, () => SearchItem[]> = {
    po: () =>
      (rows as SearchRows['po']).map((row) => ({
        title: row.odgItemNo ? `货号 ${row.odgItemNo}` : `PO ${row.poNo}`,
        description: joined(row.odgItemNo ? `PO ${row.poNo}` : '', `款号 ${row.styleNo}`, whose(reader, row)),
        status: row.statuses.map((status) => bulkStatusLabels[status]).join('、'),
        path: poPath(reader, row.poNo),
      })),
    bol: () =>
      (rows as SearchRows['bol']).map((row) => ({
        title: row.bolNo,
        description: joined(row.vessel, row.pod, whose(reader, row)),
        status: bolStatusLabels[row.status],
        path: `/shipment/multi/bol/${row.key}`,
      })),
    container: () =>
      (rows as SearchRows['container']).map((row) => ({
        title: row.containerNo,
        description: joined(row.containerType, `计划 ${row.planKey}`, whose(reader, row)),
        status: row.active ? '装柜中' : '已出提单',
        path:
          reader === 'user'
            ? row.active
              ? `/shipment/multi/container?key=${row.key}`
              : `/osb/plan/${row.planKey}`
            : `/osb/order/${row.orderKey}`,
      })),
    plan: () =>
      (rows as SearchRows['plan']).map((row) => ({
        title: row.key,
        description: joined(`${row.pol} → ${row.pod}`, `开船 ${row.etd}`, row.carrierBookingNo && `SO ${row.carrierBookingNo}`),
        status: planStatusLabels[row.status],
        path: `/osb/plan/${row.key}`,
      })),
    order: () =>
      (rows as SearchRows['order']).map((row) => ({
        title: row.key,
        description: joined(
          `计划 ${row.planKey}`,
          row.carrierBookingNo && `SO ${row.carrierBookingNo}`,
          row.vessel && `${row.vessel} ${row.voyage}`,
          ownerText(reader, row),
        ),
        status: orderStatusLabels[row.status],
        path: `/osb/order/${row.key}`,
      })),
    declaration: () =>
      (rows as SearchRows['declaration']).map((row) => ({
        title: row.key,
        description: joined(`SO ${row.carrierBookingNo}`, ownerText(reader, row)),
        status: declarationStatusLabels[row.status],
        path: `/osb/declaration/${row.key}`,
      })),
    carton: () =>
      (rows as SearchRows['carton']).map((row) => ({
        title: row.ssccText,
        description: joined(`PO ${row.poNo} 第 ${row.cartonNo} 箱`, whose(reader, row)),
        status: bulkStatusLabels[row.status],
        path: reader === 'user' ? `/shipment/packing/${row.lineKey}` : poPath(reader, row.poNo),
      })),
  };
  return items[kind]();
}

/**
 * What each reader searches: what their role reads (each kind's policy), where a page of theirs shows it — a
 * customer finds plans (by key or SO), a clerk orders and declarations (by key, plan key or SO).
 */
export const searchKindsOf: Record<Reader, readonly SearchKind[]> = {
  user: ['po', 'bol', 'container', 'plan', 'carton'],
  documentClerk: ['po', 'bol', 'container', 'order', 'declaration', 'carton'],
  inspector: ['po', 'bol', 'carton'],
};
