import SecretShownOnce, { type ShownSecret } from '@/components/SecretShownOnce';
import { queryWebhooks, removeWebhook } from '@/services/webhook';
import { formatDateTime } from '@/utils/date';
import { useAnswer } from '@/utils/useAnswer';
import { webhookDeliveryStatusLabels, webhookEventTypes, webhookLimits } from '@contract/webhook/codes';
import type { Webhook } from '@contract/webhook/schema';
import { Button, message, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'umi';
import WebhookDialog from './WebhookDialog';

/**
 * Webhook 订阅: where Shipdesk pushes the events of the person's data, each signed with the subscription's secret
 * (shown once, when it is made). Each subscription's page lists its deliveries and their attempts.
 */
export default function WebhookView() {
  const [reads, setReads] = useState(0);
  const hooks = useAnswer(() => queryWebhooks(), [reads]);
  const [dialog, setDialog] = useState<{ editing?: Webhook }>();
  const [secret, setSecret] = useState<ShownSecret>();
  const reread = () => setReads((n) => n + 1);

  const remove = async (hook: Webhook) => {
    if (await removeWebhook(hook.key, hook.version)) {
      message.success(`订阅「${hook.name}」已删除`);
      reread();
    }
  };

  return (
    <Space direction="vertical" size="middle" style={{ inlineSize: '100%' }}>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        发生所选事件时，本系统向贵司的回调地址推送 JSON，并以订阅密钥签名（请求头 Notification-Signature）；失败后 24
        小时内自动重试。每人最多 {webhookLimits.perPerson} 个订阅，验签方法见接口文档中的《集成指南》。
      </Typography.Paragraph>
      <Button type="primary" onClick={() => setDialog({})}>
        新建订阅
      </Button>
      <Table<Webhook>
        size="small"
        rowKey="key"
        loading={!hooks}
        pagination={false}
        dataSource={hooks?.data}
        locale={{ emptyText: '还没有订阅' }}
        columns={[
          {
            title: '名称',
            dataIndex: 'name',
            render: (name: string, hook) => <Link to={`/account/webhooks/${hook.key}`}>{name}</Link>,
          },
          { title: '回调地址', dataIndex: 'callbackUrl', ellipsis: true },
          {
            title: '事件',
            dataIndex: 'eventTypes',
            render: (types: Webhook['eventTypes']) => types.map((type) => webhookEventTypes[type]).join('、'),
          },
          {
            title: '状态',
            dataIndex: 'active',
            width: 70,
            render: (active: boolean) => (active ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>),
          },
          {
            title: '最近推送',
            dataIndex: 'lastDelivery',
            width: 230,
            render: (last: Webhook['lastDelivery']) =>
              last ? `${webhookDeliveryStatusLabels[last.status]} ${formatDateTime(last.at)}` : '暂无',
          },
          {
            title: '操作',
            key: 'actions',
            width: 120,
            render: (_, hook) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setDialog({ editing: hook })}>
                  修改
                </Button>
                <Popconfirm
                  title={`删除订阅「${hook.name}」？尚未送达的推送将一并取消`}
                  okText="删除"
                  cancelText="返回"
                  onConfirm={() => remove(hook)}
                >
                  <Button type="link" danger size="small">
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <WebhookDialog
        open={!!dialog}
        editing={dialog?.editing}
        onClose={() => setDialog(undefined)}
        onSaved={(saved) => {
          setDialog(undefined);
          if (saved.secret) setSecret({ title: `订阅「${saved.name}」已创建`, secret: saved.secret });
          reread();
        }}
      />
      <SecretShownOnce
        made={secret}
        warning="签名密钥只显示这一次，关闭后无法再查看，请立即复制并保存到接收方。"
        onClosed={() => setSecret(undefined)}
      />
    </Space>
  );
}
