import type { ShipmentStatistics } from '@contract/home/schema';
import { homeLinks } from '@contract/home/codes';
import { bulkStatuses, bulkStatusLabels } from '@contract/packing/codes';
import { fillPercent } from '@contract/shared/consolidation';
import { planStatuses, planStatusLabels } from '@contract/plan/codes';
import { Col, Empty, Progress, Row, Space, Tag, Typography } from 'antd';
import type { ChartConfiguration } from 'chart.js';
import { useMemo } from 'react';
import { Link } from 'umi';
import { ChartCard, FigureRow } from './Figures';
import { chartColours } from './colours';
import InTransit from './InTransit';
import MonthFreight from './MonthFreight';

type Customer = NonNullable<ShipmentStatistics['customer']>;

/**
 * The customer's home: their goods by status and week, plans, B/Ls to confirm, failures, boxes being loaded, and
 * the sailings on their way with their arrival against plan.
 */
export default function CustomerHome({ packing, customer }: { packing: Record<string, number>; customer: Customer }) {
  const weekly = useMemo(
    (): ChartConfiguration | undefined =>
      customer.weeks.length
        ? {
            type: 'bar',
            data: {
              labels: customer.weeks.map((week) => week.week),
              datasets: [
                {
                  type: 'bar',
                  label: '箱数',
                  data: customer.weeks.map((week) => week.cartons),
                  backgroundColor: chartColours[0],
                  yAxisID: 'cartons',
                },
                {
                  type: 'line',
                  label: '体积 (m³)',
                  data: customer.weeks.map((week) => week.cbm),
                  borderColor: chartColours[1],
                  backgroundColor: chartColours[1],
                  yAxisID: 'cbm',
                },
              ],
            },
            options: {
              scales: {
                cartons: { type: 'linear', position: 'left', title: { display: true, text: '箱数' } },
                cbm: {
                  type: 'linear',
                  position: 'right',
                  grid: { drawOnChartArea: false },
                  title: { display: true, text: 'm³' },
                },
              },
            },
          }
        : undefined,
    [customer.weeks],
  );
  const planShares = useMemo(() => planStatuses.filter((status) => customer.plans[status]), [customer.plans]);
  const plans = useMemo(
    (): ChartConfiguration | undefined =>
      planShares.length
        ? {
            type: 'doughnut',
            data: {
              labels: planShares.map((status) => planStatusLabels[status]),
              datasets: [{ data: planShares.map((status) => customer.plans[status]), backgroundColor: chartColours }],
            },
            options: { plugins: { legend: { position: 'right' } } },
          }
        : undefined,
    [planShares, customer.plans],
  );

  return (
    <>
      <FigureRow
        figures={[
          ...bulkStatuses.map((status) => ({
            label: `${bulkStatusLabels[status]}明细`,
            value: packing[status] ?? 0,
            to: homeLinks.packing(status),
          })),
          { label: '待我确认的提单', value: customer.bolsToConfirm, to: homeLinks.bols('PENDING_APPROVAL'), alert: true },
          { label: '验针不合格（30 天）', value: customer.failedInspections, to: homeLinks.failedInspections, alert: true },
        ]}
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <ChartCard title="按出厂周的箱数与体积" config={weekly} empty={<Empty description="暂无装箱明细" />} />
        </Col>
        <Col xs={24} xl={10}>
          <ChartCard title="订舱计划" config={plans} empty={<Empty description="暂无订舱计划" />}>
            <Space wrap style={{ marginBlockStart: 12 }}>
              {planShares.map((status) => (
                <Link key={status} to={homeLinks.plans(status)}>
                  <Tag>
                    {planStatusLabels[status]} {customer.plans[status]}
                  </Tag>
                </Link>
              ))}
            </Space>
          </ChartCard>
        </Col>
        <Col span={24}>
          <ChartCard
            title="装柜中的柜"
            empty={customer.loadingContainers.length ? null : <Empty description="没有正在装柜的柜" />}
          >
            <Row gutter={[16, 8]}>
              {customer.loadingContainers.map((box) => (
                <Col key={box.key} xs={24} md={12} xl={6}>
                  <Link to={homeLinks.container(box.key)}>
                    <Typography.Text strong>
                      {box.containerNo ?? box.key} · {box.containerType}
                    </Typography.Text>
                  </Link>
                  <Typography.Text type="secondary"> {box.planKey}</Typography.Text>
                  <Progress
                    percent={fillPercent(box.cbmUsed, box.cbmCapacity)}
                    size="small"
                    aria-label={`${box.key} 体积`}
                    format={(p) => `体积 ${p}%`}
                  />
                  <Progress
                    percent={fillPercent(box.weightUsed, box.payloadKg)}
                    size="small"
                    aria-label={`${box.key} 重量`}
                    format={(p) => `重量 ${p}%`}
                  />
                </Col>
              ))}
            </Row>
          </ChartCard>
        </Col>
        <Col span={24}>
          <ChartCard title="本月运费" empty={customer.monthFreight.poCount ? null : <Empty description="本月没有开船的货物" />}>
            {customer.monthFreight.poCount ? <MonthFreight freight={customer.monthFreight} /> : null}
          </ChartCard>
        </Col>
        <Col span={24}>
          <ChartCard
            title="在途（时间为中国时间）"
            empty={customer.inTransit.length ? null : <Empty description="没有在途的柜" />}
          >
            <InTransit sailings={customer.inTransit} />
          </ChartCard>
        </Col>
      </Row>
    </>
  );
}
