/**
 * Codes, Chinese labels, limits and the xlsx column list of bulk lines (装箱明细).
 * No zod here: the browser imports this file at run time (labels, limits, live totals),
 * the server and contract/packing/schema.ts build their schemas on it.
 */

import { chinaDateTime } from '../shared/chinaTime';
import { roles } from '../shared/formats';
import type { AccessPolicy } from '../shared/access';
import type { Route } from '../shared/endpoint';

/** 出运方式: consolidated into a container (拼柜) or loose cargo (散货). */
export const bulkTypes = ['multi', 'single'] as const;
export type BulkType = (typeof bulkTypes)[number];
export const bulkTypeLabels: Record<BulkType, string> = {
  multi: '拼柜',
  single: '散货',
};

/**
 * 装箱方式. Codes read colour-then-size: S = solid (单), A = assorted (混).
 * SCSS 单色单码 · SCAS 单色混码 · ACSS 混色单码 · ACAS 混色混码.
 */
export const packTypes = ['SCSS', 'SCAS', 'ACSS', 'ACAS'] as const;
export type PackType = (typeof packTypes)[number];
export const packTypeLabels: Record<PackType, string> = {
  SCSS: '单色单码',
  SCAS: '单色混码',
  ACSS: '混色单码',
  ACAS: '混色混码',
};

/** 状态, in the order a line moves through them: 待验针 → 待拼柜 → 已配柜 → 已出运. */
export const bulkStatuses = ['pendingInspection', 'pendingConsolidation', 'allocated', 'shipped'] as const;
export type BulkStatus = (typeof bulkStatuses)[number];
export const bulkStatusLabels: Record<BulkStatus, string> = {
  pendingInspection: '待验针',
  pendingConsolidation: '待拼柜',
  allocated: '已配柜',
  shipped: '已出运',
};
/**
 * Lines that are not yet in a container may be edited, deleted, split and merged; a line in a container
 * (已配柜) or shipped is frozen (409), because containers and bills of lading were built on its figures.
 */
export const editableBulkStatuses: readonly BulkStatus[] = ['pendingInspection', 'pendingConsolidation'];
/** Whether a line in this state may still be changed: not in a container, not shipped. */
export const isBulkEditable = (status: BulkStatus) => editableBulkStatuses.includes(status);
/** GET /v1/shipping/bulkdata lists the lines that are in a container or shipped: the shipped quantities. */
export const shippingBulkStatuses: readonly BulkStatus[] = ['allocated', 'shipped'];

/** 验针结果. `null` on a line means not inspected yet. */
export const inspectionResults = ['pass', 'fail'] as const;
export type InspectionResult = (typeof inspectionResults)[number];
export const inspectionResultLabels: Record<InspectionResult, string> = {
  pass: '合格',
  fail: '不合格',
};

/** What an audit entry of a line records. */
export const bulkAuditActions = [
  'create',
  'update',
  'batchUpdate',
  'split',
  'merge',
  'import',
  'delete',
  'inspect',
  'allocate',
  'unload',
  'ship',
  'scan',
] as const;
export type BulkAuditAction = (typeof bulkAuditActions)[number];
export const bulkAuditActionLabels: Record<BulkAuditAction, string> = {
  create: '新建',
  update: '修改',
  batchUpdate: '批量修改',
  split: '拆分',
  merge: '合并',
  import: '导入',
  delete: '删除',
  inspect: '验针',
  allocate: '配柜',
  unload: '移出柜',
  ship: '出运',
  scan: '扫描收货',
};

/** The calls of 装箱明细, with the specification's paths (the trailing slashes and `seperate` included). */
export const bulkRoutes = {
  list: { method: 'GET', path: '/v1/packing/bulkdata' },
  shippingList: { method: 'GET', path: '/v1/shipping/bulkdata' },
  export: { method: 'GET', path: '/v1/packing/bulkdata/export' },
  template: { method: 'GET', path: '/v1/packing/bulkdata/template' },
  history: { method: 'GET', path: '/v1/packing/bulkdata/:key/history' },
  get: { method: 'GET', path: '/v1/packing/bulkdata/:key' },
  merge: { method: 'POST', path: '/v1/packing/bulkdata/mergeOne' },
  import: { method: 'POST', path: '/v1/packing/:type/bulkdata/import' },
  create: { method: 'POST', path: '/v1/packing/:type/bulkdata' },
  split: { method: 'PUT', path: '/v1/packing/:type/bulkdata/:key/seperate' },
  update: { method: 'PUT', path: '/v1/packing/:type/bulkdata/:key' },
  batchChange: { method: 'PATCH', path: '/v1/packing/:type/bulkdata/' },
  listChange: { method: 'PATCH', path: '/v1/bulkslist' },
  remove: { method: 'DELETE', path: '/v1/packing/:type/bulkdata/:key' },
  removeOfType: { method: 'DELETE', path: '/v1/packing/:type/bulkdata/' },
  removeAnyType: { method: 'DELETE', path: '/v1/packing/bulkdata/' },
} as const satisfies Record<string, Route>;

