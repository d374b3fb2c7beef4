/**
 * The xlsx side of import and export. Import reads the upload with the bounded reader of server/xlsx (no file
 * can make it slow or large) and hands its rows to contract/packing/sheet.readBulkSheet. Export streams
 * (server/xlsx/writeSheet): a 100 000-line file is written while the rows arrive.
 */
import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { BulkLine } from '../../../contract/packing/schema';
import { BULK_SHEET_NAME, bulkLimits, bulkSheetColumns } from '../../../contract/packing/codes';
import { readFirstSheet, type SheetCell } from '../../xlsx/readSheet';
import { sheetStream } from '../../xlsx/writeSheet';
import { lineFreightCells, lineFreightHeader } from '../../../contract/freight/codes';
import type { LineFreight } from '../freight/lines';
import { bulkImportExampleRow, bulkImportHeader, bulkLineToSheetRow, bulkSheetHeader } from '../../../contract/packing/sheet';
import type { Factory, SizeGroup } from '../../../contract/lookup/schema';

/**
 * The file may unpack to at most this. A 50 000-line import takes about 30 MB of worksheet XML; the rows read
 * from it take a few times that in memory.
 */
const MAX_UNPACKED_BYTES = 100 * 1024 * 1024;
/** Columns an import may use: the sheet's own and as many again for a customer's notes. */
export const bulkSheetMaxColumns = bulkSheetColumns.length * 2;

/** The rows of the first worksheet within the import's limits: `rows[i]` is Excel row i + 1, from column A. */
export function readSheetRows(file: Buffer, maxUnpackedBytes = MAX_UNPACKED_BYTES): Promise<SheetCell[][]> {
  return readFirstSheet(file, {
    maxUnpackedBytes,
    // The header, the lines, and room for blank rows the reader skips.
    maxRows: bulkLimits.importMaxRows + 1000,
    maxColumns: bulkSheetMaxColumns,
  });
}

/**
 * An xlsx of the lines, written while the chunks arrive; `sizeOrder` orders each size breakdown's cell, and each
 * chunk's freight (`freightOf`) fills the two columns after the import's.
 */
export function bulkSheetStream(
  chunks: AsyncIterable<BulkLine[]>,
  sizeOrder: (sizeGroup: string) => readonly string[],
  freightOf: (keys: string[]) => Promise<ReadonlyMap<string, LineFreight>> = async () => new Map(),
): Readable {
  async function* rows() {
    for await (const lines of chunks) {
      const freight = await freightOf(lines.map((line) => line.key));
      yield lines.map((line) => [
        ...bulkLineToSheetRow(line, sizeOrder(line.sizeGroup)),
        ...lineFreightCells(freight.get(line.key)),
      ]);
    }
  }
  return sheetStream(BULK_SHEET_NAME, [...bulkSheetHeader(), ...lineFreightHeader], rows());
}

/** The name of the import template's second sheet, the lookups. */
const TEMPLATE_LOOKUP_SHEET = '工厂与尺码组';

/**
 * The import template: the import's headers with one example row that imports as it is, and a second sheet
 * listing the factories and size groups by code and name (either may be written in the first sheet).
 */
export async function importTemplate(
  factories: readonly Factory[],
  sizeGroups: readonly SizeGroup[],
  today = new Date(),
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const lines = workbook.addWorksheet(BULK_SHEET_NAME);
  lines.addRow(bulkImportHeader()).font = { bold: true };
  const exFactoryDate = new Date(today.getTime() + 30 * 86_400_000).toISOString().slice(0, 10);
  if (factories[0] && sizeGroups[0]) {
    // The example is marked as one, in grey italics with a note: the import leaves it out (BULK_EXAMPLE_PO_NO).
    const example = lines.addRow(bulkImportExampleRow(factories[0], sizeGroups[0], exFactoryDate));
    example.font = { italic: true, color: { argb: 'FF8C8C8C' } };
    example.getCell(1).note = '示例行：导入时不会导入此行（PO 为示例号），请在其下填写，或替换为真实明细';
  }
  lines.columns.forEach((column) => (column.width = 16));
  const lookups = workbook.addWorksheet(TEMPLATE_LOOKUP_SHEET);
  lookups.addRow(['类别', '代码', '名称', '说明']).font = { bold: true };
  for (const factory of factories)
    lookups.addRow(['工厂', factory.code, factory.name, [factory.country, factory.city].filter(Boolean).join(' ')]);
  for (const group of sizeGroups) lookups.addRow(['尺码组', group.code, group.name, `尺码：${group.sizes.join(' ')}`]);
  lookups.columns.forEach((column) => (column.width = 20));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
