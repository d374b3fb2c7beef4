/**
 * Reading and writing the rows of the bulk-line xlsx (bulkSheetColumns), independent of any xlsx library:
 * the server (and the mock) open the workbook, hand the rows over as arrays of cell values, and write
 * back what bulkLineToSheetRow gives. Uses zod (via ./bulk): never imported by the browser.
 */
import { bulkCreateSchema, type BulkCreate, type BulkImportErrorBody, type BulkImportRowError, type BulkLine } from './schema';
import {
  BULK_SHEET_FIRST_DATA_ROW,
  bulkFieldLabels,
  bulkLimits,
  bulkSheetColumns,
  bulkStatusLabels,
  bulkTypeLabels,
  inspectionResultLabels,
  packTypeLabels,
  packTypes,
  type BulkField,
  type BulkSheetColumn,
  type PackType,
} from './codes';
import { findOverlaps } from './checks';
import { packTypeOf } from './rules';
import { formatSizeBreakdown, parseSizeBreakdown } from '../shared/sizeBreakdownText';
import {
  dataRows,
  sheetRejected,
  dateOf,
  isBlankCell,
  mapHeader,
  numberOf,
  plainCell,
  textOf,
  type PlainCell,
} from '../shared/sheet';

const packTypeByText = new Map<string, PackType>([
  ...packTypes.map((code) => [code, code] as [string, PackType]),
  ...packTypes.map((code) => [packTypeLabels[code], code] as [string, PackType]),
]);

type CellRead = { value: unknown } | { problem: string };

/**
 * What a file may write instead of a code, by field: each factory's and size group's name (and code) → code.
 * Every screen shows names, so a customer's sheet may too.
 */
export type BulkSheetAliases = Partial<Record<'factoryCode' | 'sizeGroup', ReadonlyMap<string, string>>>;

/** name → code and code → code of lookups such as factories and size groups. */
export const aliasesOf = (entries: readonly { code: string; name: string }[]): Map<string, string> =>
  new Map(entries.flatMap((entry) => [[entry.name, entry.code] as const, [entry.code, entry.code] as const]));

function readCell(column: BulkSheetColumn, raw: unknown, aliases: BulkSheetAliases): CellRead {
  const value = plainCell(raw);
  switch (column.kind) {
    case 'int':
    case 'decimal':
      return { value: numberOf(value) };
    case 'date':
      return { value: isBlankCell(value) ? undefined : dateOf(value) };
    case 'sizeBreakdown': {
      if (isBlankCell(value)) return { problem: '请输入尺码配比' };
      const parsed = parseSizeBreakdown(String(value));
      return parsed.ok ? { value: parsed.value } : { problem: parsed.message };
    }
    case 'packType': {
      const text = textOf(value);
      return { value: packTypeByText.get(text) ?? text };
    }
    default: {
      const text = textOf(value);
      const alias = column.field === 'factoryCode' || column.field === 'sizeGroup' ? aliases[column.field]?.get(text) : undefined;
      return { value: alias ?? text };
    }
  }
}

/** The PO number of the import template's example row: a row with it is the example, never imported. */
export const BULK_EXAMPLE_PO_NO = 'PO-EXAMPLE-0001';

export interface BulkSheetRead {
  /** The rows that read as valid lines, with their Excel row numbers (the caller still checks them against stored data). */
  lines: { row: number; line: BulkCreate }[];
  /** The rows that are the template's example (BULK_EXAMPLE_PO_NO), left out. */
  exampleRows: number[];
  /** Every reason a row was refused, in row order: all or nothing, so any error means no line is written. */
  errors: BulkImportRowError[];
}

const importedColumns = bulkSheetColumns.filter((column) => column.imported);

/**
 * Reads an import: `rows[0]` is the header row (Excel row 1), `rows[i]` Excel row i + 1, each an array of
 * cell values from column A. Columns are found by header (any order, other columns ignored); blank rows are
 * skipped. Each row is checked with bulkCreateSchema, and carton ranges of one PO within the file must not
 * overlap. What the caller still checks against the database, for `lines`: factory and size group codes, the
 * sizes of the size group, and overlaps with lines already stored — so that one answer names every bad row.
 */
