/** Mock of 报关交接 for `npm run dev`: handovers of the mock's booked orders, with the contract's rules. */
import {
  assertDeclarationMove,
  assertDeclarationOpen,
  declarationElementRows,
  declarationElementsFileName,
  declarationAccess,
  declarationDocumentLabels,
  declarationEndpoints,
  declarationLimits,
  documentFileName,
  emptyChecklist,
  handoverProblems,
  lineTotal,
  linesFromPacking,
  type Declaration,
  type DeclarationLine,
  declarationListFilters,
} from '../contract/declaration/schema';
import { declarableOrderStatuses } from '../contract/order/codes';
import { assertNoProblems } from '../contract/shared/ruleError';
import { ownerNamesOf } from './_demo';
import { filterRows, mockEndpoints, pageOf, refuse, type MockInput } from './_resource';
import { declarationExport } from '../contract/shared/exports/lists';
import { shared } from './_store';
import { bulkLines as bulkLineTable, declarations, orders, plans, type DeclarationRow } from './_tables';
import { exportOf, sendFile, sendXlsx, uploadedFile } from './_files';

type Row = DeclarationRow;
const named = (row: Row): Declaration => ({ ...row, ...ownerNamesOf(row.owner) });
/** The uploaded files by handover and document, with their bytes for the download. */
const files = shared(
  'declarationFiles',
  () => new Map<string, { fileName: string; size: number; uploadedAt: string; type: string; content: Buffer }>(),
);

const declarationList = ({ user, query }: MockInput) =>
  pageOf(filterRows(declarations.visible(user), query, declarationListFilters).map(named), query, 'createdAt:descend');

export default mockEndpoints(declarationEndpoints, declarationAccess, '报关交接不存在', {
  list: declarationList,
  export: exportOf(declarationExport, declarationList),
  get: ({ user, params }) => {
    const [row] = declarations.find(user, [params.key], 'read');
    const history = declarations.statusHistory<Declaration['status']>(row.key);
    return { ...named(row), history };
  },
  elements: ({ user, params, res }) => {
    const [row] = declarations.find(user, [params.key], 'read');
    return sendXlsx(res, declarationElementsFileName(row.key), declarationElementRows(row));
  },
  create: ({ user, body }) => {
    const order = orders.rows.find((candidate) => candidate.key === body.orderKey);
    if (!order) throw refuse(404, 'NOT_FOUND', '订舱单不存在');
    if (!(declarableOrderStatuses as readonly string[]).includes(order.status)) {
      throw refuse(409, 'NOT_BOOKED', `订舱单 ${order.key} 尚未订舱，不能建报关交接`);
    }
    const taken = declarations.rows.find((row) => row.orderKey === order.key);
    if (taken) throw refuse(409, 'DECLARATION_EXISTS', `订舱单 ${order.key} 已有报关交接 ${taken.key}`);
    const plan = plans.rows.find((candidate) => candidate.key === order.planKey)!;
    const packed = bulkLineTable.rows.filter((line) => line.planKey === plan.key);
    return named(
      declarations.insert(user, {
        orderKey: order.key,
        planKey: plan.key,
        carrierBookingNo: order.carrierBookingNo,
        documents: emptyChecklist(),
        files: {},
        contractNo: '',
        invoiceNo: '',
        tradeTerm: 'FOB',
        currency: plan.priceSnapshot.currency,
        broker: '',
        lines: linesFromPacking(packed),
        status: 'PENDING',
        handedAt: null,
        owner: plan.owner,
      }),
    );
  },
  uploadDocument: ({ req, user, params }) => {
    const file = uploadedFile(req, declarationLimits.documentMaxBytes, '请选择要上传的单证文件');
    const kept = documentFileName(file.originalname ?? '', file.size);
    if ('problem' in kept) throw refuse(422, 'VALIDATION_FAILED', kept.problem, { file: kept.problem });
    const [row] = declarations.find(user, [params.key]);
    assertDeclarationOpen(row.key, row.status, '单证');
    const uploaded = { fileName: kept.fileName, size: file.size, uploadedAt: new Date().toISOString() };
    files.set(`${row.key}/${params.document}`, { ...uploaded, type: file.mimetype ?? '', content: file.buffer });
    const document = params.document as keyof Row['documents'];
    return named(
      declarations.change(user, row, {
        ...row,
        documents: { ...row.documents, [document]: true },
        files: { ...row.files, [document]: uploaded },
      }),
    );
  },
  downloadDocument: ({ user, params, res }) => {
    declarations.find(user, [params.key], 'read');
    const file = files.get(`${params.key}/${params.document}`);
    const label = declarationDocumentLabels[params.document as keyof Row['documents']];
    if (!file) throw refuse(404, 'NOT_FOUND', `报关交接 ${params.key} 的${label}没有上传文件`);
    return sendFile(res, file.type, file.fileName, file.content);
  },
  update: ({ user, params, body: { version, status, lines, ...fields } }) => {
    const [row] = declarations.find(user, [params.key]);
    declarations.assertVersions([row], { [row.key]: version });
    if (Object.keys(fields).length || lines) assertDeclarationOpen(row.key, row.status, '资料');
    const priced = (lines as Omit<DeclarationLine, 'totalPrice'>[] | undefined)?.map((line) => ({
      ...line,
      totalPrice: lineTotal(line.qty, line.unitPrice),
    }));
    const next = { ...row, ...fields, ...(priced ? { lines: priced } : {}) };
    if (status) {
      assertDeclarationMove(row.key, row.status, status);
      if (status === 'HANDED_OVER') assertNoProblems(handoverProblems(next));
    }
    const handedAt = status === 'HANDED_OVER' ? new Date().toISOString() : next.handedAt;
    return named(declarations.change(user, row, { ...next, status: status ?? row.status, handedAt }));
  },
});
