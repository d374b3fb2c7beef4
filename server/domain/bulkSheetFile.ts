/**
 * The xlsx side of import and export: exceljs (as the mock uses) reads the uploaded workbook into rows of cell
 * values for contract/bulkSheet.readBulkSheet, and writes an export from bulkLineToSheetRow. Both stream:
 * a 20 MB upload or a 100 000-line export never becomes one in-memory workbook model.
 */
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { BulkLine } from '../../contract/bulk';
import { BULK_SHEET_NAME, bulkLimits, bulkSheetColumns } from '../../contract/bulkCodes';
import { bulkLineToSheetRow, bulkSheetHeader, plainCell } from '../../contract/bulkSheet';

/** The file is not a workbook exceljs can read. */
export class UnreadableSheetError extends Error {}

const importedHeaders = new Set(bulkSheetColumns.filter((column) => column.imported).map((column) => column.header));

const isBlank = (value: unknown) => {
  const plain = plainCell(value);
  return plain === null || (typeof plain === 'string' && plain.trim() === '');
};

/**
 * The rows of the first worksheet: `rows[i]` is Excel row i + 1, an array of cell values from column A.
 * Rows with nothing under an imported header are left out (readBulkSheet skips them). Past importMaxRows + 1
 * data rows a file is refused anyway (readBulkSheet counts the rows for its message), so further data rows
 * are kept as one shared placeholder: a huge file costs a count, not its cells.
 */
export async function readSheetRows(file: Buffer): Promise<unknown[][]> {
  const rows: unknown[][] = [];
  const placeholder: unknown[] = [];
  let importedColumnIndexes: number[] = [];
  let dataRows = 0;
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(file), {
      sharedStrings: 'cache',
      styles: 'cache',
      hyperlinks: 'ignore',
      worksheets: 'emit',
      entries: 'ignore',
    });
    for await (const worksheet of reader) {
      for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) {
        const cells = (row.values as unknown[]).slice(1);
        if (row.number === 1) {
          rows[0] = cells;
          importedColumnIndexes = cells.flatMap((cell, index) => (importedHeaders.has(String(plainCell(cell) ?? '').trim()) ? [index] : []));
          placeholder.push(...cells.map(() => 'x'));
        } else if (importedColumnIndexes.some((index) => !isBlank(cells[index]))) {
          dataRows += 1;
          rows[row.number - 1] = dataRows <= bulkLimits.importMaxRows + 1 ? cells : placeholder;
        }
      }
      break;
    }
  } catch (error) {
    throw new UnreadableSheetError(error instanceof Error ? error.message : String(error));
  }
  return rows;
}

/** An xlsx of the lines, written while the chunks arrive; `sizeOrder` orders each size breakdown's cell. */
export function bulkSheetStream(chunks: AsyncIterable<BulkLine[]>, sizeOrder: (sizeGroup: string) => readonly string[]): Readable {
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const worksheet = workbook.addWorksheet(BULK_SHEET_NAME);
  (async () => {
    worksheet.addRow(bulkSheetHeader()).commit();
    for await (const lines of chunks) {
      for (const line of lines) worksheet.addRow(bulkLineToSheetRow(line, sizeOrder(line.sizeGroup))).commit();
    }
    worksheet.commit();
    await workbook.commit();
  })().catch((error: Error) => output.destroy(error));
  return output;
}
