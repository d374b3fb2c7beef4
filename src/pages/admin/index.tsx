import LazyDialog from '@/components/LazyDialog';
import ListPage, { choicesOf } from '@/components/ResourceTable/ListPage';
import { useCurrentUser } from '@/models/user';
import { mailPasswordReset, patchAccount, queryAccounts } from '@/services/admin';
import { formatDateTime } from '@/utils/date';
import { performAction } from '@/utils/performAction';
import type { AccountPatch, AdminAccount } from '@contract/admin/schema';
import { personRoles, roleLabels, type PersonRole } from '@contract/shared/formats';
import { userStatuses, userStatusLabels, type UserStatus } from '@contract/user/codes';
import { Button, Dropdown, Popconfirm, Space, Tag, type TableColumnsType } from 'antd';
import { lazy, useState } from 'react';

type Filters = { keyword?: string; company?: string; status?: UserStatus; role?: PersonRole };
const SignInDrawer = lazy(() => import('./SignInDrawer'));

const statusColors: Record<UserStatus, string> = { pending: 'processing', active: 'success', disabled: 'default' };

/** What each change is called in its success message. */
const done = (account: AdminAccount, change: Omit<AccountPatch, 'version'>) => {
  const who = `${account.realName || account.name}（${account.name}）`;
  if (change.role) return `已将 ${who} 的岗位改为${roleLabels[change.role]}，其需重新登录`;
  if (account.status === 'pending')
    return change.status === 'active' ? `已激活 ${who}，并邮件通知本人` : `已拒绝 ${who} 的注册，并邮件通知本人`;
  return change.status === 'active' ? `已启用 ${who}` : `已停用 ${who}，其登录与 API 令牌立即失效`;
};

/**
 * 账号管理 (/admin): the administrator's console. Pending registrations come first, each activated or refused with
 * one click (the person is mailed); every account can be disabled or enabled, given another role, sent a password
 * reset link, and its sign-in history read. The server keeps the last active administrator.
 */
export default function AdminAccountsPage() {
  const me = useCurrentUser();
  const [reloads, setReloads] = useState(0);
  const [signIns, setSignIns] = useState<AdminAccount>();
  const change = async (account: AdminAccount, body: Omit<AccountPatch, 'version'>) => {
    await performAction(patchAccount(account.id, { ...body, version: account.version }), done(account, body));
    // Read again either way: a refusal (changed meanwhile, the last administrator) must not leave the old row shown.
    setReloads((n) => n + 1);
  };
  const confirmed = (title: string, text: string, onConfirm: () => void, danger = false) => (
    <Popconfirm title={title} okText="确定" cancelText="返回" onConfirm={onConfirm}>
      <Button size="small" type="link" danger={danger}>
        {text}
      </Button>
    </Popconfirm>
  );
  const columns: TableColumnsType<AdminAccount> = [
    { title: '用户名', dataIndex: 'name', fixed: 'left', width: 130, sorter: true },
    { title: '姓名', dataIndex: 'realName', width: 90 },
    { title: '岗位', dataIndex: 'role', width: 100, render: (role: PersonRole) => roleLabels[role] },
    {
      title: '客户公司',
      key: 'company',
      width: 200,
      ellipsis: true,
      render: (_, row) =>
        row.company ? (
          <>
            {row.company.name}（{row.company.shortCode}）{row.isManager && <Tag color="gold">管理员</Tag>}
          </>
        ) : (
          '—'
        ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 80,
      sorter: true,
      render: (status: UserStatus) => <Tag color={statusColors[status]}>{userStatusLabels[status]}</Tag>,
    },
    { title: '邮箱', dataIndex: 'email', width: 190, ellipsis: true },
    { title: '手机号', dataIndex: 'phone', width: 120 },
    {
      title: '注册时间',
      dataIndex: 'createdAt',
      width: 160,
      sorter: true,
      render: (at: string) => formatDateTime(at, 'YYYY-MM-DD HH:mm'),
    },
    {
      title: '最近登录',
      dataIndex: 'lastSignInAt',
      width: 160,
      sorter: true,
      render: (at: string | null) => (at ? formatDateTime(at, 'YYYY-MM-DD HH:mm') : '从未登录'),
    },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 300,
      render: (_, row) => {
        const who = row.realName || row.name;
        return (
          <Space size={0}>
            {row.status === 'pending' && (
              <Button size="small" type="link" onClick={() => change(row, { status: 'active' })}>
                激活
              </Button>
            )}
            {row.status === 'pending' &&
              confirmed(`拒绝 ${who} 的注册？将邮件通知本人`, '拒绝', () => change(row, { status: 'disabled' }), true)}
            {row.status === 'active' &&
              row.id !== me?.id &&
              confirmed(`停用 ${who}？其登录与 API 令牌立即失效`, '停用', () => change(row, { status: 'disabled' }), true)}
            {row.status === 'disabled' && (
              <Button size="small" type="link" onClick={() => change(row, { status: 'active' })}>
                启用
              </Button>
            )}
            {row.id !== me?.id && (
              <Dropdown
                trigger={['click']}
                menu={{
                  items: personRoles.filter((role) => role !== row.role).map((role) => ({ key: role, label: roleLabels[role] })),
                  onClick: ({ key }) => change(row, { role: key as PersonRole }),
                }}
              >
                <Button size="small" type="link">
                  更改岗位
                </Button>
              </Dropdown>
            )}
            {row.email &&
              row.status !== 'disabled' &&
              confirmed(`向 ${row.email} 发送重置密码邮件？`, '重置密码', () =>
                performAction(mailPasswordReset(row.id), (answer) => answer.message),
              )}
            <Button size="small" type="link" onClick={() => setSignIns(row)}>
              登录记录
            </Button>
          </Space>
        );
      },
    },
  ];
  return (
    <ListPage<AdminAccount, Filters>
      heading="账号管理"
      query={[
        { name: 'keyword', label: '账号', placeholder: '用户名、姓名或邮箱', width: 180 },
        { name: 'company', label: '客户公司', placeholder: '名称或简称代码', width: 160 },
        { name: 'status', label: '状态', kind: 'choice', width: 100, options: choicesOf(userStatuses, userStatusLabels) },
        { name: 'role', label: '岗位', kind: 'choice', width: 120, options: choicesOf(personRoles, roleLabels) },
      ]}
      linked={['status']}
      list={queryAccounts}
      listType="adminAccounts"
      title="账号（待审核在前）"
      rowKey="id"
      columns={columns}
      reloads={reloads}
      lockedColumns={['name', 'actions']}
    >
      <LazyDialog open={!!signIns}>
        <SignInDrawer account={signIns} onClose={() => setSignIns(undefined)} />
      </LazyDialog>
    </ListPage>
  );
}