/** 装箱明细: the business's roles read, customers and clerks write (customers their company's lines); clerks and
 * inspectors read everyone's, clerks change everyone's; the administrator reaches none. */
export const bulkAccess: AccessPolicy = {
  read: roles,
  write: ['user', 'documentClerk'],
  readAll: ['documentClerk', 'inspector'],
  changeAll: ['documentClerk'],
};

/**
 * How each filter of the list and the export matches a line: a field equal to, starting with (any case), at
 * least or at most the value; `q` finds the text (any case) in any of its fields.
 */
export const bulkFilterRules = {
  type: ['type', 'equal'],
  poNo: ['poNo', 'prefix'],
  styleNo: ['styleNo', 'prefix'],
  colour: ['colour', 'prefix'],
  destination: ['destination', 'prefix'],
  factoryCode: ['factoryCode', 'equal'],
  status: ['status', 'equal'],
  inspectionResult: ['inspectionResult', 'equal'],
  exFactoryFrom: ['exFactoryDate', 'atLeast'],
  exFactoryTo: ['exFactoryDate', 'atMost'],
  q: [['odgItemNo', 'poNo', 'styleNo', 'colour'], 'contains'],
} as const;

/** The export's file name: `装箱明细-20250310.xlsx` (the day it was made, in China). */
export const bulkExportFileName = (date = new Date()) => `装箱明细-${chinaDateTime(date).slice(0, 10).replace(/-/g, '')}.xlsx`;

/** What an import that has no rows to check answers. */
export const bulkImportMessages = {
  missing: '请选择要导入的 xlsx 文件',
  unreadable: '无法读取文件，请上传 xlsx 格式的装箱明细',
};

export const bulkLimits = {
  /** Carton numbers run 1..maxCartonNo within a PO. */
  maxCartonNo: 99_999,
  /** cartonTo − cartonFrom + 1 of one line. */
  maxCartonsPerLine: 10_000,
  /** Sizes in one size breakdown. */
  maxSizeEntries: 40,
  /** Pieces in one carton (the sum of the size breakdown). */
  maxQtyPerCarton: 1_000,
  /** Net and gross weight of one carton, kg. */
  maxWeightPerCartonKg: 1_000,
  /** Each outer carton side, cm. */
  maxCartonSideCm: 300,
  /** Decimals accepted: weights in kg (gram precision), carton sides in cm (mm precision); cbm is given with 3. */
  weightDecimals: 3,
  sideDecimals: 1,
  cbmDecimals: 3,
  /** Lines in one xlsx import, and the file size (413 beyond). */
  importMaxRows: 50_000,
  importMaxBytes: 20 * 1024 * 1024,
  /** A 422 of an import lists at most this many row errors (then `rowsTruncated: true`). */
  importMaxRowErrors: 1_000,
  /** Lines in one xlsx export (422 beyond: narrow the filter). */
  exportMaxRows: 100_000,
  /**
   * A list page starts within the first listMaxRows lines of its order (offset = (current − 1) × pageSize;
   * 400 BAD_QUERY beyond, unless the page is past the end): deep pages cost a walk over the index.
   */
  listMaxRows: 10_000,
  /** A clerk-wide total above this answers `total: listCountCap, totalIsEstimate: true, totalCap`. */
  listCountCap: 10_000,
  /** Keys in one batch change or several-key delete. */
  batchMaxKeys: 500,
  /** Lines in one merge. */
  mergeMaxKeys: 50,
  /** An odg item number lookup needs this many characters and answers at most gbsMaxResults orders. */
  gbsMinQueryLength: 3,
  gbsMaxResults: 20,
  /** Free-text filter length. */
  maxFilterLength: 64,
} as const;

/** Fields a list may be sorted by (`sorter=field:ascend|descend`); anything else is a 400. */
export const bulkSortFields = [
  'createdAt',
  'updatedAt',
  'poNo',
  'styleNo',
  'cartonFrom',
  'exFactoryDate',
  'totalQty',
  'cbm',
  'status',
] as const;
export type BulkSortField = (typeof bulkSortFields)[number];
/** Without a sorter a list is ordered newest first (createdAt descend, then key). */
export const defaultBulkSorter = 'createdAt:descend';

