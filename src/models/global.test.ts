import { clearNotices, markNoticesRead, queryNotices } from '@/services/notice';
import { createApp } from '@/testing/umi';
import type { Notice } from '@contract/notice/schema';
import globalModel from './global';
import userModel from './user';

jest.mock('umi', () => require('@/testing/umi'));
jest.mock('@/services/notice', () => ({ queryNotices: jest.fn(), markNoticesRead: jest.fn(), clearNotices: jest.fn() }));

const mockedQuery = queryNotices as jest.MockedFunction<typeof queryNotices>;
const mockedMark = markNoticesRead as jest.MockedFunction<typeof markNoticesRead>;
const mockedClear = clearNotices as jest.MockedFunction<typeof clearNotices>;

const notice = (id: string, type: Notice['type'], read: boolean): Notice => ({
  id,
  type,
  title: `标题 ${id}`,
  description: '',
  status: '',
  read,
  datetime: '2025-03-01T08:00:00.000Z',
});

const notices = [
  notice('a', 'notification', false),
  notice('b', 'notification', true),
  notice('c', 'message', false),
  notice('d', 'event', false),
];

let store: ReturnType<typeof createApp>;

beforeEach(async () => {
  store = createApp([globalModel, userModel]);
  store.dispatch({
    type: 'user/saveCurrentUser',
    payload: { id: '1', name: 'user', notifyCount: 0, unreadCount: 0, config: {} },
  });
  mockedQuery.mockResolvedValue({ data: notices, total: 4, success: true, current: 1, pageSize: 100 });
  mockedMark.mockResolvedValue({ success: true, updated: 1 });
  mockedClear.mockResolvedValue({ success: true, deleted: 2 });
  await store.dispatch({ type: 'global/fetchNotices' });
});

const counts = () => {
  const { notifyCount, unreadCount } = store.getState().user.currentUser;
  return { notifyCount, unreadCount };
};

test('fetchNotices stores the list and the user counts', () => {
  expect(store.getState().global.notices).toHaveLength(4);
  expect(counts()).toEqual({ notifyCount: 4, unreadCount: 3 });
});

test('markRead by id marks that notice and lowers the unread count', async () => {
  await expect(store.dispatch({ type: 'global/markRead', payload: { ids: ['a'] } })).resolves.toBe(true);
  expect(mockedMark).toHaveBeenCalledWith({ ids: ['a'] });
  expect(store.getState().global.notices.find((n: Notice) => n.id === 'a').read).toBe(true);
  expect(counts()).toEqual({ notifyCount: 4, unreadCount: 2 });
});

test('clearNotices removes a type and keeps the counts in step', async () => {
  await expect(store.dispatch({ type: 'global/clearNotices', payload: 'notification' })).resolves.toBe(true);
  expect(mockedClear).toHaveBeenCalledWith('notification');
  expect(store.getState().global.notices.map((n: Notice) => n.id)).toEqual(['c', 'd']);
  expect(counts()).toEqual({ notifyCount: 2, unreadCount: 2 });
});

test('a failed call (undefined from request.ts) changes nothing', async () => {
  mockedClear.mockResolvedValue(undefined);
  await expect(store.dispatch({ type: 'global/clearNotices', payload: 'message' })).resolves.toBe(false);
  expect(store.getState().global.notices).toHaveLength(4);
  expect(counts()).toEqual({ notifyCount: 4, unreadCount: 3 });
});
