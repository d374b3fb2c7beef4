/**
 * Reading the rows of an uploaded sheet, for any resource's import, independent of any xlsx library: plain cell
 * values, numbers and dates as users type them, columns found by their header, and the data rows that hold
 * anything. A resource's sheet module (packing/sheet.ts) adds its columns, its own cell kinds and its rules.
 */

export type PlainCell = string | number | boolean | Date | null;

/**
 * The plain value of a cell as xlsx libraries give it: rich text, formula results, hyperlinks and
 * shared strings come as objects ({ richText }, { result }, { text }); errors and blanks as null.
 */
export function plainCell(value: unknown): PlainCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) {
    return value;
  }
  if (typeof value === 'object') {
    const cell = value as { richText?: { text: string }[]; result?: unknown; text?: unknown; error?: unknown };
    if (Array.isArray(cell.richText)) return cell.richText.map((part) => part.text).join('');
    if ('result' in cell) return plainCell(cell.result);
    if ('text' in cell) return plainCell(cell.text);
  }
  return null;
}

export const isBlankCell = (value: PlainCell) => value === null || (typeof value === 'string' && value.trim() === '');

/** A cell as trimmed text ('' when blank). */
export const textOf = (value: PlainCell) => (isBlankCell(value) ? '' : String(value).trim());

/** Excel's day 0 is 1899-12-30 (its 1900 leap-year bug included). */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
/** 9999-12-31: a later serial is no date (the schema then refuses the cell's text). */
const LAST_SERIAL = 2_958_465;

/** A date cell as YYYY-MM-DD where it can be read as one (a Date, a serial day, 2025/3/1); else its text for the schema to refuse. */
export function dateOf(value: PlainCell): unknown {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value === 'number') {
    if (!(value >= 1 && value <= LAST_SERIAL)) return String(value);
    return new Date(EXCEL_EPOCH_MS + Math.round(value) * 86_400_000).toISOString().slice(0, 10);
  }
  if (typeof value === 'string') {
    const match = /^(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})$/.exec(value.trim());
    return match ? `${match[1]}-${match[2].padStart(2, '0')}-${match[3].padStart(2, '0')}` : value.trim();
  }
  return undefined;
}

/** A number cell: undefined when blank, NaN when it is not a plain decimal number (for the schema to refuse). */
export function numberOf(value: PlainCell): unknown {
  if (isBlankCell(value)) return undefined;
  if (typeof value === 'number') return value;
  if (typeof value === 'string') {
    const text = value.trim();
    return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
  }
  return Number.NaN;
}

/** Where each column stands in the header row (found by its trimmed header, in any order), and those missing. */
export function mapHeader<C extends { header: string }>(headerRow: readonly unknown[] | undefined, columns: readonly C[]) {
  const header = (headerRow ?? []).map((cell) => textOf(plainCell(cell)));
  const index = new Map<C, number>();
  const missing: C[] = [];
  for (const column of columns) {
    const at = header.indexOf(column.header);
    if (at < 0) missing.push(column);
    else index.set(column, at);
  }
  return { index, missing };
}

/** The rows from `firstRow` (as Excel numbers them) with a value in any of the `columns` positions; blank rows skipped. */
export function dataRows(rows: readonly (readonly unknown[] | undefined)[], firstRow: number, columns: readonly number[]) {
  return rows
    .slice(firstRow - 1)
    .map((cells, i) => ({ row: i + firstRow, cells: cells ?? [] }))
    .filter(({ cells }) => columns.some((at) => !isBlankCell(plainCell(cells[at]))));
}

/** A row of an import that cannot be imported: its Excel row number, the field at fault when known, and why. */
export interface SheetRowError<F extends string = string> {
  row: number;
  field?: F;
  message: string;
}

/**
 * The 422 body of a refused import (`errorCode: 'IMPORT_INVALID'`, nothing written): the first `maxErrors` row
 * errors in row order, `rowsTruncated` when there were more, and a message counting the bad rows.
 */
export function sheetRejected<E extends SheetRowError>(errors: readonly E[], maxErrors: number, message?: string) {
  const sorted = [...errors].sort((a, b) => a.row - b.row);
  const rows = sorted.slice(0, maxErrors);
  const more = sorted.length > rows.length;
  // A truncated list names only some of the bad rows: say "at least".
  const rowCount = new Set((more ? rows : sorted).map((error) => error.row)).size;
  return {
    success: false as const,
    errorCode: 'IMPORT_INVALID',
    errorMessage: message ?? `${more ? '至少 ' : ''}${rowCount} 行有错误，文件未导入`,
    rows,
    ...(more ? { rowsTruncated: true as const } : {}),
  };
}
