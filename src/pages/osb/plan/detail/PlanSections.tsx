import { fittedTable } from '@/components/ResourceTable/columns';
import { ChangeStatusTag, OrderStatusTag, PlanStatusTag } from '@/components/StatusTags/booking';
import { formatDateTime } from '@/utils/date';
import type { Plan, PlanChange, PlanDetail } from '@contract/plan/schema';
import { changeTypeLabels, planFieldLabels as labels, planStatusLabels } from '@contract/plan/codes';
import { priceText } from '@contract/price/codes';
import type { OsbDict, OsbFactory } from '@contract/setting/schema';
import { carrierText } from '@contract/setting/codes';
import { Card, Descriptions, Empty, Table, Timeline, Typography } from 'antd';
import { laneText } from '../columns';

/** A changed value as people read it: ports and carriers by name. */
const valueText = (dict: OsbDict | undefined, field: string, value: string | number) => {
  if (field === 'status') return planStatusLabels[value as keyof typeof planStatusLabels] ?? String(value);
  if (field === 'carrier' && dict) return carrierText(dict.carriers, String(value));
  return String(value);
};

export const changeFieldsText = (dict: OsbDict | undefined, change: Pick<PlanChange, 'changedFields'>) =>
  change.changedFields
    .map(
      (f) =>
        `${labels[f.field as keyof typeof labels] ?? f.field}：${valueText(dict, f.field, f.old)} → ${valueText(dict, f.field, f.new)}`,
    )
    .join('；');

const diffText = (change: PlanChange) => {
  const diff = change.priceDiff;
  if (!diff) return '—';
  const sign = diff.perContainer >= 0 ? '+' : '−';
  return `${sign}${priceText(Math.abs(diff.perContainer), diff.currency)}/柜，合计 ${sign}${priceText(Math.abs(diff.total), diff.currency)}`;
};

/** 计划信息, 锁定运价 and (unless the page shows it itself: `orderShown`) 订舱单 of a plan. */
export function PlanFacts({
  plan,
  dict,
  factories,
  orderShown,
}: {
  plan: Plan & Pick<PlanDetail, 'order'>;
  dict?: OsbDict;
  factories: OsbFactory[];
  orderShown?: boolean;
}) {
  const factory = factories.find((f) => f.code === plan.osbFactory);
  const { priceSnapshot: price } = plan;
  return (
    <>
      <Card title="计划信息">
        <Descriptions
          column={3}
          items={[
            { key: 'status', label: labels.status, children: <PlanStatusTag status={plan.status} /> },
            {
              key: 'factory',
              label: labels.osbFactory,
              children: factory ? `${factory.name}（${factory.city}）` : plan.osbFactory,
            },
            { key: 'owner', label: labels.ownerName, children: plan.ownerName },
            { key: 'lane', label: '航线', children: laneText(dict, plan) },
            { key: 'carrier', label: labels.carrier, children: dict ? carrierText(dict.carriers, plan.carrier) : plan.carrier },
            { key: 'containers', label: '箱型 × 柜量', children: `${plan.containerType} × ${plan.quantity}` },
            { key: 'etd', label: labels.etd, children: plan.etd },
            { key: 'eta', label: labels.eta, children: plan.eta },
            { key: 'week', label: labels.weekNo, children: plan.weekNo },
            ...(plan.reason
              ? [{ key: 'reason', label: plan.status === 'REJECTED' ? '拒绝原因' : '取消原因', children: plan.reason }]
              : []),
            { key: 'remark', label: labels.remark, children: plan.remark || '—' },
          ]}
        />
      </Card>
      <Card title="锁定运价">
        <Descriptions
          column={3}
          items={[
            { key: 'per', label: '每柜', children: priceText(price.amount, price.currency) },
            {
              key: 'total',
              label: `合计（${plan.quantity} 柜）`,
              children: <Typography.Text strong>{priceText(price.amount * plan.quantity, price.currency)}</Typography.Text>,
            },
            { key: 'fixed', label: '锁定时间', children: formatDateTime(price.fixedAt) },
            {
              key: 'sailing',
              label: '船期',
              children: `${price.sailingDate} ${dict ? carrierText(dict.carriers, price.carrier) : price.carrier}`,
            },
          ]}
        />
        <Typography.Text type="secondary">
          运价在订舱时锁定，之后运价日历的变动不影响本计划；变更箱型、船期或航线时按新船期当时的运价重新锁定。
        </Typography.Text>
      </Card>
      {orderShown ? null : (
        <Card title="订舱单">
          {plan.order ? (
            <Descriptions
              column={3}
              items={[
                { key: 'key', label: '订舱单号', children: plan.order.key },
                { key: 'status', label: '状态', children: <OrderStatusTag status={plan.order.status} /> },
                { key: 'so', label: '订舱号/SO', children: plan.order.carrierBookingNo || '—' },
                {
                  key: 'vessel',
                  label: '船名航次',
                  children: plan.order.vessel ? `${plan.order.vessel} ${plan.order.voyage}` : '—',
                },
              ]}
            />
          ) : (
            <Empty description="计划提交后，单证员在此向船公司订舱" />
          )}
        </Card>
      )}
    </>
  );
}

