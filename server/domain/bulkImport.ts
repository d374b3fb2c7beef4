/**
 * POST /v1/packing/{type}/bulkdata/import: all or nothing. The rows are read and checked by
 * contract/bulkSheet.readBulkSheet (fields, rules, overlaps within the file); then, in one transaction with
 * the file's POs locked, against the database (factories, size groups and their sizes, one query of the stored
 * ranges of the file's POs); then written with their audit rows (insertImportedLines). Any bad row → nothing
 * written, and the answer lists the rows with their reasons.
 */
import type { BulkImportErrorBody, BulkImportResult, BulkImportRowError, BulkType } from '../../contract/bulk';
import { bulkLimits, type BulkField } from '../../contract/bulkCodes';
import { readBulkSheet } from '../../contract/bulkSheet';
import type { SessionUser } from '../auth/sessions';
import type { Db } from '../db/open';
import { insertImportedLines, lockPurchaseOrders, lookupProblems, newLineValues, overlapMessage, storedOverlaps } from './bulkLines';

export function importRejected(errors: BulkImportRowError[], truncated = false, message?: string): BulkImportErrorBody {
  const sorted = [...errors].sort((a, b) => a.row - b.row);
  const rows = sorted.slice(0, bulkLimits.importMaxRowErrors);
  const more = truncated || sorted.length > rows.length;
  // A truncated list names only some of the bad rows: say "at least".
  const rowCount = new Set((more ? rows : sorted).map((error) => error.row)).size;
  return {
    success: false,
    errorCode: 'IMPORT_INVALID',
    errorMessage: message ?? `${more ? '至少 ' : ''}${rowCount} 行有错误，文件未导入`,
    rows,
    ...(more ? { rowsTruncated: true } : {}),
  };
}

/** `rows`: the worksheet's rows as readSheetRows gives them (row 1 the header). */
export async function importBulkLines(
  db: Db,
  caller: SessionUser,
  type: BulkType,
  rows: readonly (readonly unknown[] | undefined)[],
): Promise<BulkImportResult | BulkImportErrorBody> {
  const read = readBulkSheet(rows);
  if (read.errors.length) return importRejected(read.errors, read.truncated);
  const lines = read.lines;
  return db.transaction(async (tx) => {
    await lockPurchaseOrders(tx, new Set(lines.map(({ line }) => line.poNo)));
    const errors: BulkImportRowError[] = [];
    const problems = await lookupProblems(
      tx,
      lines.map(({ line }) => line),
    );
    problems.forEach((fields, i) => {
      for (const [field, message] of Object.entries(fields)) errors.push({ row: lines[i].row, field: field as BulkField, message });
    });
    const clashing = await storedOverlaps(
      tx,
      lines.map(({ row, line }) => ({ row, poNo: line.poNo, cartonFrom: line.cartonFrom, cartonTo: line.cartonTo })),
    );
    for (const line of clashing) {
      errors.push({ row: line.row, field: 'cartonFrom', message: overlapMessage(line) });
    }
    if (errors.length) return importRejected(errors);

    await insertImportedLines(
      tx,
      caller.id,
      lines.map(({ line }) => newLineValues(type, line, caller.id)),
    );
    const result: BulkImportResult = { success: true, imported: lines.length };
    return result;
  });
}
