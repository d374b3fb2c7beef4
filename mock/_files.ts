/**
 * xlsx in the mock, as the server's upload and download helpers: the uploaded file's first sheet as rows
 * (413 over the limit, 422 when unreadable) and a sheet sent as a download. exceljs runs in umi's dev server.
 */
import ExcelJS from 'exceljs';
import { fileTooLargeMessage } from '../contract/shared/formats';
import type { MockRequest, MockResponse } from './_http';
import { refuse, type MockInput } from './_resource';
import { assertExportable, exportFileName, exportLimits, sheetRows, type ListExport } from '../contract/shared/exports/sheet';

interface UploadedFile {
  fieldname: string;
  originalname?: string;
  mimetype?: string;
  size: number;
  buffer: Buffer;
}

/** The request's file of field `file`: 422 without one, 413 over `maxBytes`. */
export function uploadedFile(req: MockRequest, maxBytes: number, missing: string): UploadedFile {
  const file = ((req as MockRequest & { files?: UploadedFile[] }).files ?? []).find((f) => f.fieldname === 'file');
  if (!file) throw refuse(422, 'VALIDATION_FAILED', missing, { file: '请选择文件' });
  if (file.size > maxBytes) throw refuse(413, 'TOO_LARGE', fileTooLargeMessage(maxBytes));
  return file;
}

export async function uploadedRows(
  req: MockRequest,
  maxBytes: number,
  messages: { missing: string; unreadable: string },
): Promise<unknown[][]> {
  const file = uploadedFile(req, maxBytes, messages.missing);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(file.buffer as unknown as ArrayBuffer);
  } catch {
    throw refuse(422, 'IMPORT_INVALID', messages.unreadable);
  }
  const rows: unknown[][] = [];
  workbook.worksheets[0]?.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    rows[rowNumber - 1] = (row.values as unknown[]).slice(1);
  });
  return rows;
}

type FileResponse = MockResponse & { setHeader: (name: string, value: string) => void };

/** Content shown as it is (a page, a script), of media type `type`. */
export function sendContent(res: MockResponse, type: string, content: Buffer) {
  (res as FileResponse).setHeader('Content-Type', type);
  res.send(content);
}

/** A file download, as the server's sendFile answers it. */
export function sendFile(res: MockResponse, type: string, fileName: string, content: Buffer) {
  (res as FileResponse).setHeader('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`);
  sendContent(res, type, content);
}

export async function sendXlsx(res: MockResponse, fileName: string, rows: readonly unknown[][]) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(fileName.replace(/[-.].*$/, ''));
  rows.forEach((row) => sheet.addRow(row));
  const type = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  sendFile(res, type, fileName, Buffer.from((await workbook.xlsx.writeBuffer()) as ArrayBuffer));
}

/** A list's export in the mock: its list handler's rows under the same filters and order, as the server's sheet. */
export const exportOf =
  <Item>(
    spec: ListExport<Item>,
    list: (input: MockInput) => { data: Item[]; total: number },
    enrich: (items: Item[]) => Item[] = (items) => items,
  ) =>
  (input: MockInput) => {
    const { data, total } = list({ ...input, query: { ...input.query, current: 1, pageSize: exportLimits.maxRows } });
    assertExportable(total);
    return sendXlsx(input.res, exportFileName(spec.label), sheetRows(spec, enrich(data)));
  };