/** 状态记录: who moved the plan, when, from what to what. */
export function PlanHistory({ history }: { history: PlanDetail['history'] }) {
  return (
    <Card title="状态记录">
      <Timeline
        items={history.map((entry) => ({
          key: `${entry.at}${entry.to}`,
          children: (
            <>
              <Typography.Text strong>{entry.actorName}</Typography.Text>{' '}
              {entry.from
                ? `${planStatusLabels[entry.from]} → ${planStatusLabels[entry.to]}`
                : `创建（${planStatusLabels[entry.to]}）`}
              <br />
              <Typography.Text type="secondary">{formatDateTime(entry.at)}</Typography.Text>
            </>
          ),
        }))}
      />
    </Card>
  );
}

/** 变更记录: each request with its values, price difference, reason and decision; `actions` per pending one. */
export function PlanChanges({
  changes,
  dict,
  actions,
}: {
  changes: PlanChange[];
  dict?: OsbDict;
  actions?: (change: PlanChange) => React.ReactNode;
}) {
  // The key and status stay on the left and the actions on the right, as in every list (ResourceTable).
  const changeTable = fittedTable<PlanChange>(
    [
      { title: '变更单号', dataIndex: 'key', width: 110 },
      { title: '类型', dataIndex: 'changeType', width: 70, render: (_, c) => changeTypeLabels[c.changeType] },
      { title: '内容', key: 'fields', width: 260, render: (_, c) => changeFieldsText(dict, c) },
      { title: '运价差额', key: 'diff', width: 220, render: (_, c) => diffText(c) },
      { title: '原因', dataIndex: 'reason', width: 160, ellipsis: true },
      { title: '状态', dataIndex: 'status', width: 90, render: (_, c) => <ChangeStatusTag status={c.status} /> },
      {
        title: '申请',
        key: 'requested',
        width: 170,
        render: (_, c) => `${c.requestedByName} ${formatDateTime(c.requestedAt)}`,
      },
      {
        title: '审核',
        key: 'decided',
        width: 200,
        render: (_, c) =>
          c.decidedAt ? `${c.decidedByName ?? ''} ${formatDateTime(c.decidedAt)}${c.comment ? `：${c.comment}` : ''}` : '—',
      },
      ...(actions ? [{ title: '操作', key: 'actions', width: 110, render: (_: unknown, c: PlanChange) => actions(c) }] : []),
    ],
    {},
  );
  return (
    <Card title="变更记录">
      <Table<PlanChange>
        size="small"
        rowKey="key"
        pagination={false}
        dataSource={changes}
        locale={{ emptyText: '暂无变更' }}
        {...changeTable.props}
        columns={changeTable.columns}
      />
    </Card>
  );
}
