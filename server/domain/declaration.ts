/**
 * 报关交接: one handover per booked order, its goods lines first summed from the packing lines of the order's plan
 * by style. The clerk ticks the documents as they come, types the terms, HS codes and prices (totals computed),
 * and moves it on; it goes to the broker (已交接) only with every document and a complete line set.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { z } from 'zod';
import {
  assertDeclarationMove,
  assertDeclarationOpen,
  declarationAccess,
  declarationElementRows,
  declarationElementsFileName,
  declarationDocumentLabels,
  documentFileName,
  emptyChecklist,
  handoverProblems,
  lineTotal,
  linesFromPacking,
  missingDocumentsText,
  type Declaration,
  type DeclarationDetail,
  type DeclarationDocument,
  type DeclarationStatus,
  type DocumentChecklist,
  type declarationListQuerySchema,
  type declarationUpdateSchema,
  declarationListFilters,
} from '../../contract/declaration/schema';
import { declarableOrderStatuses } from '../../contract/order/codes';
import { assertNoProblems, RuleError } from '../../contract/shared/ruleError';
import type { SessionUser } from '../auth/sessionUser';
import { audit, statusHistory } from '../db/audit';
import { rowShape } from '../db/rowShape';
import type { Db } from '../db/open';
import { bulkLines, declarationFiles, declarations, osbOrders, osbPlans, storedFiles, type DeclarationRow } from '../db/schema';
import { notFound } from './refusals';
import { contentProblem } from './fileSignatures';
import { defineList } from './list';
import { sqlFilters } from './listFilters';
import { followTodo, notifyRole, todoSubjects } from './notice';
import { ownerNames } from './userNames';
import { storedFileStream, storeFile, type UploadedPart } from './storedFiles';
import { versioned } from './versioned';
import type { OwnerNameField, OwnerNames } from '../../contract/shared/owners';

/** The audit log's name for these rows. */
export const ENTITY = 'declaration';
const shape = rowShape<typeof declarations, Omit<Declaration, OwnerNameField | 'files'>>(declarations);
type Files = Declaration['files'];
/** The documents' files, as `{ document: { fileName, size, uploadedAt } }` built by the database. */
const filesOf = sql<Files>`(select coalesce(jsonb_object_agg(f.document, jsonb_build_object('fileName', f.file_name,
  'size', f.size, 'uploadedAt', to_char(f.uploaded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))), '{}')
  from ${declarationFiles} f where f.declaration_key = ${declarations.key})`;
const columns = { row: declarations, ...ownerNames(declarations), files: filesOf };
type Named = { row: DeclarationRow; files: Files } & OwnerNames;
const toDeclaration = ({ row, ...named }: Named): Declaration => ({ ...shape.toApi(row), ...named });
const rows = versioned({ table: declarations, entity: ENTITY, label: '报关交接', toApi: shape.toApi });

type Filters = Omit<z.output<typeof declarationListQuerySchema>, 'current' | 'pageSize' | 'sorter'>;

/** GET /v1/declaration — those waiting for their handover first, then the newest. */
export const listDeclarations = defineList<typeof columns, Named, Declaration, Filters>({
  name: 'declarations',
  table: declarations,
  key: declarations.key,
  owner: declarations,
  policy: declarationAccess,
  columns,
  toItem: toDeclaration,
  sortColumns: { createdAt: declarations.createdAt, key: declarations.key, status: declarations.status },
  defaultOrder: [sql`${declarations.status} <> 'PENDING'`, desc(declarations.createdAt)],
  filters: sqlFilters(declarations, declarationListFilters),
  countCap: 10_000,
  notFoundMessage: '报关交接不存在',
});

/** GET /v1/declaration/{key} — with its status moves from the audit, oldest first. */
export async function getDeclaration(db: Db, caller: SessionUser, key: string): Promise<DeclarationDetail> {
  const found = await listDeclarations.one(db, caller, key);
  const history = await statusHistory<DeclarationStatus>(db, ENTITY, key);
  return { ...toDeclaration(found), history };
}

