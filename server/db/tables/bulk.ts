/** 装箱明细: the bulk lines and their counts per owner, type and status. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  uniqueIndex,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { BulkStatus, BulkType, InspectionResult, PackType } from '../../../contract/packing/codes';
import type { SizeBreakdown } from '../../../contract/packing/rules';
import { ownedVersioned } from './owned';
import { factories, sizeGroups } from './lookups';

/** Keys of bulk lines, BD00000001…; the cap makes an overflow an error instead of a truncated duplicate. */
export const bulkLineKeySeq = pgSequence('bulk_line_key_seq', { startWith: 1, maxValue: 99_999_999 });

const shippingStatuses = sql`status in ('allocated', 'shipped')`;

/**
 * 装箱明细, packing and shipping alike: a line is the same row from upload to shipment, and the shipping list
 * is the lines in a container or shipped (contract shippingBulkStatuses) — one table keeps keys, versions and
 * history whole through that move. Computed totals are stored (split and merge conserve them exactly, see
 * contract/packing/rules). Weights, sides and cbm are float8, which round-trips a JS number exactly.
 *
 * Indexes follow the list queries: the default order (created_at desc, key) per owner and overall, the
 * shipping subset of both (partial), status, PO and style prefixes (lower(), text_pattern_ops), ex-factory
 * date, and (po_no, carton_from) for the carton overlap check.
 */
export const bulkLines = pgTable(
  'bulk_lines',
  {
    key: text('key')
      .primaryKey()
      .default(sql`'BD' || lpad(nextval('bulk_line_key_seq')::text, 8, '0')`),
    type: text('type').notNull().$type<BulkType>(),
    odgItemNo: text('odg_item_no').notNull(),
    poNo: text('po_no').notNull(),
    styleNo: text('style_no').notNull(),
    colour: text('colour').notNull(),
    factoryCode: text('factory_code')
      .notNull()
      .references(() => factories.code),
    sizeGroup: text('size_group')
      .notNull()
      .references(() => sizeGroups.code),
    sizeBreakdown: jsonb('size_breakdown').notNull().$type<SizeBreakdown>(),
    packType: text('pack_type').notNull().$type<PackType>(),
    cartonFrom: integer('carton_from').notNull(),
    cartonTo: integer('carton_to').notNull(),
    cartonCount: integer('carton_count').notNull(),
    qtyPerCarton: integer('qty_per_carton').notNull(),
    totalQty: integer('total_qty').notNull(),
    nwPerCtn: doublePrecision('nw_per_ctn').notNull(),
    gwPerCtn: doublePrecision('gw_per_ctn').notNull(),
    totalNw: doublePrecision('total_nw').notNull(),
    totalGw: doublePrecision('total_gw').notNull(),
    ctnL: doublePrecision('ctn_l').notNull(),
    ctnW: doublePrecision('ctn_w').notNull(),
    ctnH: doublePrecision('ctn_h').notNull(),
    cbm: doublePrecision('cbm').notNull(),
    destination: text('destination').notNull(),
    exFactoryDate: date('ex_factory_date', { mode: 'string' }).notNull(),
    status: text('status').notNull().$type<BulkStatus>().default('pendingInspection'),
    inspectionResult: text('inspection_result').$type<InspectionResult>(),
    planKey: text('plan_key'),
    containerKey: text('container_key'),
    ...ownedVersioned(),
  },
  (t) => [
    index('bulk_lines_company_created_idx').on(t.ownerCompany, t.createdAt.desc().nullsFirst(), t.key),
    index('bulk_lines_created_idx').on(t.createdAt.desc().nullsFirst(), t.key),
    index('bulk_lines_shipping_company_created_idx')
      .on(t.ownerCompany, t.createdAt.desc().nullsFirst(), t.key)
      .where(shippingStatuses),
    index('bulk_lines_shipping_created_idx').on(t.createdAt.desc().nullsFirst(), t.key).where(shippingStatuses),
    index('bulk_lines_status_created_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.key),
    index('bulk_lines_po_cartons_idx').on(t.poNo, t.cartonFrom),
    index('bulk_lines_po_prefix_idx').on(sql`lower(${t.poNo}) text_pattern_ops`),
    index('bulk_lines_style_prefix_idx').on(sql`lower(${t.styleNo}) text_pattern_ops`),
    // The header search: a PO or ODG item number by its start, everyone's (a clerk) or one customer's.
    index('bulk_lines_company_po_prefix_idx').on(t.ownerCompany, sql`lower(${t.poNo}) text_pattern_ops`),
    index('bulk_lines_odg_prefix_idx').on(sql`lower(${t.odgItemNo}) text_pattern_ops`),
    index('bulk_lines_company_odg_prefix_idx').on(t.ownerCompany, sql`lower(${t.odgItemNo}) text_pattern_ops`),
    index('bulk_lines_ex_factory_idx').on(t.exFactoryDate),
    // What a container holds, read by every load into it.
    index('bulk_lines_container_idx')
      .on(t.containerKey)
      .where(sql`container_key is not null`),
    // What a booking holds: a plan's lines (its declaration) and a loose-cargo booking's.
    index('bulk_lines_plan_idx')
      .on(t.planKey)
      .where(sql`plan_key is not null`),
  ],
);

/**
 * Lines per owner, type and status, kept by statement-level triggers on bulk_lines (migration
 * 0002_bulk_line_counts): exact list totals and statistics without counting a million rows per page view.
 */
export const bulkLineCounts = pgTable(
  'bulk_line_counts',
  {
    owner: uuid('owner').notNull(),
    type: text('type').notNull().$type<BulkType>(),
    status: text('status').notNull().$type<BulkStatus>(),
    n: bigint('n', { mode: 'number' }).notNull(),
    /** Lines inserted and deleted so far: while it stands, an unfiltered list's pages stand too (pageMarks.ts). */
    changes: bigint('changes', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.owner, t.type, t.status] })],
);
/** Serial references of SSCCs (彩贴), 1…; the cap is what a 7-digit company prefix leaves. */
export const ssccSerialSeq = pgSequence('sscc_serial_seq', { startWith: 1, maxValue: 999_999_999 });

