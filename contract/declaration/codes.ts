/**
 * 报关交接 (customs declaration handover): routes, access, statuses, the document checklist and the rules as pure
 * functions, without zod. One handover per booking order: the clerk collects the documents and the goods lines
 * by HS code, hands them to the broker (报关行) and follows the declaration to customs release.
 */
import type { AccessPolicy } from '../shared/access';
import type { Route } from '../shared/endpoint';
import { lifecycle } from '../shared/lifecycle';

export const declarationRoutes = {
  list: { method: 'GET', path: '/v1/declaration' },
  export: { method: 'GET', path: '/v1/declaration/export' },
  get: { method: 'GET', path: '/v1/declaration/:key' },
  create: { method: 'POST', path: '/v1/declaration' },
  update: { method: 'PUT', path: '/v1/declaration/:key' },
  elements: { method: 'GET', path: '/v1/declaration/:key/elements' },
  uploadDocument: { method: 'POST', path: '/v1/declaration/:key/documents/:document' },
  downloadDocument: { method: 'GET', path: '/v1/declaration/:key/documents/:document' },
} as const satisfies Record<string, Route>;

/** Declarations are the clerk's work: they read and change every one. */
export const declarationAccess: AccessPolicy = {
  read: ['documentClerk'],
  write: ['documentClerk'],
  readAll: ['documentClerk'],
  changeAll: ['documentClerk'],
};

/** 状态: 待交接 → 已交接 → 已申报 → 已放行, or 已申报 → 查验 (customs inspects) → 已放行. */
export const declarationStatuses = ['PENDING', 'HANDED_OVER', 'DECLARED', 'INSPECTION', 'RELEASED'] as const;
export type DeclarationStatus = (typeof declarationStatuses)[number];
export const declarationStatusLabels: Record<DeclarationStatus, string> = {
  PENDING: '待交接',
  HANDED_OVER: '已交接',
  DECLARED: '已申报',
  INSPECTION: '查验',
  RELEASED: '已放行',
};
export const declarationStatusColors: Record<DeclarationStatus, string> = {
  PENDING: 'processing',
  HANDED_OVER: 'cyan',
  DECLARED: 'geekblue',
  INSPECTION: 'warning',
  RELEASED: 'success',
};
const declarationMoves: Record<DeclarationStatus, readonly DeclarationStatus[]> = {
  PENDING: ['HANDED_OVER'],
  HANDED_OVER: ['DECLARED'],
  DECLARED: ['RELEASED', 'INSPECTION'],
  INSPECTION: ['RELEASED'],
  RELEASED: [],
};
const declarationLifecycle = lifecycle('报关交接', declarationStatusLabels, declarationMoves);
/** The states a handover may move to from `status` (the page's buttons). */
export const declarationMovesFrom = declarationLifecycle.movesFrom;
/** 409 naming the current state when the handover cannot move to `to`. */
export const assertDeclarationMove = declarationLifecycle.assertMove;
/** 409 once the handover has left 待交接: its `what` (资料, 单证) no longer changes. */
export const assertDeclarationOpen = (key: string, status: DeclarationStatus, what: string) =>
  declarationLifecycle.assertChangeable(key, status, ['PENDING'], what);

/** 单证: every one must be received before the handover to the broker. */
export const declarationDocuments = ['contract', 'invoice', 'packingList', 'powerOfAttorney', 'declarationElements'] as const;
export type DeclarationDocument = (typeof declarationDocuments)[number];
export const declarationDocumentLabels: Record<DeclarationDocument, string> = {
  contract: '合同',
  invoice: '发票',
  packingList: '装箱单',
  powerOfAttorney: '报关委托书',
  declarationElements: '申报要素',
};
export type DocumentChecklist = Record<DeclarationDocument, boolean>;
export const emptyChecklist = (): DocumentChecklist =>
  Object.fromEntries(declarationDocuments.map((document) => [document, false])) as DocumentChecklist;

/** 成交方式 (Incoterms of the sale). */
export const tradeTerms = ['FOB', 'CFR', 'CIF'] as const;
export type TradeTerm = (typeof tradeTerms)[number];

/** 商品编号: China customs' 10-digit HS code. */
export const HS_CODE = /^\d{10}$/;

export const declarationLimits = { maxLines: 200, textMax: 60, documentMaxBytes: 10 * 1024 * 1024 };

/** The files a document may be: scans and photos, PDFs, spreadsheets and Word files. */
export const documentFileTypes = ['pdf', 'jpg', 'jpeg', 'png', 'xlsx', 'xls', 'docx', 'doc'] as const;
export const documentFileAccept = documentFileTypes.map((type) => `.${type}`).join(',');

/** A document's uploaded file as the handover shows it. */
export interface DocumentFile {
  fileName: string;
  size: number;
  uploadedAt: string;
}

