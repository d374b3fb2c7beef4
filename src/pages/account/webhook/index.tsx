import DetailState from '@/components/DetailState';
import { getWebhook, pingWebhook, queryDeliveries } from '@/services/webhook';
import { formatDateTime } from '@/utils/date';
import { loadedOf } from '@/utils/request';
import { useAnswer } from '@/utils/useAnswer';
import { PING_EVENT, webhookDeliveryStatusLabels, webhookEventTypes, type WebhookDeliveryStatus } from '@contract/webhook/codes';
import type { Webhook, WebhookAttempt, WebhookDelivery } from '@contract/webhook/schema';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { PageContainer } from '@ant-design/pro-components';
import { Button, Card, Descriptions, message, Space, Table, Tag } from 'antd';
import { useCallback, useState } from 'react';
import { Link, useParams } from 'umi';

const back = (
  <Link to="/account/settings?tab=webhooks">
    <Button icon={<ArrowLeftOutlined />}>返回 Webhook 订阅</Button>
  </Link>
);

const statusColors: Record<WebhookDeliveryStatus, string> = {
  queued: 'gold',
  sending: 'blue',
  delivered: 'green',
  failed: 'red',
};

const eventLabel = (type: string) =>
  type === PING_EVENT ? '测试事件' : (webhookEventTypes[type as keyof typeof webhookEventTypes] ?? type);

/** A delivery's tries, oldest first: when, what the receiver answered, what went wrong. */
const AttemptTable = ({ attempts }: { attempts: WebhookAttempt[] }) => (
  <Table<WebhookAttempt>
    size="small"
    rowKey="at"
    pagination={false}
    dataSource={attempts}
    locale={{ emptyText: '尚未发送' }}
    columns={[
      { title: '时间', dataIndex: 'at', width: 200, render: (at: string) => formatDateTime(at) },
      { title: 'HTTP 状态', dataIndex: 'status', width: 100, render: (status: number | null) => status ?? '无应答' },
      { title: '耗时', dataIndex: 'ms', width: 90, render: (ms: number) => `${ms} ms` },
      { title: '错误', dataIndex: 'error', render: (error: string | null) => error ?? '—' },
    ]}
  />
);

function Deliveries({ hook }: { hook: Webhook }) {
  const [page, setPage] = useState({ current: 1, pageSize: 20 });
  const [reads, setReads] = useState(0);
  const deliveries = useAnswer(() => queryDeliveries(hook.key, page), [hook.key, page, reads]);
  const ping = async () => {
    if (await pingWebhook(hook.key)) {
      message.success('测试事件已排队，几秒内发送');
      setReads((n) => n + 1);
    }
  };
  return (
    <Card
      title="推送记录"
      extra={
        <Space>
          <Button onClick={() => setReads((n) => n + 1)}>刷新</Button>
          <Button type="primary" disabled={!hook.active} onClick={ping}>
            发送测试事件
          </Button>
        </Space>
      }
    >
      <Table<WebhookDelivery>
        size="small"
        rowKey="id"
        loading={!deliveries}
        dataSource={deliveries?.data}
        locale={{ emptyText: '还没有推送' }}
        expandable={{ expandedRowRender: (delivery) => <AttemptTable attempts={delivery.attempts} /> }}
        pagination={{
          current: page.current,
          pageSize: page.pageSize,
          total: deliveries?.total,
          showSizeChanger: false,
          onChange: (current) => setPage({ ...page, current }),
        }}
        columns={[
          { title: '事件时间', dataIndex: 'createdAt', width: 200, render: (at: string) => formatDateTime(at) },
          { title: '事件', dataIndex: 'eventType', width: 220, render: eventLabel },
          {
            title: '状态',
            dataIndex: 'status',
            width: 90,
            render: (status: WebhookDeliveryStatus) => (
              <Tag color={statusColors[status]}>{webhookDeliveryStatusLabels[status]}</Tag>
            ),
          },
          { title: '尝试', dataIndex: 'attempts', width: 60, render: (attempts: WebhookAttempt[]) => attempts.length },
          { title: '最近错误', dataIndex: 'lastError', ellipsis: true, render: (error: string | null) => error ?? '—' },
          {
            title: '下次重试',
            dataIndex: 'nextAttemptAt',
            width: 200,
            render: (at: string | null) => (at ? formatDateTime(at) : '—'),
          },
        ]}
      />
    </Card>
  );
}

/** 订阅详情: where it sends, which events, and every delivery with its attempts and last error. */
export default function WebhookPage() {
  const { key = '' } = useParams<{ key: string }>();
  const load = useCallback(() => loadedOf(getWebhook(key)), [key]);
  return (
    <DetailState<Webhook> label="Webhook 订阅" load={load} notFoundText="订阅不存在，或不是您的订阅。" back={back}>
      {(hook) => (
        <PageContainer header={{ title: `Webhook 订阅 ${hook.name}`, extra: back }}>
          <Space direction="vertical" size="middle" style={{ inlineSize: '100%' }}>
            <Card>
              <Descriptions
                column={2}
                items={[
                  { key: 'url', label: '回调地址', children: hook.callbackUrl, span: 2 },
                  { key: 'events', label: '事件', children: hook.eventTypes.map(eventLabel).join('、'), span: 2 },
                  { key: 'plans', label: '订舱计划', children: hook.planKeys.join('、') || '全部' },
                  { key: 'active', label: '状态', children: hook.active ? '启用' : '停用（不再产生新的推送）' },
                  { key: 'created', label: '创建时间', children: formatDateTime(hook.createdAt) },
                  { key: 'updated', label: '修改时间', children: formatDateTime(hook.updatedAt) },
                ]}
              />
            </Card>
            <Deliveries hook={hook} />
          </Space>
        </PageContainer>
      )}
    </DetailState>
  );
}
