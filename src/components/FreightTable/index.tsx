import type { ContainerFreight } from '@contract/freight/codes';
import { freightBasisLabels } from '@contract/freight/codes';
import { Alert, Space, Table } from 'antd';
import type { TableColumnsType } from 'antd';

type Share = ContainerFreight['lines'][number];

export const money = (amount: number) => amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
export const cnyText = (value: number | null) => (value === null ? '—' : `¥${money(value)}`);
/** Amounts in several currencies: `USD 1,245.00 + CNY 1,180.00`. */
export const amountsText = (amounts: readonly { currency: string; amount: number }[]) =>
  amounts.map((amount) => `${amount.currency} ${money(amount.amount)}`).join(' + ');

/** The columns of the PO table (its key is the PO) or of the line table (its key is the line, beside its PO). */
function columnsOf(freight: ContainerFreight, of: 'po' | 'line'): TableColumnsType<Share> {
  return [
    ...(of === 'po'
      ? [{ title: 'PO号', dataIndex: 'key', width: 130 }]
      : [
          { title: '明细编号', dataIndex: 'key', width: 130 },
          { title: 'PO号', dataIndex: 'poNo', width: 120 },
        ]),
    { title: '件数', dataIndex: 'pieces', width: 80, align: 'right' as const },
    ...freight.totals.map(({ currency }, c) => ({
      title: `运费（${currency}）`,
      key: currency,
      width: 120,
      align: 'right' as const,
      render: (_: unknown, share: Share) => money(share.amounts[c].amount),
    })),
    { title: '折合人民币', key: 'cny', width: 120, align: 'right' as const, render: (_, share) => cnyText(share.cny) },
    { title: '每件运费', key: 'perPiece', width: 100, align: 'right' as const, render: (_, share) => cnyText(share.cnyPerPiece) },
  ];
}

/**
 * 运费: a container's charges, and its freight per PO and per line as split (freightBasis), each currency to the
 * cent and in CNY at the month's rate; a missing rate is said, not guessed.
 */
export default function FreightTable({
  freight,
  title,
  perLine = true,
}: {
  freight: ContainerFreight;
  title?: string;
  /** False where the page's own table of the lines carries each line's part (freightColumns). */
  perLine?: boolean;
}) {
  const charges = freight.charges.map((charge) => `${charge.name} ${amountsText([charge])}`).join(' + ');
  const rates = freight.ratesUsed.map((rate) => `${rate.month} ${rate.currency} ${rate.toCny}`).join('，');
  return (
    <Space direction="vertical" style={{ inlineSize: '100%' }} aria-label={title ?? '运费'}>
      <span>
        {freight.chargedPer} {charges}；{freightBasisLabels[freight.basis]}分摊
        {freight.cny === null ? '' : `，合计 ${cnyText(freight.cny)}`}
        {rates ? `（汇率 ${rates}）` : ''}
      </span>
      {freight.missingRates.length ? (
        <Alert
          type="warning"
          showIcon
          message={`缺少 ${freight.missingRates.join('、')} 的汇率，请单证员在订舱设置的「汇率」中填写`}
        />
      ) : null}
      <Table<Share> size="small" rowKey="key" pagination={false} dataSource={freight.pos} columns={columnsOf(freight, 'po')} />
      {perLine ? (
        <Table<Share>
          size="small"
          rowKey="key"
          pagination={false}
          dataSource={freight.lines}
          columns={columnsOf(freight, 'line')}
        />
      ) : null}
    </Space>
  );
}

/** A line table's freight columns: its part in CNY and a piece, read from `freight` by the line's key. */
export function freightColumns<T extends { key: string }>(freight: ContainerFreight | undefined): TableColumnsType<T> {
  const of = (line: T) => freight?.lines.find((share) => share.key === line.key);
  return [
    {
      title: '运费（人民币）',
      key: 'freightCny',
      width: 120,
      align: 'right',
      render: (_, line) => cnyText(of(line)?.cny ?? null),
    },
    {
      title: '每件运费',
      key: 'freightPerPiece',
      width: 100,
      align: 'right',
      render: (_, line) => cnyText(of(line)?.cnyPerPiece ?? null),
    },
  ];
}