/**
 * The name a document's file is kept under (the browser's, without folders or control characters, at most 100
 * characters), or the reason it is refused: a type outside documentFileTypes, an empty file.
 */
export function documentFileName(given: string, size: number): { fileName: string } | { problem: string } {
  const fileName = Array.from((given.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim())
    .slice(-100)
    .join('');
  const type = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase();
  if (!type || !(documentFileTypes as readonly string[]).includes(type)) {
    return { problem: `只能上传 ${documentFileTypes.join('、')} 文件` };
  }
  if (size === 0) return { problem: '文件是空的' };
  return { fileName };
}

export const declarationFieldLabels = {
  key: '交接单号',
  orderKey: '订舱单',
  planKey: '订舱计划',
  contractNo: '合同号',
  invoiceNo: '发票号',
  tradeTerm: '成交方式',
  currency: '币种',
  broker: '报关行',
  documents: '单证',
  lines: '商品',
  status: '状态',
  handedAt: '交接时间',
  ownerName: '客户',
} as const;

/** A goods line of the declaration, by HS code. */
export interface DeclarationLine {
  hsCode: string;
  name: string;
  qty: number;
  unit: string;
  unitPrice: number;
  totalPrice: number;
}

/** A line's total: quantity × unit price, to the cent. */
export const lineTotal = (qty: number, unitPrice: number) => Math.round(qty * unitPrice * 100) / 100;

/** `缺少单证：合同、发票` of the documents not received yet; empty when every one is. */
export function missingDocumentsText(documents: DocumentChecklist): string {
  const missing = declarationDocuments.filter((document) => !documents[document]);
  return missing.length ? `缺少单证：${missing.map((document) => declarationDocumentLabels[document]).join('、')}` : '';
}

/** What a handover needs before it goes to the broker, field → message (empty when it may). */
export function handoverProblems(declaration: {
  documents: DocumentChecklist;
  contractNo: string;
  invoiceNo: string;
  broker: string;
  lines: readonly Pick<DeclarationLine, 'hsCode' | 'unitPrice'>[];
}): Record<string, string> {
  const problems: Record<string, string> = {};
  const missing = missingDocumentsText(declaration.documents);
  if (missing) problems.documents = missing;
  if (!declaration.contractNo) problems.contractNo = '请填写合同号';
  if (!declaration.invoiceNo) problems.invoiceNo = '请填写发票号';
  if (!declaration.broker) problems.broker = '请填写报关行';
  if (!declaration.lines.length) problems.lines = '请填写商品';
  const unpriced = declaration.lines.findIndex((line) => !HS_CODE.test(line.hsCode) || !(line.unitPrice > 0));
  if (unpriced >= 0) problems[`lines.${unpriced}`] = `第 ${unpriced + 1} 行商品缺少 10 位商品编号或单价`;
  return problems;
}

/** The packing lines of the order's plan, grouped by style into goods lines (HS code and price typed later). */
export function linesFromPacking(lines: readonly { styleNo: string; colour: string; totalQty: number }[]): DeclarationLine[] {
  const byStyle = new Map<string, number>();
  for (const line of lines) byStyle.set(line.styleNo, (byStyle.get(line.styleNo) ?? 0) + line.totalQty);
  return [...byStyle].map(([styleNo, qty]) => ({ hsCode: '', name: styleNo, qty, unit: '件', unitPrice: 0, totalPrice: 0 }));
}

const elementsHeader = ['项号', '商品编号', '商品名称', '数量', '单位', '单价', '总价', '币制'];

/** 申报要素 for the broker: the handover's title rows, one row per goods line, and the total. */
export function declarationElementRows(declaration: {
  key: string;
  carrierBookingNo: string;
  contractNo: string;
  invoiceNo: string;
  tradeTerm: TradeTerm;
  currency: string;
  broker: string;
  lines: readonly DeclarationLine[];
}): (string | number)[][] {
  const total = declaration.lines.reduce((sum, line) => sum + Math.round(line.totalPrice * 100), 0) / 100;
  return [
    [`申报要素 ${declaration.key}`, `订舱号 ${declaration.carrierBookingNo}`, `报关行 ${declaration.broker}`],
    [`合同号 ${declaration.contractNo}`, `发票号 ${declaration.invoiceNo}`, `成交方式 ${declaration.tradeTerm}`],
    elementsHeader,
    ...declaration.lines.map((line, i) => [
      i + 1,
      line.hsCode,
      line.name,
      line.qty,
      line.unit,
      line.unitPrice,
      line.totalPrice,
      declaration.currency,
    ]),
    ['合计', '', '', '', '', '', total, declaration.currency],
  ];
}

/** The file's name: `申报要素-CD00000001.xlsx`. */
export const declarationElementsFileName = (key: string) => `申报要素-${key}.xlsx`;
