/** 本月运费: what the customer's goods sailing this month cost in freight, per PO and per piece. */
import type { MonthFreight as Figures } from '@contract/home/schema';
import { Typography } from 'antd';
import { cell, head, number } from './plainTable';

const yuan = (value: number | null) =>
  value === null ? '缺汇率' : `¥${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export default function MonthFreight({ freight }: { freight: Figures }) {
  const { total } = freight;
  return (
    <>
      <Typography.Paragraph>
        {freight.month} 开船（散货按截货日）的货物：运费合计 <Typography.Text strong>{yuan(total.cny)}</Typography.Text>，
        {total.pieces.toLocaleString('en-US')} 件，每件 <Typography.Text strong>{yuan(total.cnyPerPiece)}</Typography.Text>
        {freight.poCount > freight.pos.length ? `；运费最多的 ${freight.pos.length} 个 PO（共 ${freight.poCount} 个）` : ''}
      </Typography.Paragraph>
      <div style={{ overflowX: 'auto' }}>
        <table style={{ width: '100%', borderCollapse: 'collapse' }} aria-label="本月运费">
          <thead>
            <tr>
              {['PO号', '件数', '运费（CNY）', '每件运费'].map((title, i) => (
                <th key={title} scope="col" style={i ? { ...head, textAlign: 'end' } : head}>
                  {title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {freight.pos.map((po) => (
              <tr key={po.poNo}>
                <td style={cell}>{po.poNo}</td>
                <td style={number}>{po.pieces.toLocaleString('en-US')}</td>
                <td style={number}>{yuan(po.cny)}</td>
                <td style={number}>{yuan(po.cnyPerPiece)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
