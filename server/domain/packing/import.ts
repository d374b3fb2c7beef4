/**
 * POST /v1/packing/{type}/bulkdata/import: all or nothing. The rows are read and checked by
 * contract/packing/sheet.readBulkSheet (fields, rules, overlaps within the file); then, in one transaction with
 * the file's POs locked, against the database (factories, size groups and their sizes, one query of the stored
 * ranges of the file's POs); then written with their audit rows (insertImportedLines). Any bad row → nothing
 * written, and the answer lists the rows with their reasons.
 */
import type { BulkImportErrorBody, BulkImportResult, BulkImportRowError, BulkType } from '../../../contract/packing/schema';
import type { BulkField } from '../../../contract/packing/codes';
import { aliasesOf, importRejected, readBulkSheet } from '../../../contract/packing/sheet';
import { listFactories, listSizeGroups } from '../lookup';
import type { SessionUser } from '../../auth/sessionUser';
import type { Db } from '../../db/open';
import { sql } from 'drizzle-orm';
import { auditLog } from '../../db/schema';
import { overlapMessage } from '../../../contract/packing/checks';
import { lockPurchaseOrders, lookupProblems, storedOverlaps } from './checks';
import { newLineValues } from '../../../contract/packing/rules';
import { BULK_ENTITY, lineJson, lineShape } from './lines';

/** `rows`: the worksheet's rows as readSheetRows gives them (row 1 the header). */
export async function importBulkLines(
  db: Db,
  caller: SessionUser,
  type: BulkType,
  rows: readonly (readonly unknown[] | undefined)[],
): Promise<BulkImportResult | BulkImportErrorBody> {
  const [factoryList, groupList] = await Promise.all([listFactories(db), listSizeGroups(db)]);
  const read = readBulkSheet(rows, { factoryCode: aliasesOf(factoryList), sizeGroup: aliasesOf(groupList) });
  const lines = read.lines;
  // A file without its headers or lines has nothing to check against the database.
  if (lines.length === 0) return importRejected(read.errors);
  return db.transaction(async (tx) => {
    await lockPurchaseOrders(tx, new Set(lines.map(({ line }) => line.poNo)));
    // Every bad row in one answer: the file's own problems and those against stored data.
    const errors: BulkImportRowError[] = [...read.errors];
    const problems = await lookupProblems(
      tx,
      lines.map(({ line }) => line),
    );
    problems.forEach((fields, i) => {
      for (const [field, message] of Object.entries(fields))
        errors.push({ row: lines[i].row, field: field as BulkField, message });
    });
    const clashing = await storedOverlaps(
      tx,
      caller.id,
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
    const result: BulkImportResult = {
      success: true,
      imported: lines.length,
      ...(read.exampleRows.length ? { exampleSkipped: true } : {}),
    };
    return result;
  });
}

/** Lines per statement of insertImportedLines. */
const INSERT_CHUNK = 5000;

/**
 * Inserts the lines of an import with their audit rows (action `import`, actor `actor`): each chunk is one
 * statement, and the audit rows are made by the database from the inserted rows, since sending 50 000 lines
 * back and forth as audit JSON costs seconds.
 */
async function insertImportedLines(db: Db, actor: string, lines: readonly ReturnType<typeof newLineValues>[]): Promise<void> {
  for (let start = 0; start < lines.length; start += INSERT_CHUNK) {
    await db.execute(sql`
      with line as (${lineShape.insertJson(lines.slice(start, start + INSERT_CHUNK))} returning *)
      insert into ${auditLog} (actor, entity, entity_key, action, after)
      select ${actor}, ${BULK_ENTITY}, key, 'import', ${lineJson('line', { binary: true })} from line`);
  }
}
