/**
 * The price workbook's import (POST /v1/osbPrice/import): all or nothing, every bad row listed as the packing
 * import lists them. A sailing already priced is replaced (the import is the clerk's price list of record).
 */
import ExcelJS from 'exceljs';
import { addDays, chinaToday } from '../../../contract/plan/codes';
import { priceLimits } from '../../../contract/price/codes';
import {
  priceExampleRow,
  priceImportRejected,
  priceSheetHeader,
  readPriceSheet,
  type PriceRowError,
} from '../../../contract/price/sheet';
import type { SessionUser } from '../../auth/sessionUser';
import type { Db } from '../../db/open';
import { OversizedSheetError, readFirstSheet, UnreadableSheetError } from '../../xlsx/readSheet';
import { priceProblems, writePrices } from './prices';
import { settingValue } from '../setting';

/** The workbook's answer: 201 with the counts, or 422 with every bad row (nothing written). */
type ImportAnswer = { status: 201 | 422; body: unknown };

export async function importPrices(db: Db, caller: SessionUser, file: Buffer): Promise<ImportAnswer> {
  let rows;
  try {
    rows = await readFirstSheet(file, {
      maxUnpackedBytes: 50 * 1024 * 1024,
      maxRows: priceLimits.maxImportRows + 1000,
      maxColumns: 40,
    });
  } catch (error) {
    if (!(error instanceof OversizedSheetError || error instanceof UnreadableSheetError)) throw error;
    const message =
      error instanceof OversizedSheetError
        ? `文件内容过多：一次最多导入 ${priceLimits.maxImportRows} 行运价`
        : '无法读取文件，请上传 xlsx 格式的运价表';
    return { status: 422, body: priceImportRejected([], message) };
  }
  const read = readPriceSheet(rows);
  if (read.refusal) return { status: 422, body: priceImportRejected([], read.refusal) };
  const prices = read.prices.map((entry) => entry.price);
  const problems = await priceProblems(db, prices, (i) => String(read.prices[i].row));
  const errors: PriceRowError[] = [
    ...read.errors,
    ...Object.entries(problems).map(([where, message]) => {
      const [row, field] = where.split('.');
      return { row: Number(row), field: field as PriceRowError['field'], message };
    }),
  ];
  if (errors.length) return { status: 422, body: priceImportRejected(errors) };
  const { rows: written, inserted } = await db.transaction((tx) => writePrices(tx, caller, prices, false));
  return { status: 201, body: { success: true, imported: written.length, updated: written.length - inserted } };
}

/** GET /v1/osbPrice/template — the headers, one example row, and a sheet of the ports and carriers by code. */
export async function priceTemplate(db: Db): Promise<Buffer> {
  const [ports, carriers] = await Promise.all([settingValue(db, 'ports'), settingValue(db, 'carriers')]);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('运价');
  sheet.addRow(priceSheetHeader()).font = { bold: true };
  sheet.addRow(priceExampleRow(addDays(chinaToday(), 30)));
  sheet.columns.forEach((column) => (column.width = 14));
  const codes = workbook.addWorksheet('港口与船公司');
  codes.addRow(['类别', '代码', '名称']).font = { bold: true };
  for (const port of ports) codes.addRow(['港口', port.code, port.name]);
  for (const carrier of carriers) codes.addRow(['船公司', carrier.scac, carrier.name]);
  codes.columns.forEach((column) => (column.width = 16));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
