import type { ShipmentStatistics } from '@contract/home/schema';
import { homeLinks } from '@contract/home/codes';
import { formatMinute } from '@/utils/utils';
import { Col, Empty, List, Row, Typography } from 'antd';
import type { ChartConfiguration } from 'chart.js';
import { useMemo } from 'react';
import { Link } from 'umi';
import { ChartCard, FigureRow } from './Figures';
import { chartColours } from './colours';

type Inspector = NonNullable<ShipmentStatistics['inspector']>;

const rate = (passed: number, inspected: number) => (inspected ? Math.round((passed / inspected) * 1000) / 10 : 0);

/** The inspector's home: lots waiting, today's work, pass rates by factory and detectors due for calibration. */
export default function InspectorHome({ packing, inspector }: { packing: Record<string, number>; inspector: Inspector }) {
  const rates = useMemo(
    (): ChartConfiguration | undefined =>
      inspector.passRates.length
        ? {
            type: 'bar',
            data: {
              labels: inspector.passRates.map((factory) => factory.factoryCode),
              datasets: [
                {
                  label: '合格率 %',
                  data: inspector.passRates.map((factory) => rate(factory.passed, factory.inspected)),
                  backgroundColor: chartColours[2],
                },
              ],
            },
            options: { indexAxis: 'y', scales: { x: { min: 0, max: 100 } }, plugins: { legend: { display: false } } },
          }
        : undefined,
    [inspector.passRates],
  );
  const lots = inspector.lotsWaiting;
  return (
    <>
      <FigureRow
        figures={[
          { label: '待验针批次', value: lots.capped ? `${lots.n}+` : lots.n, to: homeLinks.inspectionQueue, alert: true },
          { label: '待验针明细', value: packing.pendingInspection ?? 0, to: homeLinks.inspectionQueue },
          { label: '今日验针', value: inspector.inspectedToday, to: homeLinks.inspectionRecords },
          {
            label: '今日合格率',
            value: `${rate(inspector.passedToday, inspector.inspectedToday)}%`,
            to: homeLinks.inspectionRecords,
          },
          { label: '待校准验针机', value: inspector.detectorsDue.length, to: homeLinks.inspectionQueue, alert: true },
        ]}
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <ChartCard title="各工厂合格率（30 天）" config={rates} empty={<Empty description="30 天内没有验针记录" />}>
            <Typography.Paragraph type="secondary" style={{ marginBlock: 8 }}>
              {inspector.passRates.map((factory) => `${factory.factoryCode} ${factory.passed}/${factory.inspected}`).join('，')}
            </Typography.Paragraph>
          </ChartCard>
        </Col>
        <Col xs={24} xl={10}>
          <ChartCard title="待校准的验针机">
            <List
              size="small"
              dataSource={inspector.detectorsDue}
              locale={{ emptyText: '所有验针机都在校准有效期内' }}
              renderItem={(detector) => (
                <List.Item
                  actions={[
                    <Link key="calibrate" to={homeLinks.inspectionQueue}>
                      去校准
                    </Link>,
                  ]}
                >
                  {detector.detectorId}，上次校准 {formatMinute(detector.calibratedAt)}
                </List.Item>
              )}
            />
          </ChartCard>
        </Col>
      </Row>
    </>
  );
}
