import { patchUser, queryCurrent } from '@/services/user';
import { createApp } from '@/testing/umi';
import { getCurrentAuthority } from '@/utils/Authorized';
import type { User } from '@contract/user/schema';
import userModel from './user';

jest.mock('umi', () => require('@/testing/umi'));
jest.mock('@/services/user', () => ({ patchUser: jest.fn(), queryCurrent: jest.fn() }));

const mockedPatch = patchUser as jest.MockedFunction<typeof patchUser>;
const mockedCurrent = queryCurrent as jest.MockedFunction<typeof queryCurrent>;

const clerk: User = {
  id: '3',
  name: 'clerk',
  realName: '张单证',
  email: 'clerk@shipdesk.example',
  phone: '13800000003',
  authority: ['documentClerk'],
  status: 'active',
  config: { bol: 20 },
  notifyPreferences: { notification: true, message: true, event: true },
  mailPreferences: { todos: {}, delivery: 'each', digestMinutes: 60 },
  notifyCount: 4,
  unreadCount: 2,
  createdAt: '2025-01-02T08:00:00.000Z',
  company: null,
  isManager: false,
};

let store: ReturnType<typeof createApp>;

beforeEach(() => {
  localStorage.clear();
  store = createApp([userModel]);
  mockedPatch.mockReset().mockImplementation(async (_id, patch) => ({ ...clerk, ...patch }));
  mockedCurrent.mockReset();
});

describe('fetchCurrent', () => {
  test('stores the user and takes its roles as the authority', async () => {
    localStorage.setItem('authority', '["user"]');
    mockedCurrent.mockResolvedValue(clerk);
    await expect(store.dispatch({ type: 'user/fetchCurrent' })).resolves.toBe(true);
    expect(store.getState().user.currentUser).toEqual(clerk);
    expect(getCurrentAuthority()).toEqual(['documentClerk']);
  });

  test('resolves false when not signed in (request.ts resolved undefined)', async () => {
    mockedCurrent.mockResolvedValue(undefined);
    await expect(store.dispatch({ type: 'user/fetchCurrent' })).resolves.toBe(false);
    expect(store.getState().user.currentUser).toBeUndefined();
  });
});

describe('savePageSize', () => {
  beforeEach(() => store.dispatch({ type: 'user/saveCurrentUser', payload: clerk }));

  test('patches config with the new size, keeping the other lists', async () => {
    await store.dispatch({ type: 'user/savePageSize', payload: { listType: 'packing', pageSize: 50 } });
    expect(mockedPatch).toHaveBeenCalledTimes(1);
    expect(mockedPatch).toHaveBeenCalledWith('3', { config: { bol: 20, packing: 50 } });
    expect(store.getState().user.currentUser.config).toEqual({ bol: 20, packing: 50 });
  });

  test('changing an existing size patches it', async () => {
    await store.dispatch({ type: 'user/savePageSize', payload: { listType: 'bol', pageSize: 100 } });
    expect(mockedPatch).toHaveBeenCalledWith('3', { config: { bol: 100 } });
  });

  test('the same size again sends nothing', async () => {
    await store.dispatch({ type: 'user/savePageSize', payload: { listType: 'bol', pageSize: 20 } });
    await store.dispatch({ type: 'user/savePageSize', payload: { listType: 'packing', pageSize: 50 } });
    await store.dispatch({ type: 'user/savePageSize', payload: { listType: 'packing', pageSize: 50 } });
    expect(mockedPatch).toHaveBeenCalledTimes(1);
  });

  test('nothing is sent before the current user is known', async () => {
    store.dispatch({ type: 'user/saveCurrentUser', payload: undefined });
    await store.dispatch({ type: 'user/savePageSize', payload: { listType: 'packing', pageSize: 50 } });
    expect(mockedPatch).not.toHaveBeenCalled();
  });
});

test('changeNotifyCount updates the counts of the current user', () => {
  store.dispatch({ type: 'user/saveCurrentUser', payload: clerk });
  store.dispatch({ type: 'user/changeNotifyCount', payload: { totalCount: 9, unreadCount: 5 } });
  expect(store.getState().user.currentUser).toMatchObject({ notifyCount: 9, unreadCount: 5, name: 'clerk' });
});