/** Fields one batch change (`PATCH /v1/packing/{type}/bulkdata/`) may set on several lines at once. */
export const bulkBatchFields = [
  'destination',
  'exFactoryDate',
  'factoryCode',
  'nwPerCtn',
  'gwPerCtn',
  'ctnL',
  'ctnW',
  'ctnH',
] as const;
export type BulkBatchField = (typeof bulkBatchFields)[number];
/** `PATCH /v1/bulkslist` may also move lines between 拼柜 and 散货. */
export const bulksListFields = [...bulkBatchFields, 'type'] as const;
export type BulksListField = (typeof bulksListFields)[number];

/** Chinese labels of the fields, for forms, tables, error reports and the xlsx headers. */
export const bulkFieldLabels = {
  key: '明细编号',
  type: '出运方式',
  odgItemNo: 'ODG货号',
  poNo: 'PO号',
  styleNo: '款号',
  colour: '颜色',
  factoryCode: '工厂',
  sizeGroup: '尺码组',
  sizeBreakdown: '尺码配比',
  packType: '装箱方式',
  cartonFrom: '起始箱号',
  cartonTo: '结束箱号',
  cartonCount: '箱数',
  qtyPerCarton: '每箱件数',
  totalQty: '总件数',
  nwPerCtn: '净重/箱(kg)',
  gwPerCtn: '毛重/箱(kg)',
  totalNw: '总净重(kg)',
  totalGw: '总毛重(kg)',
  ctnL: '外箱长(cm)',
  ctnW: '外箱宽(cm)',
  ctnH: '外箱高(cm)',
  cbm: '总体积(m³)',
  destination: '目的地',
  exFactoryDate: '出厂日',
  status: '状态',
  inspectionResult: '验针结果',
  planKey: '订舱计划',
  containerKey: '柜',
  owner: '所属用户',
  ownerName: '所属用户',
  version: '版本',
  createdAt: '创建时间',
  updatedAt: '更新时间',
} as const;
export type BulkField = keyof typeof bulkFieldLabels;

/**
 * How a cell is written and read:
 * text · int · decimal · date (YYYY-MM-DD, or an Excel date cell) · sizeBreakdown ("S:2;M:4;L:2")
 * · packType / type / status / inspectionResult (the Chinese label; the code is accepted too on import).
 */
export type BulkSheetCellKind =
  'text' | 'int' | 'decimal' | 'date' | 'dateTime' | 'sizeBreakdown' | 'packType' | 'type' | 'status' | 'inspectionResult';

export interface BulkSheetColumn {
  field: BulkField;
  /** The header cell, exactly (trimmed) — import finds columns by header, in any order. */
  header: string;
  kind: BulkSheetCellKind;
  /** Read on import (all of these are required); the others are written on export only. */
  imported: boolean;
}

const column = (field: BulkField, kind: BulkSheetCellKind, imported: boolean): BulkSheetColumn => ({
  field,
  header: bulkFieldLabels[field],
  kind,
  imported,
});

/**
 * The one column list of the xlsx files, in export order. Import reads the `imported` columns of row 1
 * (header) and data from row 2; the line type comes from the import path. Export writes all of them,
 * so an exported file has every column an import needs.
 */
export const bulkSheetColumns: readonly BulkSheetColumn[] = [
  column('key', 'text', false),
  column('type', 'type', false),
  column('odgItemNo', 'text', true),
  column('poNo', 'text', true),
  column('styleNo', 'text', true),
  column('colour', 'text', true),
  column('factoryCode', 'text', true),
  column('sizeGroup', 'text', true),
  column('sizeBreakdown', 'sizeBreakdown', true),
  column('packType', 'packType', true),
  column('cartonFrom', 'int', true),
  column('cartonTo', 'int', true),
  column('cartonCount', 'int', false),
  column('qtyPerCarton', 'int', false),
  column('totalQty', 'int', false),
  column('nwPerCtn', 'decimal', true),
  column('gwPerCtn', 'decimal', true),
  column('totalNw', 'decimal', false),
  column('totalGw', 'decimal', false),
  column('ctnL', 'decimal', true),
  column('ctnW', 'decimal', true),
  column('ctnH', 'decimal', true),
  column('cbm', 'decimal', false),
  column('destination', 'text', true),
  column('exFactoryDate', 'date', true),
  column('status', 'status', false),
  column('inspectionResult', 'inspectionResult', false),
  column('createdAt', 'dateTime', false),
];

/** Rows of the file are numbered as Excel shows them: the header is row 1, the first line row 2. */
export const BULK_SHEET_FIRST_DATA_ROW = 2;
export const BULK_SHEET_NAME = '装箱明细';