const answer = async (db: Db, key: string) => {
  const [found] = await db.select(columns).from(declarations).where(eq(declarations.key, key));
  return toDeclaration(found);
};

/** POST /v1/declaration — one per booked order (409 for a second); the goods lines from its plan's packing lines. */
export async function createDeclaration(db: Db, caller: SessionUser, orderKey: string): Promise<Declaration> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ order: osbOrders, currency: sql<string>`${osbPlans.priceSnapshot}->>'currency'` })
      .from(osbOrders)
      .innerJoin(osbPlans, eq(osbPlans.key, osbOrders.planKey))
      .where(eq(osbOrders.key, orderKey))
      .for('update');
    if (!order) throw notFound('订舱单不存在');
    if (!(declarableOrderStatuses as readonly string[]).includes(order.order.status)) {
      throw new RuleError(409, 'NOT_BOOKED', `订舱单 ${orderKey} 尚未订舱，不能建报关交接`);
    }
    const [taken] = await tx.select({ key: declarations.key }).from(declarations).where(eq(declarations.orderKey, orderKey));
    if (taken) throw new RuleError(409, 'DECLARATION_EXISTS', `订舱单 ${orderKey} 已有报关交接 ${taken.key}`);
    const packed = await tx
      .select({ styleNo: bulkLines.styleNo, colour: bulkLines.colour, totalQty: bulkLines.totalQty })
      .from(bulkLines)
      .where(and(eq(bulkLines.planKey, order.order.planKey), inArray(bulkLines.status, ['allocated', 'shipped'])))
      .orderBy(asc(bulkLines.key));
    const [row] = await tx
      .insert(declarations)
      .values({
        orderKey,
        planKey: order.order.planKey,
        carrierBookingNo: order.order.carrierBookingNo,
        documents: emptyChecklist(),
        tradeTerm: 'FOB',
        currency: order.currency ?? 'USD',
        lines: linesFromPacking(packed),
        status: 'PENDING',
        owner: order.order.owner,
      })
      .returning();
    await audit(tx, { actor: caller.id, entity: ENTITY, entityKey: row.key, after: shape.toApi(row) });
    await notifyRole(
      tx,
      'documentClerk',
      {
        type: 'event',
        ...documentsTodo(row)!,
        status: 'todo',
        link: `/osb/declaration/${row.key}`,
        subject: todoSubjects.declarationDocuments(row.key),
      },
      caller.id,
    );
    return answer(tx, row.key);
  });
}

type Documented = { key: string; orderKey: string; status: string; documents: DocumentChecklist };

/** The clerks' to-do of a handover's missing documents, naming those still missing; none once all are in or it moved on. */
function documentsTodo(row: Documented) {
  const missing = missingDocumentsText(row.documents);
  if (row.status !== 'PENDING' || !missing) return undefined;
  return { title: `报关交接 ${row.key} 待收齐单证`, description: `订舱单 ${row.orderKey}：${missing}` };
}

/** After a change of the handover: its to-do names what is still missing, or is done. */
const followDocuments = (tx: Db, caller: SessionUser, row: Documented) =>
  followTodo(tx, todoSubjects.declarationDocuments(row.key), documentsTodo(row), caller.id);

/** PUT /v1/declaration/{key} — the changes and/or the next status, checked against the rules, with the version. */
export async function updateDeclaration(
  db: Db,
  caller: SessionUser,
  key: string,
  input: z.output<typeof declarationUpdateSchema>,
): Promise<Declaration> {
  const { version, status, lines, ...fields } = input;
  return db.transaction(async (tx) => {
    const [row] = await rows.lock(tx, [key]);
    rows.assertVersions([row], { [key]: version });
    if (Object.keys(fields).length || lines) assertDeclarationOpen(key, row.status, '资料');
    const next = {
      ...fields,
      ...(lines ? { lines: lines.map((line) => ({ ...line, totalPrice: lineTotal(line.qty, line.unitPrice) })) } : {}),
    };
    if (status) {
      assertDeclarationMove(key, row.status, status);
      if (status === 'HANDED_OVER') assertNoProblems(handoverProblems({ ...row, ...next }));
    }
    const after = await rows.change(tx, caller.id, row, {
      ...next,
      ...(status ? { status } : {}),
      ...(status === 'HANDED_OVER' ? { handedAt: new Date() } : {}),
    });
    await followDocuments(tx, caller, after);
    return answer(tx, key);
  });
}

