import Hint from '@/components/Hint';
import { queryMembers, removeMember } from '@/services/company';
import { formatDateTime } from '@/utils/date';
import { useAnswer } from '@/utils/useAnswer';
import { memberRoleLabel } from '@contract/company/codes';
import type { Member } from '@contract/company/schema';
import type { User } from '@contract/user/schema';
import { userStatusLabels } from '@contract/user/codes';
import { Button, message, Popconfirm, Space, Table, Tag } from 'antd';
import { useState } from 'react';

/**
 * 公司成员: the colleagues who share the company's records. The manager removes one: their sign-in and API tokens
 * stop at once, and what they made stays the company's.
 */
export default function MemberView({ user }: { user: User }) {
  const [reads, setReads] = useState(0);
  const members = useAnswer(() => queryMembers(), [reads]);
  const remove = async (member: Member) => {
    if (await removeMember(member.id)) {
      message.success(`已移除成员「${member.realName || member.name}」，其登录与 API 令牌立即失效`);
      setReads((n) => n + 1);
    }
  };

  return (
    <Space direction="vertical" size="middle" style={{ inlineSize: '100%' }}>
      <Hint>
        {user.company?.name}（{user.company?.shortCode}）的成员共同查看和处理公司的装箱明细、订舱、提单等全部记录。
      </Hint>
      <Table<Member>
        size="small"
        rowKey="id"
        loading={!members}
        pagination={false}
        dataSource={members?.data}
        columns={[
          { title: '姓名', dataIndex: 'realName', width: 100 },
          { title: '用户名', dataIndex: 'name', width: 110 },
          { title: '邮箱', dataIndex: 'email', ellipsis: true },
          {
            title: '身份',
            dataIndex: 'isManager',
            width: 110,
            render: (isManager: boolean) =>
              isManager ? <Tag color="gold">{memberRoleLabel(true)}</Tag> : memberRoleLabel(false),
          },
          {
            title: '状态',
            dataIndex: 'status',
            width: 70,
            render: (status: Member['status']) =>
              status === 'active' ? userStatusLabels[status] : <Tag>{userStatusLabels[status]}</Tag>,
          },
          { title: '加入时间', dataIndex: 'createdAt', width: 210, render: (at: string) => formatDateTime(at) },
          ...(user.isManager
            ? [
                {
                  title: '操作',
                  key: 'actions',
                  width: 80,
                  render: (_: unknown, member: Member) =>
                    member.id === user.id || member.status === 'disabled' ? null : (
                      <Popconfirm
                        title={`移除成员「${member.realName || member.name}」？其登录与 API 令牌立即失效`}
                        okText="移除"
                        cancelText="返回"
                        onConfirm={() => remove(member)}
                      >
                        <Button type="link" danger size="small">
                          移除
                        </Button>
                      </Popconfirm>
                    ),
                },
              ]
            : []),
        ]}
      />
    </Space>
  );
}
