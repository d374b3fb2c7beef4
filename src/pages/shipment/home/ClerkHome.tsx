import type { ShipmentStatistics } from '@contract/home';
import { cutOffLabels, homeLinks } from '@contract/homeCodes';
import { bulkStatuses, bulkStatusLabels } from '@contract/bulkCodes';
import { formatMinute } from '@/utils/utils';
import { Col, Empty, Row, Table } from 'antd';
import type { ChartConfiguration } from 'chart.js';
import { useMemo } from 'react';
import { Link } from 'umi';
import { ChartCard, FigureRow } from './Figures';
import { chartColours } from './colours';

type Clerk = NonNullable<ShipmentStatistics['clerk']>;

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
            <Table
              size="small"
              rowKey={(cutOff) => `${cutOff.orderKey}/${cutOff.kind}`}
              pagination={false}
              dataSource={clerk.cutOffs}
              locale={{ emptyText: <Empty description="48 小时内没有截止时间" /> }}
              columns={[
                { title: '订舱单', dataIndex: 'orderKey', render: (key: string) => <Link to={homeLinks.order(key)}>{key}</Link> },
                { title: '订舱计划', dataIndex: 'planKey' },
                { title: '截止', dataIndex: 'kind', render: (kind: keyof typeof cutOffLabels) => cutOffLabels[kind] },
                { title: '时间', dataIndex: 'at', render: (at: string) => formatMinute(at) },
              ]}
            />
          </ChartCard>
        </Col>
        <Col xs={24} xl={10}>
          <ChartCard title="全部装箱明细（按状态）" config={lines} />
        </Col>
      </Row>
    </>
  );
}