/** GET /v1/declaration/{key}/elements — 申报要素 as a workbook for the broker. */
export async function declarationElements(db: Db, caller: SessionUser, key: string): Promise<{ name: string; file: Buffer }> {
  const declaration = await getDeclaration(db, caller, key);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('申报要素');
  declarationElementRows(declaration).forEach((row, i) => (sheet.addRow(row).font = { bold: i === 2 }));
  sheet.columns.forEach((column) => (column.width = 16));
  return { name: declarationElementsFileName(key), file: Buffer.from(await workbook.xlsx.writeBuffer()) };
}

/**
 * POST /v1/declaration/{key}/documents/{document} — keeps the file (a new one replaces the old) and marks the
 * document received, while the handover is 待交接. The version goes up and the audit records the change; the
 * client does not send one, as adding a file does not overwrite anything another clerk typed. The bytes are
 * stored first (storedFiles), then the row that refers to them and the tick commit together in a short
 * transaction: an upload cut off on the way leaves no row without its file and no tick without a row.
 */
export async function uploadDeclarationDocument(
  db: Db,
  caller: SessionUser,
  key: string,
  document: DeclarationDocument,
  file: UploadedPart,
): Promise<Declaration> {
  const named = documentFileName(file.fileName, file.content.length);
  if ('problem' in named) throw new RuleError(422, 'VALIDATION_FAILED', named.problem, { file: named.problem });
  const wrongContent = contentProblem(named.fileName, file.content);
  if (wrongContent) throw new RuleError(422, 'FILE_CONTENT_MISMATCH', wrongContent, { file: wrongContent });
  assertDeclarationOpen(key, (await listDeclarations.one(db, caller, key)).row.status, '单证');
  const fileId = await storeFile(db, file.content);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await rows.lock(tx, [key]);
      assertDeclarationOpen(key, row.status, '单证');
      const [replaced] = await tx
        .select({ fileId: declarationFiles.fileId })
        .from(declarationFiles)
        .where(and(eq(declarationFiles.declarationKey, key), eq(declarationFiles.document, document)));
      const values = {
        declarationKey: key,
        document,
        fileName: named.fileName,
        contentType: file.mimeType || 'application/octet-stream',
        size: file.content.length,
        fileId,
        uploadedBy: caller.id,
        uploadedAt: new Date(),
      };
      await tx
        .insert(declarationFiles)
        .values(values)
        .onConflictDoUpdate({ target: [declarationFiles.declarationKey, declarationFiles.document], set: values });
      if (replaced) await tx.delete(storedFiles).where(eq(storedFiles.id, replaced.fileId));
      await followDocuments(
        tx,
        caller,
        await rows.change(tx, caller.id, row, { documents: { ...row.documents, [document]: true } }),
      );
      return answer(tx, key);
    });
  } catch (error) {
    await db.delete(storedFiles).where(eq(storedFiles.id, fileId));
    throw error;
  }
}

/** GET /v1/declaration/{key}/documents/{document} — the file as it was uploaded, streamed from its chunks. */
export async function declarationDocumentFile(db: Db, caller: SessionUser, key: string, document: DeclarationDocument) {
  await listDeclarations.one(db, caller, key);
  const [file] = await db
    .select({ fileName: declarationFiles.fileName, contentType: declarationFiles.contentType, fileId: declarationFiles.fileId })
    .from(declarationFiles)
    .where(and(eq(declarationFiles.declarationKey, key), eq(declarationFiles.document, document)));
  if (!file) throw notFound(`报关交接 ${key} 的${declarationDocumentLabels[document]}没有上传文件`);
  return { fileName: file.fileName, contentType: file.contentType, content: storedFileStream(db, file.fileId) };
}
