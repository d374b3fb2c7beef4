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

/** A valid import row (Chinese headers) on the demo's lookups, cartons from..to of a PO. */
export const importRow = (poNo: string, from: number, to: number, over: ImportRow = {}): ImportRow => ({
  ODG货号: 'ODG240001',
  PO号: poNo,
  款号: 'TS-2025-01',
  颜色: 'NAVY',
  工厂: 'F01',
  尺码组: 'APP-INT',
  尺码配比: 'S:4;M:8;L:8;XL:4',
  装箱方式: '单色混码',
  起始箱号: from,
  结束箱号: to,
  '净重/箱(kg)': 8.4,
  '毛重/箱(kg)': 9.2,
  '外箱长(cm)': 60,
  '外箱宽(cm)': 40,
  '外箱高(cm)': 35,
  目的地: 'Los Angeles',
  出厂日: '2025-03-10',
  ...over,
});

/** An xlsx with the import headers in row 1 and `rows` below, as a user would upload it. */
export async function importWorkbook(rows: readonly ImportRow[], headers: readonly string[] = importHeaders): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('装箱明细');
  sheet.addRow([...headers]);
  for (const row of rows) sheet.addRow(headers.map((header) => row[header] ?? null));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
