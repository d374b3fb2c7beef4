import Hint from '@/components/Hint';
import { queryInvitations, queryMembers, removeMember, revokeInvitation } from '@/services/company';
import { performAction } from '@/utils/performAction';
import { formatDateTime } from '@/utils/date';
import { useAnswer } from '@/utils/useAnswer';
import { memberRoleLabel } from '@contract/company/codes';
import type { Invitation, Member } from '@contract/company/schema';
import type { User } from '@contract/user/schema';
import { userStatusLabels } from '@contract/user/codes';
import { Button, message, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import InviteDialog from './InviteDialog';

/**
 * 公司成员: the colleagues who share the company's records. The manager invites one by e-mail, revokes an
 * invitation not yet accepted, and removes a member: their sign-in and API tokens stop at once, and what they made
 * stays the company's.
 */
export default function MemberView({ user }: { user: User }) {
  const [reads, setReads] = useState(0);
  const members = useAnswer(() => queryMembers(), [reads]);
  const invitations = useAnswer(() => queryInvitations(), [reads]);
  const [inviting, setInviting] = useState(false);
  const reread = () => setReads((n) => n + 1);
  // Read again either way: a refused revocation (accepted meanwhile) must not leave the old list shown.
  const revoke = async (invitation: Invitation) => {
    await performAction(revokeInvitation(invitation.id), `已撤回给 ${invitation.email} 的邀请`);
    reread();
  };
  const remove = async (member: Member) => {
    if (await removeMember(member.id)) {
      message.success(`已移除成员「${member.realName || member.name}」，其登录与 API 令牌立即失效`);
      reread();
    }
  };

  return (
    <Space direction="vertical" size="middle" style={{ inlineSize: '100%' }}>
      <Hint>
        {user.company?.name}（{user.company?.shortCode}）的成员共同查看和处理公司的装箱明细、订舱、提单等全部记录。
      </Hint>
      {user.isManager && (
        <Button type="primary" onClick={() => setInviting(true)}>
          邀请同事
        </Button>
      )}
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
      {!!invitations?.data.length && (
        <>
          <Typography.Title level={5} style={{ margin: 0 }}>
            未接受的邀请
          </Typography.Title>
          <Table<Invitation>
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={invitations.data}
            columns={[
              { title: '邮箱', dataIndex: 'email', ellipsis: true },
              { title: '邀请人', dataIndex: 'invitedBy', width: 100 },
              { title: '邀请时间', dataIndex: 'createdAt', width: 170, render: (at: string) => formatDateTime(at) },
              { title: '有效期至', dataIndex: 'expiresAt', width: 170, render: (at: string) => formatDateTime(at) },
              ...(user.isManager
                ? [
                    {
                      title: '操作',
                      key: 'actions',
                      width: 80,
                      render: (_: unknown, invitation: Invitation) => (
                        <Popconfirm
                          title={`撤回给 ${invitation.email} 的邀请？邮件中的链接随即失效`}
                          okText="撤回"
                          cancelText="返回"
                          onConfirm={() => revoke(invitation)}
                        >
                          <Button type="link" danger size="small">
                            撤回
                          </Button>
                        </Popconfirm>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        </>
      )}
      <InviteDialog
        open={inviting}
        openCount={invitations?.data.length ?? 0}
        onClose={() => setInviting(false)}
        onInvited={reread}
      />
    </Space>
  );
}
