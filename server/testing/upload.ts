/** Request bodies for the xlsx import in tests and benchmarks: multipart/form-data and workbooks built with exceljs. */
import ExcelJS from 'exceljs';
import { bulkSheetColumns } from '../../contract/packing/codes';

/** A multipart/form-data body with one file part, ready for inject() (`payload`, `headers`). */
export function multipartFile(
  file: Buffer,
  options: { field?: string; filename?: string; contentType?: string } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----shipdesk${Math.random().toString(16).slice(2)}`;
  const head = [
    `--${boundary}`,
    `Content-Disposition: form-data; name="${options.field ?? 'file'}"; filename="${options.filename ?? 'bulkdata.xlsx'}"`,
    `Content-Type: ${options.contentType ?? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'}`,
    '',
    '',
  ].join('\r\n');
  return {
    payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The headers of an import file, in bulkSheetColumns order. */
export const importHeaders = bulkSheetColumns.filter((column) => column.imported).map((column) => column.header);

/** An import row by header name (any header left out stays empty). */
export type ImportRow = Partial<Record<string, unknown>>;

/** An xlsx with the import headers in row 1 and `rows` below, as a user would upload it. */
export async function importWorkbook(rows: readonly ImportRow[], headers: readonly string[] = importHeaders): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('装箱明细');
  sheet.addRow([...headers]);
  for (const row of rows) sheet.addRow(headers.map((header) => row[header] ?? null));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
