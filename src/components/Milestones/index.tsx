/**
 * 货物跟踪: a plan's milestones side by side (计划 / 预计 / 实际 per milestone, place and container), its documents'
 * steps, and the corrections kept beside what they corrected. The clerk enters a milestone or corrects one here.
 */
import LazyDialog from '@/components/LazyDialog';
import { useRoles } from '@/models/user';
import { queryTimeline } from '@/services/tnt';
import { chinaDateTime } from '@contract/shared/chinaTime';
import {
  eventClassifierLabels,
  milestoneLabel,
  shipmentDocumentLabels,
  tntLimits,
  tntSourceLabels,
  timelineRows,
  type EventClassifier,
  type TimelineRow,
} from '@contract/tnt/codes';
import type { Milestone, Timeline } from '@contract/tnt/schema';
import Hint, { TextLink } from '@/components/Hint';
import { Button, Card, Collapse, Empty, Space, Table, Tag } from 'antd';
import { lazy, useCallback, useEffect, useState } from 'react';

const MilestoneDialog = lazy(() => import('./MilestoneDialog'));

const HOUR_MS = 3_600_000;

/** A time of the row, and how late it is against the plan when more than the delay the product warns of. */
function When({ row, classifier }: { row: TimelineRow; classifier: EventClassifier }) {
  const time = row[classifier];
  if (!time) return <Hint>—</Hint>;
  const late = classifier !== 'PLN' && row.PLN ? Math.round((Date.parse(time) - Date.parse(row.PLN)) / HOUR_MS) : 0;
  return (
    <Space size={4}>
      {chinaDateTime(time)}
      {late > tntLimits.delayHours ? <Tag color="red">晚 {late} 小时</Tag> : null}
    </Space>
  );
}

/** Where a row is: its port, and its container for a container's milestone. */
const placeOf = (row: TimelineRow) => [row.location, row.equipmentReference].filter(Boolean).join(' · ');

export interface MilestonesProps {
  planKey: string;
  /** Only these containers' milestones (a B/L's); all of the plan's when not given. */
  containers?: readonly string[];
}

export default function Milestones({ planKey, containers }: MilestonesProps) {
  const roles = useRoles();
  const clerk = roles.includes('documentClerk');
  const [timeline, setTimeline] = useState<Timeline>();
  // Each opening a new dialog (its own form), so that nothing of the last entry stays in it.
  const [entering, setEntering] = useState<{ correcting?: Milestone; opening: number }>();
  const load = useCallback(async () => setTimeline(await queryTimeline(planKey)), [planKey]);
  useEffect(() => {
    load();
  }, [load]);
  if (!timeline) return <Card title="货物跟踪" loading />;

  const shown = timeline.milestones.filter(
    (m) => !m.equipmentReference || !containers || containers.includes(m.equipmentReference),
  );
  const rows = timelineRows(shown.filter((m) => m.eventType !== 'SHIPMENT'));
  const documents = shown.filter((m) => m.eventType === 'SHIPMENT');
  const corrected = shown.filter((m) => m.supersededBy);
  const standing = (row: TimelineRow) =>
    shown.filter(
      (m) =>
        !m.supersededBy &&
        m.eventType === row.eventType &&
        m.code === row.code &&
        m.location === row.location &&
        (m.equipmentReference ?? '') === (row.equipmentReference ?? ''),
    );

  return (
    <Card
      title="货物跟踪"
      extra={
        clerk ? (
          <Button
            onClick={() => setEntering({ opening: Date.now() })}
            disabled={timeline.containers.length === 0 && !timeline.vessel}
          >
            录入节点
          </Button>
        ) : null
      }
    >
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Hint>
          {timeline.vessel ? `${timeline.vessel} ${timeline.voyage}，` : ''}
          {timeline.pol} → {timeline.pod}（时间为中国时间）
        </Hint>
        <Table<TimelineRow>
          size="small"
          pagination={false}
          rowKey={(row) => [row.eventType, row.code, row.location, row.equipmentReference].join('|')}
          dataSource={rows}
          locale={{ emptyText: <Empty description="暂无节点" /> }}
          columns={[
            { title: '节点', key: 'code', render: (_, row) => milestoneLabel(row.eventType, row.code), width: 90 },
            { title: '地点 · 柜号', key: 'place', render: (_, row) => placeOf(row) },
            ...(['PLN', 'EST', 'ACT'] as const).map((classifier) => ({
              title: eventClassifierLabels[classifier],
              key: classifier,
              render: (_: unknown, row: TimelineRow) => <When row={row} classifier={classifier} />,
            })),
            ...(clerk
              ? [
                  {
                    title: '操作',
                    key: 'action',
                    width: 80,
                    render: (_: unknown, row: TimelineRow) => {
                      const latest = standing(row).at(-1);
                      return latest ? (
                        <TextLink onClick={() => setEntering({ correcting: latest, opening: Date.now() })}>更正</TextLink>
                      ) : null;
                    },
                  },
                ]
              : []),
          ]}
        />
        {documents.length ? (
          <Space wrap size={[8, 4]}>
            {documents.map((m) => (
              <Tag key={m.eventID}>
                {shipmentDocumentLabels[m.documentTypeCode ?? 'TRD']} {m.documentID} {milestoneLabel('SHIPMENT', m.code)}{' '}
                {chinaDateTime(m.eventDateTime)}
              </Tag>
            ))}
          </Space>
        ) : null}
        {corrected.length ? (
          <Collapse
            size="small"
            items={[
              {
                key: 'corrected',
                label: `已更正的记录（${corrected.length}）`,
                children: corrected.map((m) => (
                  <div key={m.eventID}>
                    <del>
                      {milestoneLabel(m.eventType, m.code)}（{eventClassifierLabels[m.classifier]}）{placeOf(m)}{' '}
                      {chinaDateTime(m.eventDateTime)}
                    </del>{' '}
                    <Hint>
                      {tntSourceLabels[m.source]}
                      {m.createdByName ? ` ${m.createdByName}` : ''}
                      {m.remark ? `：${m.remark}` : ''}
                    </Hint>
                  </div>
                )),
              },
            ]}
          />
        ) : null}
      </Space>
      <LazyDialog open={entering !== undefined}>
        <MilestoneDialog
          key={entering?.opening}
          open={entering !== undefined}
          timeline={timeline}
          containers={containers ?? timeline.containers}
          correcting={entering?.correcting}
          onClose={() => setEntering(undefined)}
          onSaved={load}
        />
      </LazyDialog>
    </Card>
  );
}
