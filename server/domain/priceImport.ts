/**
 * The price workbook's import (POST /v1/osbPrice/import): all or nothing, every bad row listed as the packing
 * import lists them. A sailing already priced is replaced (the import is the clerk's price list of record).
 */
import ExcelJS from 'exceljs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { addDays, chinaToday } from '../../contract/planCodes';
import { priceLimits } from '../../contract/priceCodes';
import {
  priceExampleRow,
  priceImportRejected,
  priceSheetHeader,
  readPriceSheet,
  type PriceRowError,
} from '../../contract/priceSheet';
import type { SessionUser } from '../auth/sessions';
import type { Db } from '../db/open';
import { readUploadedFile } from '../http/upload';
import { OversizedSheetError, readFirstSheet, UnreadableSheetError } from '../xlsx/readSheet';
import { priceProblems, writePrices } from './prices';
import { settingValue } from './settings';

export async function importPrices(db: Db, caller: SessionUser, request: FastifyRequest, reply: FastifyReply) {
  const file = await readUploadedFile(request, { field: 'file', missingMessage: '请选择要导入的运价文件（xlsx）' });
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
    return reply.status(422).send(priceImportRejected([], message));
  }
  const read = readPriceSheet(rows);
  if (read.refusal) return reply.status(422).send(priceImportRejected([], read.refusal));
  const prices = read.prices.map((entry) => entry.price);
  const problems = await priceProblems(db, prices, (i) => String(read.prices[i].row));
  const errors: PriceRowError[] = [
    ...read.errors,
    ...Object.entries(problems).map(([where, message]) => {
      const [row, field] = where.split('.');
      return { row: Number(row), field: field as PriceRowError['field'], message };
    }),
  ];
  if (errors.length) return reply.status(422).send(priceImportRejected(errors));
  const { rows: written, inserted } = await db.transaction((tx) => writePrices(tx, caller, prices, false));
  return reply.status(201).send({ success: true, imported: written.length, updated: written.length - inserted });
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
