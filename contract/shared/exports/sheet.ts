/**
 * 导出 of a list (zod-free, for the server, the mock and tests): a list's columns as the workbook shows them —
 * a Chinese header and the cell of an item — and the limits every export keeps. The packing list has its own
 * sheet (contract/packing/sheet.ts), which its import reads back.
 */
import { chinaDateTime } from '../chinaTime';
import { RuleError } from '../ruleError';

/** A cell: text, a number, or empty. */
export type SheetCell = string | number | null;

export interface ExportColumn<Item> {
  header: string;
  cell: (item: Item) => SheetCell;
}

/** What one list's export writes: the file's and the worksheet's name, and its columns. */
export interface ListExport<Item> {
  /** 订舱计划: the sheet's name and the start of the file's. */
  label: string;
  columns: readonly ExportColumn<Item>[];
}

export const exportLimits = {
  /** Rows one export writes at most; a larger filter is refused (422) rather than cut. */
  maxRows: 200_000,
  /** Rows read from the database at a time while the file is written (500 was no faster and no smaller). */
  chunkRows: 1000,
} as const;

/** An ISO time as China reads it, `2026-11-26 15:04` (UTC+8 all year), as every page shows it. */
export const chinaTime = (iso: string | null | undefined): SheetCell => (iso ? chinaDateTime(iso) : null);

/** A value as a cell: numbers stay numbers, yes/no in words, nothing as an empty cell. */
export function plainCell(value: unknown): SheetCell {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? '是' : '否';
  return String(value);
}

/**
 * The columns of a list, field by field, headed by the resource's field labels: `column('etd')`, or with a cell of
 * its own (`column('status', (plan) => planStatusLabels[plan.status])`).
 */
export function columnsFrom<Item>(labels: Readonly<Record<string, string>>) {
  return <K extends keyof Item & string>(field: K, cell?: (item: Item) => SheetCell, header?: string): ExportColumn<Item> => ({
    header: header ?? labels[field] ?? field,
    cell: cell ?? ((item) => plainCell(item[field])),
  });
}

/** The headers of a sheet. */
export const sheetHeader = <Item>(spec: ListExport<Item>): string[] => spec.columns.map((column) => column.header);

/** The cells of one item's row. */
export const sheetRow = <Item>(spec: ListExport<Item>, item: Item): SheetCell[] =>
  spec.columns.map((column) => column.cell(item));

/** The rows of a sheet: the headers, then one row per item. */
export const sheetRows = <Item>(spec: ListExport<Item>, items: readonly Item[]): SheetCell[][] => [
  sheetHeader(spec),
  ...items.map((item) => sheetRow(spec, item)),
];

/** `订舱计划-20261126-1504.xlsx`, stamped in China time. */
export const exportFileName = (label: string, now = new Date()) =>
  `${label}-${String(chinaTime(now.toISOString())).replace(/[-:]/g, '').replace(' ', '-')}.xlsx`;

/** Refuses an export of more than `max` rows (`count` counted up to `max` + 1 at least): a 422 before any file. */
export function assertExportable(count: number, max: number = exportLimits.maxRows): void {
  if (count > max) throw new RuleError(422, 'TOO_MANY_ROWS', `导出最多 ${max} 行，请缩小筛选范围`);
}