/**
 * 箱码: the SSCC serial of each carton, by customer, PO and carton number (unique within a PO), given when its sticker
 * is first printed and kept, so that a reprint (or a split or merged line) shows the same SSCC on the same carton.
 */
export const cartonLabels = pgTable(
  'carton_labels',
  {
    owner: uuid('owner').notNull(),
    poNo: text('po_no').notNull(),
    cartonNo: integer('carton_no').notNull(),
    serial: bigint('serial', { mode: 'number' })
      .notNull()
      .default(sql`nextval('sscc_serial_seq')`),
  },
  // A scanned SSCC names its carton by the serial (domain/carton/cartons.ts).
  (t) => [primaryKey({ columns: [t.owner, t.poNo, t.cartonNo] }), uniqueIndex('carton_labels_serial_idx').on(t.serial)],
);

/**
 * 扫描记录: a carton scanned into a place — a loose-cargo handover (LB…) or a container — once: the primary key makes
 * a repeated scan, or the same carton scanned by two clerks at once, one row. The line and carton number are kept
 * so that counts per line and the missing carton numbers read one index.
 */
export const cartonScans = pgTable(
  'carton_scans',
  {
    place: text('place').notNull(),
    serial: bigint('serial', { mode: 'number' }).notNull(),
    sscc: text('sscc').notNull(),
    lineKey: text('line_key').notNull(),
    cartonNo: integer('carton_no').notNull(),
    scannedBy: uuid('scanned_by').notNull(),
    scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.place, t.serial] }), index('carton_scans_line_idx').on(t.place, t.lineKey, t.cartonNo)],
);

/** A set of integers as PostgreSQL keeps it: runs, `{[1,41),[43,51)}`. */
const int4multirange = customType<{ data: string }>({ dataType: () => 'int4multirange' });

/**
 * The carton numbers of a line scanned into a place, as runs: what a scan answers about its line (received, and
 * the numbers still missing) read from one row however many cartons were scanned. Written in the scan's statement
 * and forgotten with its scans, so that it always holds what carton_scans holds for the line.
 */
export const cartonScanLines = pgTable(
  'carton_scan_lines',
  {
    place: text('place').notNull(),
    lineKey: text('line_key').notNull(),
    cartons: int4multirange('cartons').notNull(),
  },
  (t) => [primaryKey({ columns: [t.place, t.lineKey] })],
);
