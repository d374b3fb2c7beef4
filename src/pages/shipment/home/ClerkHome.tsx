import type { ShipmentStatistics } from '@contract/home/schema';
import { cutOffLabels, homeLinks } from '@contract/home/codes';
import { bulkStatuses, bulkStatusLabels } from '@contract/packing/codes';
import { formatMinute } from '@/utils/utils';
import { Col, Empty, Row, theme } from 'antd';
import type { ChartConfiguration } from 'chart.js';
import { useMemo } from 'react';
import { Link } from 'umi';
import { ChartCard, FigureRow } from './Figures';
import { chartColours } from './colours';

type Clerk = NonNullable<ShipmentStatistics['clerk']>;

/**
 * The cut-offs within 48 hours as a plain table in antd's colours: antd's Table would take the home page past its
 * 500 KB budget (bench:bundle), and this short list needs no paging, sorting or selection.
 */
function CutOffTable({ cutOffs }: { cutOffs: Clerk['cutOffs'] }) {
  const { token } = theme.useToken();
  if (cutOffs.length === 0) return <Empty description="48 小时内没有截止时间" />;
  const cell = { padding: `${token.paddingXS}px ${token.paddingSM}px`, borderBottom: `1px solid ${token.colorBorderSecondary}` };
  const head = { ...cell, background: token.colorFillAlter, fontWeight: 500, textAlign: 'start' as const };
  return (
    <table style={{ width: '100%', borderCollapse: 'collapse', fontSize: token.fontSize }}>
      <thead>
        <tr>
          {['订舱单', '订舱计划', '截止', '时间'].map((title) => (
            <th key={title} style={head}>
              {title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {cutOffs.map((cutOff) => (
          <tr key={`${cutOff.orderKey}/${cutOff.kind}`}>
            <td style={cell}>
              <Link to={homeLinks.order(cutOff.orderKey)}>{cutOff.orderKey}</Link>
            </td>
            <td style={cell}>{cutOff.planKey}</td>
            <td style={cell}>{cutOffLabels[cutOff.kind]}</td>
            <td style={cell}>{formatMinute(cutOff.at)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The clerk's home: what waits on them (orders, changes, cut-offs, B/Ls, documents) and the goods by status. */
export default function ClerkHome({ packing, clerk }: { packing: Record<string, number>; clerk: Clerk }) {
  const lines = useMemo(
    (): ChartConfiguration => ({
      type: 'bar',
      data: {
        labels: bulkStatuses.map((status) => bulkStatusLabels[status]),
        datasets: [
          { label: '明细条数', data: bulkStatuses.map((status) => packing[status] ?? 0), backgroundColor: chartColours[0] },
        ],
      },
      options: { plugins: { legend: { display: false } } },
    }),
    [packing],
  );
  return (
    <>
      <FigureRow
        figures={[
          { label: '待订舱', value: clerk.ordersToBook, to: homeLinks.orders('PENDING'), alert: true },
          { label: '待审核变更', value: clerk.changesToDecide, to: homeLinks.orders('CONFIRMED'), alert: true },
          { label: '48 小时内截止', value: clerk.cutOffCount, to: homeLinks.orders('BOOKED'), alert: true },
          { label: '待签发提单', value: clerk.bolsToIssue, to: homeLinks.bols('APPROVED'), alert: true },
          { label: '缺资料的报关交接', value: clerk.handoversMissingDocuments, to: homeLinks.declarations, alert: true },
        ]}
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <ChartCard title="48 小时内的截止时间">
            <CutOffTable cutOffs={clerk.cutOffs} />
          </ChartCard>
        </Col>
        <Col xs={24} xl={10}>
          <ChartCard title="全部装箱明细（按状态）" config={lines} />
        </Col>
      </Row>
    </>
  );
}
