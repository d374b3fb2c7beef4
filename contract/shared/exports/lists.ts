/**
 * 导出: the columns of each list's workbook (zod-free; the server and the mock write the same sheet). Each list
 * exports what its page shows and more: the whole row, statuses and codes in words, times in China time.
 */
import type { BolListItem } from '../../bol/schema';
import { bolFieldLabels, bolStatusLabels, bolTypeLabels, freightTermLabels, releaseTypeLabels } from '../../bol/codes';
import { inspectionResultLabels } from '../../packing/codes';
import type { OpenContainer } from '../../container/schema';
import { containerFieldLabels } from '../../container/codes';
import type { Declaration } from '../../declaration/schema';
import { declarationFieldLabels, declarationStatusLabels, missingDocumentsText } from '../../declaration/codes';
import type { Inspection } from '../../inspection/schema';
import { fragmentsText, inspectionFieldLabels, inspectionModeLabels } from '../../inspection/codes';
import type { LooseBooking } from '../../loose/schema';
import {
  handoverDocumentLabels,
  handoverDocuments,
  handoverStatusLabels,
  looseFieldLabels,
  looseStatusLabels,
  type HandoverStatus,
} from '../../loose/codes';
import type { Order } from '../../order/schema';
import { orderFieldLabels, orderStatusLabels } from '../../order/codes';
import type { Plan } from '../../plan/schema';
import { planFieldLabels, planStatusLabels } from '../../plan/codes';
import { freightCells, type WithFreight } from '../../freight/codes';
import { ownerCompanyLabel } from '../owners';
import { chinaTime, columnsFrom, type ExportColumn, type ListExport, type SheetCell } from './sheet';

const created = { createdAt: '创建时间', updatedAt: '更新时间', ownerCompanyName: ownerCompanyLabel };
const time =
  <T>(field: keyof T) =>
  (item: T): SheetCell =>
    chinaTime(item[field] as string | null);

/** 运费 of a row, in its currencies and in CNY: the freight of the containers it stands for (blank without one). */
const freightColumns = <T>(): ExportColumn<WithFreight<T>>[] => [
  { header: '运费', cell: (row) => freightCells(row.freight)[0] || null },
  { header: '运费（CNY）', cell: (row) => freightCells(row.freight)[1] },
];

const plan = columnsFrom<Plan>({ ...planFieldLabels, ...created });
export const planExport: ListExport<WithFreight<Plan>> = {
  label: '订舱计划',
  columns: [
    plan('key'),
    plan('status', (row) => planStatusLabels[row.status]),
    plan('ownerName'),
    plan('ownerCompanyName'),
    plan('osbFactory'),
    plan('carrier'),
    plan('pol'),
    plan('pod'),
    plan('etd'),
    plan('eta'),
    plan('weekNo'),
    plan('containerType'),
    plan('quantity'),
    plan('priceSnapshot', (row) => `${row.priceSnapshot.currency} ${row.priceSnapshot.amount}`),
    ...freightColumns<Plan>(),
    plan('reason'),
    plan('remark'),
    plan('createdAt', time('createdAt')),
    plan('updatedAt', time('updatedAt')),
  ],
};

const order = columnsFrom<Order>({ ...planFieldLabels, ...orderFieldLabels, ...created });
export const orderExport: ListExport<WithFreight<Order>> = {
  label: '订舱单',
  columns: [
    order('key'),
    order('planKey'),
    order('status', (row) => orderStatusLabels[row.status]),
    order('ownerName'),
    order('ownerCompanyName'),
    order('carrierBookingNo'),
    order('carrier'),
    order('vessel'),
    order('voyage'),
    order('pol'),
    order('pod'),
    order('etd'),
    order('eta'),
    order('containerType'),
    order('quantity'),
    ...freightColumns<Order>(),
    order('siCutoff', time('siCutoff')),
    order('cyCutoff', time('cyCutoff')),
    order('vgmCutoff', time('vgmCutoff')),
    order('pendingChange', undefined, '待审变更'),
    order('clerkName'),
    order('reason'),
    order('createdAt', time('createdAt')),
  ],
};

const box = columnsFrom<OpenContainer>({
  ...containerFieldLabels,
  planKey: '订舱计划',
  planStatus: '计划状态',
  carrier: '船公司',
  pod: '目的港',
  etd: '开船日期',
  lineCount: '明细行',
  cbmUsed: '已装体积（m³）',
  cbmLimit: '可装体积（m³）',
  weightUsed: '已装毛重（kg）',
  bolKey: '提单',
});
export const containerExport: ListExport<WithFreight<OpenContainer>> = {
  label: '柜',
  columns: [
    box('key'),
    box('containerNo'),
    box('containerType'),
    box('planKey'),
    box('planStatus', (row) => planStatusLabels[row.planStatus]),
    box('carrier'),
    box('pod'),
    box('etd'),
    box('sealNo'),
    box('lineCount'),
    box('cbmUsed'),
    box('cbmLimit'),
    box('weightUsed'),
    ...freightColumns<OpenContainer>(),
    box('payloadKg'),
    box('tareKg'),
    box('vgmKg'),
    box('cartonsScanned'),
    box('bolKey'),
  ],
};

