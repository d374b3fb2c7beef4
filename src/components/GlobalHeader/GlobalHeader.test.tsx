import globalModel from '@/models/global';
import loginModel from '@/models/login';
import userModel from '@/models/user';
import { logout } from '@/services/auth';
import { clearNotices, markNoticesRead, queryNotices } from '@/services/notice';
import { AppProviders, createApp, history } from '@/testing/umi';
import type { Notice } from '@contract/notice/schema';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { message } from 'antd';
import RightContent from './RightContent';

jest.mock('umi', () => require('@/testing/umi'));
jest.mock('@/services/notice', () => ({ queryNotices: jest.fn(), markNoticesRead: jest.fn(), clearNotices: jest.fn() }));
jest.mock('@/services/auth', () => ({ logout: jest.fn() }));

const notice = (id: string, type: Notice['type'], read = false, extra: Partial<Notice> = {}): Notice => ({
  id,
  type,
  title: `标题${id}`,
  description: `说明${id}`,
  status: '',
  read,
  datetime: '2025-03-01T00:00:00.000Z',
  ...extra,
});

const notifications = Array.from({ length: 7 }, (_, i) => notice(`n${i}`, 'notification', i > 3));
const list = [...notifications, notice('m1', 'message', false, { link: '/shipment/multi/bol' })];

let store: ReturnType<typeof createApp>;

beforeEach(() => {
  localStorage.clear();
  (queryNotices as jest.Mock).mockResolvedValue({ data: list, total: list.length, success: true, current: 1, pageSize: 100 });
  (markNoticesRead as jest.Mock).mockResolvedValue({ success: true, updated: 1 });
  (clearNotices as jest.Mock).mockResolvedValue({ success: true, deleted: 7 });
  jest.spyOn(message, 'success').mockImplementation(() => undefined as never);
  history.replace('/shipment');
  store = createApp([globalModel, userModel, loginModel]);
  store.dispatch({
    type: 'user/saveCurrentUser',
    payload: { id: '1', name: 'user', realName: '王小明', authority: ['user'], config: {}, notifyCount: 0, unreadCount: 0 },
  });
  render(
    <AppProviders store={store}>
      <RightContent />
    </AppProviders>,
  );
});

afterEach(() => jest.restoreAllMocks());

const openBell = async () => {
  await waitFor(() => expect(document.querySelector('.ant-badge-count')).toHaveTextContent('5'));
  fireEvent.click(screen.getByLabelText('通知'));
  await screen.findByText('通知 (4)');
  // The lists load with the popover's first opening.
  await screen.findByText('标题n0');
};

test('the badge counts unread notices; the tabs show theirs', async () => {
  await openBell();
  expect(screen.getByText('消息 (1)')).toBeInTheDocument();
  expect(screen.getByText('待办')).toBeInTheDocument();
  expect(screen.getAllByText('2025-03-01 08:00:00 星期六')).toHaveLength(5);
});

test('five notices first, 查看更多 shows the rest', async () => {
  await openBell();
  expect(screen.queryByText('标题n6')).not.toBeInTheDocument();
  fireEvent.click(screen.getByText('查看更多'));
  expect(screen.getByText('标题n6')).toBeInTheDocument();
  expect(screen.queryByText('查看更多')).not.toBeInTheDocument();
});

test('clicking a notice marks it read and follows its link', async () => {
  await openBell();
  fireEvent.click(screen.getByText('消息 (1)'));
  fireEvent.click(await screen.findByText('标题m1'));
  await waitFor(() => expect(markNoticesRead).toHaveBeenCalledWith({ ids: ['m1'] }));
  expect(history.location.pathname).toBe('/shipment/multi/bol');
  await waitFor(() => expect(store.getState().user.currentUser.unreadCount).toBe(4));
});

test('清空 clears a tab, which then shows its empty text', async () => {
  await openBell();
  fireEvent.click(screen.getAllByText('清空')[0]);
  await waitFor(() => expect(clearNotices).toHaveBeenCalledWith('notification'));
  expect(await screen.findByText('你已查看所有通知')).toBeInTheDocument();
  expect(message.success).toHaveBeenCalledWith('已清空通知');
});

test('the avatar menu shows the real name, opens settings and logs out', async () => {
  (logout as jest.Mock).mockResolvedValue(undefined);
  localStorage.setItem('token', 't');
  fireEvent.mouseEnter(screen.getByText('王小明'));
  fireEvent.click(await screen.findByText('个人设置'));
  expect(history.location.pathname).toBe('/account/settings');
  fireEvent.mouseEnter(screen.getByText('王小明'));
  fireEvent.click(await screen.findByText('退出登录'));
  await waitFor(() => expect(history.location.pathname).toBe('/user/login'));
  expect(logout).toHaveBeenCalled();
  expect(localStorage.getItem('token')).toBeNull();
});
