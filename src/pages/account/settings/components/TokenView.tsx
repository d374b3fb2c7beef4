import FormDialog from '@/components/FormDialog';
import SecretShownOnce, { type ShownSecret } from '@/components/SecretShownOnce';
import { createToken, queryTokens, revokeToken } from '@/services/token';
import { formatDateTime } from '@/utils/date';
import { useAnswer } from '@/utils/useAnswer';
import { tokenLimits, tokenScopeLabels, tokenScopes, type TokenScope } from '@contract/token/codes';
import type { ApiToken } from '@contract/token/schema';
import { Button, Form, Input, InputNumber, message, Popconfirm, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';

type Draft = { name: string; scope: TokenScope; expiresInDays: number };

/**
 * API 令牌: tokens the person's own systems sign in with, each acting with their role and data (read-only or
 * read-write) until it expires or is revoked. The secret is shown once, when it is made.
 */
export default function TokenView() {
  const [reads, setReads] = useState(0);
  const tokens = useAnswer(() => queryTokens(), [reads]);
  const [making, setMaking] = useState(false);
  const [saving, setSaving] = useState(false);
  const [secret, setSecret] = useState<ShownSecret>();
  const [form] = Form.useForm<Draft>();

  const make = async (draft: Draft) => {
    setSaving(true);
    try {
      const made = await createToken(draft);
      // undefined: request.ts has already said what went wrong.
      if (!made) return;
      setMaking(false);
      setSecret({ title: `令牌「${made.name}」已创建`, secret: made.token });
      setReads((n) => n + 1);
    } finally {
      setSaving(false);
    }
  };
  const revoke = async (id: string, name: string) => {
    if (await revokeToken(id)) {
      message.success(`令牌「${name}」已撤销，立即失效`);
      setReads((n) => n + 1);
    }
  };

  return (
    <Space direction="vertical" size="middle" style={{ inlineSize: '100%' }}>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        令牌供贵司的系统（ERP、表格脚本等）调用本系统的接口，以您的身份和权限读写您的数据；不能修改密码或管理令牌。 每人最多{' '}
        {tokenLimits.perPerson} 个有效令牌，用法见接口文档中的《集成指南》。
      </Typography.Paragraph>
      <Button type="primary" onClick={() => setMaking(true)}>
        新建令牌
      </Button>
      <Table<ApiToken>
        size="small"
        rowKey="id"
        loading={!tokens}
        pagination={false}
        dataSource={tokens?.data}
        locale={{ emptyText: '还没有令牌' }}
        columns={[
          { title: '名称', dataIndex: 'name' },
          { title: '权限', dataIndex: 'scope', width: 80, render: (scope: TokenScope) => tokenScopeLabels[scope] },
          { title: '创建时间', dataIndex: 'createdAt', width: 150, render: (at: string) => formatDateTime(at) },
          { title: '到期时间', dataIndex: 'expiresAt', width: 150, render: (at: string) => formatDateTime(at) },
          {
            title: '最近使用',
            dataIndex: 'lastUsedAt',
            width: 150,
            render: (at: string | null) => (at ? formatDateTime(at) : '未使用'),
          },
          {
            title: '操作',
            key: 'actions',
            width: 80,
            render: (_, token) => (
              <Popconfirm
                title={`撤销令牌「${token.name}」？使用它的系统将立即无法访问`}
                okText="撤销"
                cancelText="返回"
                onConfirm={() => revoke(token.id, token.name)}
              >
                <Button type="link" danger size="small">
                  撤销
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
      <FormDialog<Draft>
        open={making}
        title="新建 API 令牌"
        okText="创建"
        form={form}
        saving={saving}
        initialValues={{ scope: 'read', expiresInDays: 90 }}
        onCancel={() => setMaking(false)}
        onFinish={make}
      >
        <Form.Item name="name" label="名称" rules={[{ required: true, message: '请填写令牌名称' }]}>
          <Input maxLength={tokenLimits.nameMax} placeholder="如：ERP 同步" />
        </Form.Item>
        <Form.Item name="scope" label="权限">
          <Select options={tokenScopes.map((value) => ({ value, label: tokenScopeLabels[value] }))} />
        </Form.Item>
        <Form.Item name="expiresInDays" label="有效期（天）" rules={[{ required: true, message: '请填写有效期' }]}>
          <InputNumber min={1} max={tokenLimits.maxDays} precision={0} style={{ inlineSize: 160 }} />
        </Form.Item>
      </FormDialog>
      <SecretShownOnce
        made={secret}
        warning="令牌只显示这一次，关闭后无法再查看，请立即复制并妥善保存。"
        onClosed={() => setSecret(undefined)}
      />
    </Space>
  );
}
