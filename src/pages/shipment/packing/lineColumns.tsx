import { BulkStatusTag, InspectionTag } from '@/components/StatusTags';
import type { BulkLine } from '@contract/packing/schema';
import { bulkFieldLabels as labels } from '@contract/packing/codes';
import type { TableColumnType } from 'antd';
import { formatCartonRange, formatCbm, formatKg, formatQty } from './format';

const right = { align: 'right' } as const;

/** Each field of a bulk line as a column: its label, width, alignment and format, wherever lines are listed. */
const lineColumn = {
  key: { title: labels.key, dataIndex: 'key', width: 120 },
  poNo: { title: labels.poNo, dataIndex: 'poNo', width: 130 },
  styleNo: { title: labels.styleNo, dataIndex: 'styleNo', width: 110 },
  colour: { title: labels.colour, dataIndex: 'colour', width: 90 },
  cartons: { title: '箱号', key: 'cartons', width: 90, render: (_, line) => formatCartonRange(line.cartonFrom, line.cartonTo) },
  cartonCount: { title: labels.cartonCount, dataIndex: 'cartonCount', width: 70, ...right, render: formatQty },
  totalQty: { title: labels.totalQty, dataIndex: 'totalQty', width: 90, ...right, render: formatQty },
  totalNw: { title: labels.totalNw, dataIndex: 'totalNw', width: 100, ...right, render: formatKg },
  totalGw: { title: labels.totalGw, dataIndex: 'totalGw', width: 100, ...right, render: formatKg },
  cbm: { title: labels.cbm, dataIndex: 'cbm', width: 100, ...right, render: formatCbm },
  destination: { title: labels.destination, dataIndex: 'destination', width: 120 },
  exFactoryDate: { title: labels.exFactoryDate, dataIndex: 'exFactoryDate', width: 110 },
  status: { title: labels.status, dataIndex: 'status', width: 90, render: (_, line) => <BulkStatusTag status={line.status} /> },
  inspectionResult: {
    title: labels.inspectionResult,
    dataIndex: 'inspectionResult',
    width: 90,
    render: (_, line) => <InspectionTag result={line.inspectionResult} />,
  },
} satisfies Record<string, TableColumnType<BulkLine>>;

export type LineColumn = keyof typeof lineColumn;

/**
 * The columns of these fields, in this order, for rows that carry them: a line, or a part of one (the caller names
 * only fields its rows have, which the type cannot check field by field).
 */
export const lineColumns = <T extends Partial<BulkLine>>(fields: readonly LineColumn[]) =>
  fields.map((field) => lineColumn[field] as unknown as TableColumnType<T>);