export function readBulkSheet(rows: readonly (readonly unknown[] | undefined)[], aliases: BulkSheetAliases = {}): BulkSheetRead {
  const { index: columnIndex, missing } = mapHeader(rows[0], importedColumns);
  if (missing.length)
    return {
      lines: [],
      exampleRows: [],
      errors: missing.map((column) => ({ row: 1, field: column.field, message: `缺少列“${column.header}”` })),
    };
  const errors: BulkImportRowError[] = [];
  const poIndex = columnIndex.get(importedColumns.find((column) => column.field === 'poNo')!) as number;
  const allRows = dataRows(rows, BULK_SHEET_FIRST_DATA_ROW, [...columnIndex.values()]);
  const isExample = ({ cells }: { cells: readonly unknown[] }) => textOf(plainCell(cells[poIndex])) === BULK_EXAMPLE_PO_NO;
  const exampleRows = allRows.filter(isExample).map(({ row }) => row);
  const lineRows = allRows.filter((row) => !isExample(row));
  if (lineRows.length === 0) {
    const message = exampleRows.length
      ? `文件中只有模板的示例行（第 ${exampleRows.join('、')} 行，PO ${BULK_EXAMPLE_PO_NO}），示例行不会导入：请填写装箱明细后再导入`
      : '文件中没有装箱明细';
    return { lines: [], exampleRows, errors: [{ row: exampleRows[0] ?? BULK_SHEET_FIRST_DATA_ROW, message }] };
  }
  if (lineRows.length > bulkLimits.importMaxRows) {
    return {
      lines: [],
      exampleRows,
      errors: [
        {
          row: lineRows[bulkLimits.importMaxRows].row,
          message: `一次最多导入 ${bulkLimits.importMaxRows} 行，本文件有 ${lineRows.length} 行`,
        },
      ],
    };
  }

  const lines: { row: number; line: BulkCreate }[] = [];
  for (const { row, cells } of lineRows) {
    const input: Record<string, unknown> = {};
    const rowErrors: BulkImportRowError[] = [];
    for (const column of importedColumns) {
      const read = readCell(column, cells[columnIndex.get(column) as number], aliases);
      if ('problem' in read) rowErrors.push({ row, field: column.field, message: read.problem });
      else input[column.field] = read.value;
    }
    if (rowErrors.length === 0) {
      const parsed = bulkCreateSchema.safeParse(input);
      if (parsed.success) lines.push({ row, line: parsed.data });
      else {
        for (const issue of parsed.error.issues) {
          const field = issue.path[0] as BulkField | undefined;
          rowErrors.push({ row, ...(field ? { field } : {}), message: issue.message });
        }
      }
    }
    errors.push(...rowErrors);
  }

  const withRows = lines.map(({ row, line }) => ({ row, poNo: line.poNo, cartonFrom: line.cartonFrom, cartonTo: line.cartonTo }));
  for (const { line, other } of findOverlaps(withRows)) {
    errors.push({
      row: line.row,
      field: 'cartonFrom',
      message: `PO ${line.poNo} 的箱号 ${line.cartonFrom}–${line.cartonTo} 与第 ${other.row} 行（${other.cartonFrom}–${other.cartonTo}）重叠`,
    });
  }
  errors.sort((a, b) => a.row - b.row);
  return { lines, exampleRows, errors };
}

/**
 * The 422 of a refused import: the bad rows in row order, at most importMaxRowErrors (then `rowsTruncated`),
 * and a message that counts them.
 */
export function importRejected(errors: readonly BulkImportRowError[], message?: string): BulkImportErrorBody {
  return sheetRejected(errors, bulkLimits.importMaxRowErrors, message);
}

/** The header row of an import file: the imported columns, in bulkSheetColumns order. */
export const bulkImportHeader = (): string[] => importedColumns.map((column) => column.header);

/**
 * The example row of the import template: a line that imports as it is, written with the names a customer
 * sees (factory and size group by name). `exFactoryDate` as YYYY-MM-DD.
 */
export function bulkImportExampleRow(
  factory: { name: string },
  sizeGroup: { name: string; sizes: readonly string[] },
  exFactoryDate: string,
): PlainCell[] {
  const sizes = sizeGroup.sizes.slice(0, 2);
  const sizeBreakdown = Object.fromEntries(sizes.map((size, i) => [size, i === 0 ? 4 : 8]));
  const example: Partial<Record<BulkField, PlainCell>> = {
    odgItemNo: 'ODG-EXAMPLE',
    // No real order's number: the example is there to be replaced, and the import knows it by this number.
    poNo: BULK_EXAMPLE_PO_NO,
    styleNo: 'STYLE-EXAMPLE',
    colour: 'NAVY',
    factoryCode: factory.name,
    sizeGroup: sizeGroup.name,
    sizeBreakdown: formatSizeBreakdown(sizeBreakdown, sizes),
    packType: packTypeLabels[packTypeOf(sizeBreakdown)],
    cartonFrom: 1,
    cartonTo: 10,
    nwPerCtn: 8.4,
    gwPerCtn: 9.2,
    ctnL: 60,
    ctnW: 40,
    ctnH: 35,
    destination: 'Los Angeles',
    exFactoryDate,
  };
  return importedColumns.map((column) => example[column.field] ?? null);
}

/** The header row of an export. */
export const bulkSheetHeader = (): string[] => bulkSheetColumns.map((column) => column.header);

/** One exported row, in bulkSheetColumns order: labels for codes, "S:2;M:4" for the breakdown, a Date for createdAt. */
export function bulkLineToSheetRow(line: BulkLine, sizeOrder: readonly string[] = []): PlainCell[] {
  return bulkSheetColumns.map((column): PlainCell => {
    switch (column.kind) {
      case 'type':
        return bulkTypeLabels[line.type];
      case 'packType':
        return packTypeLabels[line.packType];
      case 'status':
        return bulkStatusLabels[line.status];
      case 'inspectionResult':
        return line.inspectionResult ? inspectionResultLabels[line.inspectionResult] : '';
      case 'sizeBreakdown':
        return formatSizeBreakdown(line.sizeBreakdown, sizeOrder);
      case 'dateTime':
        return new Date(line[column.field as 'createdAt']);
      default: {
        const value = line[column.field as keyof BulkLine];
        return typeof value === 'number' || typeof value === 'string' ? value : '';
      }
    }
  });
}

/** "第 3 行 PO号：请输入PO号" — one readable line of an error report (logs, CLI). */
export const describeRowError = (error: BulkImportRowError) =>
  `第 ${error.row} 行${error.field ? ` ${bulkFieldLabels[error.field]}` : ''}：${error.message}`;
