import { inviteColleague, queryInvitations, queryMembers, removeMember, revokeInvitation } from '@/services/company';
import type { Invitation, Member } from '@contract/company/schema';
import type { User } from '@contract/user/schema';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { message } from 'antd';
import MemberView from './MemberView';

jest.mock('umi', () => require('@/testing/umi'));
jest.mock('@/services/company', () => ({
  queryMembers: jest.fn(),
  removeMember: jest.fn(),
  queryInvitations: jest.fn(),
  inviteColleague: jest.fn(),
  revokeInvitation: jest.fn(),
}));
jest.setTimeout(20000);

const company = { key: 'CO00000001', name: '华东服饰有限公司', shortCode: 'C00001' };
const person = (id: string, realName: string, isManager: boolean): Member => ({
  id,
  name: `u-${id}`,
  realName,
  email: `${id}@example.com`,
  isManager,
  status: 'active',
  createdAt: '2026-01-02T08:00:00.000Z',
});
const members = [person('m1', '陈客户', true), person('m2', '周同事', false)];
const userOf = (member: Member): User => ({
  id: member.id,
  name: member.name,
  realName: member.realName,
  email: member.email,
  phone: '',
  authority: ['user'],
  status: 'active',
  config: {},
  notifyPreferences: { notification: true, message: true, event: true },
  mailPreferences: { todos: {}, delivery: 'each', digestMinutes: 60 },
  notifyCount: 0,
  unreadCount: 0,
  createdAt: member.createdAt,
  company,
  isManager: member.isManager,
});
const list = <T,>(data: T[]) => ({ data, total: data.length, current: 1, pageSize: data.length, success: true as const });

beforeEach(() => {
  jest.clearAllMocks();
  jest.spyOn(message, 'success').mockImplementation(() => undefined as never);
  jest.mocked(queryInvitations).mockResolvedValue(list<Invitation>([]));
});
afterEach(() => jest.restoreAllMocks());

const row = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

test('lists the company’s members, the manager marked; a member sees no 移除', async () => {
  jest.mocked(queryMembers).mockResolvedValue(list(members));
  render(<MemberView user={userOf(members[1])} />);
  expect(await screen.findByText('周同事')).toBeInTheDocument();
  expect(screen.getByText(/华东服饰有限公司（C00001）的成员/)).toBeInTheDocument();
  expect(within(row('陈客户')).getByText('公司管理员')).toHaveClass('ant-tag');
  expect(screen.queryByText('移除')).not.toBeInTheDocument();
});

test('the manager removes a colleague after confirming, never themselves; the list is read again', async () => {
  jest.mocked(queryMembers).mockResolvedValueOnce(list(members));
  jest.mocked(queryMembers).mockResolvedValueOnce(list([members[0], { ...members[1], status: 'disabled' }]));
  jest.mocked(removeMember).mockResolvedValue({ success: true, deleted: 1 });
  render(<MemberView user={userOf(members[0])} />);
  await screen.findByText('周同事');
  expect(within(row('陈客户')).queryByText('移除')).not.toBeInTheDocument();
  fireEvent.click(within(row('周同事')).getByText('移除'));
  expect(await screen.findByText('移除成员「周同事」？其登录与 API 令牌立即失效')).toBeInTheDocument();
  fireEvent.click(screen.getByText('移 除'));
  await waitFor(() => expect(removeMember).toHaveBeenCalledWith('m2'));
  expect(await within(row('周同事')).findByText('停用')).toBeInTheDocument();
  expect(message.success).toHaveBeenCalledWith('已移除成员「周同事」，其登录与 API 令牌立即失效');
});

const invitation: Invitation = {
  id: 'i1',
  email: 'wu@huadong.example',
  invitedBy: '陈客户',
  createdAt: '2026-12-01T08:00:00.000Z',
  expiresAt: '2026-12-08T08:00:00.000Z',
};

test('the manager invites a colleague by e-mail; the open invitation is listed after', async () => {
  jest.mocked(queryMembers).mockResolvedValue(list(members));
  jest
    .mocked(queryInvitations)
    .mockResolvedValueOnce(list<Invitation>([]))
    .mockResolvedValue(list([invitation]));
  jest.mocked(inviteColleague).mockResolvedValue(invitation);
  render(<MemberView user={userOf(members[0])} />);
  fireEvent.click(await screen.findByText('邀请同事'));
  expect(await screen.findByText(/已有 0 \/ 5 个邀请未接受/)).toBeInTheDocument();
  fireEvent.change(screen.getByLabelText('同事的邮箱'), { target: { value: 'wu@huadong.example' } });
  fireEvent.click(screen.getByText('发送邀请'));
  await waitFor(() => expect(inviteColleague).toHaveBeenCalledWith({ email: 'wu@huadong.example' }));
  expect(message.success).toHaveBeenCalledWith('邀请已发送到 wu@huadong.example');
  expect(await screen.findByText('未接受的邀请')).toBeInTheDocument();
  expect(row('wu@huadong.example')).toBeInTheDocument();
});

test('the manager revokes an invitation after confirming; a member sees neither 邀请同事 nor 撤回', async () => {
  jest.mocked(queryMembers).mockResolvedValue(list(members));
  jest
    .mocked(queryInvitations)
    .mockResolvedValueOnce(list([invitation]))
    .mockResolvedValue(list<Invitation>([]));
  jest.mocked(revokeInvitation).mockResolvedValue({ success: true, deleted: 1 });
  const { unmount } = render(<MemberView user={userOf(members[0])} />);
  fireEvent.click(within(await screen.findByText('wu@huadong.example').then((cell) => cell.closest('tr')!)).getByText('撤回'));
  fireEvent.click(await screen.findByText('撤 回'));
  await waitFor(() => expect(revokeInvitation).toHaveBeenCalledWith('i1'));
  await waitFor(() => expect(screen.queryByText('未接受的邀请')).not.toBeInTheDocument());
  unmount();

  jest.mocked(queryInvitations).mockResolvedValue(list([invitation]));
  render(<MemberView user={userOf(members[1])} />);
  expect(await screen.findByText('wu@huadong.example')).toBeInTheDocument();
  expect(screen.queryByText('邀请同事')).not.toBeInTheDocument();
  expect(screen.queryByText('撤回')).not.toBeInTheDocument();
});
