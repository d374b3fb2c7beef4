/**
 * The xlsx side of import and export, with exceljs as the mock uses it. Import loads the uploaded workbook
 * (`workbook.xlsx.load`, as the mock: exceljs's streaming reader loses the last zip entry now and then, and
 * exceljs writes xl/workbook.xml last — issue exceljs#3064) and hands its rows to
 * contract/bulkSheet.readBulkSheet. Export streams: a 100 000-line file is written while the rows arrive.
 */
import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { BulkLine } from '../../contract/bulk';
import { BULK_SHEET_NAME } from '../../contract/bulkCodes';
import { bulkLineToSheetRow, bulkSheetHeader } from '../../contract/bulkSheet';

/** The file is not a workbook exceljs can read. */
export class UnreadableSheetError extends Error {}

/**
 * The file unpacks to more than this. A 50 000-line import takes about 30 MB of worksheet XML, and a loaded
 * workbook takes some 14 times its XML in memory: a 20 MB upload of tightly packed rows must not take the
 * server's memory with it.
 */
const MAX_UNPACKED_BYTES = 100 * 1024 * 1024;
export class OversizedSheetError extends Error {}

/** Uncompressed bytes of a zip's entries, from its central directory; undefined when there is none to read. */
export function unpackedSize(file: Buffer): number | undefined {
  const END_OF_DIRECTORY = 0x06054b50;
  const DIRECTORY_ENTRY = 0x02014b50;
  for (let end = file.length - 22; end >= Math.max(0, file.length - 22 - 0xffff); end -= 1) {
    if (file.readUInt32LE(end) !== END_OF_DIRECTORY) continue;
    const entries = file.readUInt16LE(end + 10);
    let at = file.readUInt32LE(end + 16);
    let total = 0;
    for (let n = 0; n < entries; n += 1) {
      if (at + 46 > file.length || file.readUInt32LE(at) !== DIRECTORY_ENTRY) return undefined;
      const size = file.readUInt32LE(at + 24);
      // 0xffffffff: the size is in a ZIP64 field, beyond any workbook we accept.
      total += size === 0xffffffff ? Infinity : size;
      at += 46 + file.readUInt16LE(at + 28) + file.readUInt16LE(at + 30) + file.readUInt16LE(at + 32);
    }
    return total;
  }
  return undefined;
}

/** The rows of the first worksheet: `rows[i]` is Excel row i + 1, an array of cell values from column A. */
export async function readSheetRows(file: Buffer, maxUnpackedBytes = MAX_UNPACKED_BYTES): Promise<unknown[][]> {
  const size = unpackedSize(file);
  if (size === undefined) throw new UnreadableSheetError('not a zip file');
  if (size > maxUnpackedBytes) throw new OversizedSheetError(`${size} bytes unpacked`);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
  } catch (error) {
    throw new UnreadableSheetError(error instanceof Error ? error.message : String(error));
  }
  const rows: unknown[][] = [];
  workbook.worksheets[0]?.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    rows[rowNumber - 1] = (row.values as unknown[]).slice(1);
  });
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
