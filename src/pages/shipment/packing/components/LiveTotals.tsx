import { computeBulkTotals, type CartonFigures } from '@contract/packing/rules';
import { Descriptions } from 'antd';
import { formatCbm, formatKg, formatQty } from '../format';

/** The figures as the form holds them while being typed: any of them may be missing. */
export type PartialFigures = { [K in keyof CartonFigures]?: CartonFigures[K] | null };

const numberOr = (value: number | null | undefined, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;

/** Totals the server will store, computed live with the same rules (contract/packing/rules). */
export default function LiveTotals({ figures }: { figures: PartialFigures }) {
  const totals = computeBulkTotals({
    cartonFrom: numberOr(figures.cartonFrom, Number.NaN),
    cartonTo: numberOr(figures.cartonTo, Number.NaN),
    sizeBreakdown: figures.sizeBreakdown ?? {},
    nwPerCtn: numberOr(figures.nwPerCtn, 0),
    gwPerCtn: numberOr(figures.gwPerCtn, 0),
    ctnL: numberOr(figures.ctnL, 0),
    ctnW: numberOr(figures.ctnW, 0),
    ctnH: numberOr(figures.ctnH, 0),
  });
  return (
    <Descriptions
      size="small"
      bordered
      column={3}
      title="合计"
      items={[
        {
          key: 'cartonCount',
          label: '箱数',
          children: <span data-testid="total-cartonCount">{formatQty(totals.cartonCount)}</span>,
        },
        {
          key: 'qtyPerCarton',
          label: '每箱件数',
          children: <span data-testid="total-qtyPerCarton">{formatQty(totals.qtyPerCarton)}</span>,
        },
        { key: 'totalQty', label: '总件数', children: <span data-testid="total-totalQty">{formatQty(totals.totalQty)}</span> },
        { key: 'totalNw', label: '总净重(kg)', children: <span data-testid="total-totalNw">{formatKg(totals.totalNw)}</span> },
        { key: 'totalGw', label: '总毛重(kg)', children: <span data-testid="total-totalGw">{formatKg(totals.totalGw)}</span> },
        { key: 'cbm', label: '总体积(m³)', children: <span data-testid="total-cbm">{formatCbm(totals.cbm)}</span> },
      ]}
    />
  );
}