const bol = columnsFrom<BolListItem>({
  ...bolFieldLabels,
  consigneeName: '收货人',
  containerCount: '柜数',
  pieces: '数量',
  ...created,
});
export const bolExport: ListExport<WithFreight<BolListItem>> = {
  label: '提单',
  columns: [
    bol('key'),
    bol('bolNo'),
    bol('type', (row) => bolTypeLabels[row.type]),
    bol('status', (row) => bolStatusLabels[row.status]),
    bol('releaseType', (row) => (row.releaseType ? releaseTypeLabels[row.releaseType] : null)),
    bol('ownerName'),
    bol('ownerCompanyName'),
    bol('consigneeName'),
    bol('carrier'),
    bol('carrierBookingNo'),
    bol('planKey'),
    bol('vessel'),
    bol('voyage'),
    bol('pol'),
    bol('pod'),
    bol('etd'),
    bol('containerCount'),
    bol('packages'),
    bol('pieces'),
    bol('grossWeight'),
    bol('cbm'),
    bol('freightTerm', (row) => freightTermLabels[row.freightTerm]),
    ...freightColumns<BolListItem>(),
    bol('issueDate'),
    bol('createdAt', time('createdAt')),
  ],
};

const declaration = columnsFrom<Declaration>({ ...declarationFieldLabels, carrierBookingNo: '订舱号/SO', ...created });
export const declarationExport: ListExport<Declaration> = {
  label: '报关交接',
  columns: [
    declaration('key'),
    declaration('status', (row) => declarationStatusLabels[row.status]),
    declaration('ownerName'),
    declaration('ownerCompanyName'),
    declaration('orderKey'),
    declaration('planKey'),
    declaration('carrierBookingNo'),
    declaration('contractNo'),
    declaration('invoiceNo'),
    declaration('tradeTerm'),
    declaration('currency'),
    declaration('broker'),
    declaration('documents', (row) => missingDocumentsText(row.documents) || '齐全'),
    declaration('lines', (row) => row.lines.length, '商品行数'),
    declaration('lines', (row) => Math.round(row.lines.reduce((sum, line) => sum + line.totalPrice, 0) * 100) / 100, '货值合计'),
    declaration('handedAt', time('handedAt')),
    declaration('createdAt', time('createdAt')),
  ],
};

const record = columnsFrom<Inspection>({ ...inspectionFieldLabels, ...created });
export const inspectionExport: ListExport<Inspection> = {
  label: '验针记录',
  columns: [
    record('key'),
    record('poNo'),
    record('ownerName'),
    record('ownerCompanyName'),
    record('result', (row) => inspectionResultLabels[row.result]),
    record('mode', (row) => inspectionModeLabels[row.mode]),
    record('lotQty'),
    record('sampleSize'),
    record('inspectedQty'),
    record('passedQty'),
    record('alarmQty'),
    record('fragments', (row) => fragmentsText(row.fragments)),
    record('detectorId'),
    record('sensitivityFeMm'),
    record('calibratedAt', time('calibratedAt')),
    record('inspectorName'),
    record('inspectedAt', time('inspectedAt')),
    record('remark'),
  ],
};

const loose = columnsFrom<LooseBooking>({ ...looseFieldLabels, needleCheckedAt: '验针确认时间', ...created });
const place = [
  loose('ownerName'),
  loose('ownerCompanyName'),
  loose('destination'),
  loose('forwarder'),
  loose('cfsCutOff'),
  loose('warehouseEntryNo'),
];
export const looseExport: ListExport<WithFreight<LooseBooking>> = {
  label: '散货订舱',
  columns: [
    loose('key'),
    loose('status', (row) => looseStatusLabels[row.status]),
    ...place,
    loose('lineCount'),
    loose('cartonCount'),
    loose('totalQty'),
    loose('totalGw'),
    loose('cbm'),
    ...freightColumns<LooseBooking>(),
    loose('remark'),
    loose('createdAt', time('createdAt')),
  ],
};

export const handoverExport: ListExport<WithFreight<LooseBooking>> = {
  label: '订舱交接',
  columns: [
    loose('key'),
    loose('status', (row) => handoverStatusLabels[row.status as HandoverStatus] ?? looseStatusLabels[row.status]),
    ...place,
    loose('cartonCount'),
    loose('cartonsHandedOver'),
    loose('cartonsScanned'),
    loose('cartonDifference'),
    ...freightColumns<LooseBooking>(),
    loose('differenceNote'),
    loose(
      'documents',
      (row) =>
        handoverDocuments
          .filter((d) => row.documents[d])
          .map((d) => handoverDocumentLabels[d])
          .join('、') || null,
    ),
    loose('handedBy'),
    loose('handedAt', time('handedAt')),
    loose('needleCheckedByName'),
    loose('needleCheckedAt', time('needleCheckedAt')),
  ],
};
