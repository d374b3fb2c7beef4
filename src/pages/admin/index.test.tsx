import 'regenerator-runtime/runtime';
import UserModel from '@/models/user';
import * as admin from '@/services/admin';
import { AppProviders, createApp } from '@/testing/umi';
import type { AdminAccount } from '@contract/admin/schema';
import type { User } from '@contract/user/schema';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { message } from 'antd';
import AdminAccountsPage from './index';

jest.mock('umi', () => require('@/testing/umi'));
jest.mock('@/services/user', () => ({ patchUser: jest.fn(), queryCurrent: jest.fn() }));
jest.mock('@/services/admin', () => ({
  queryAccounts: jest.fn(),
  patchAccount: jest.fn(),
  mailPasswordReset: jest.fn(),
  querySignIns: jest.fn(),
}));
jest.setTimeout(20000);

const mocked = <T extends (...args: any[]) => any>(fn: T) => fn as unknown as jest.MockedFunction<T>;

const account = (over: Partial<AdminAccount>): AdminAccount => ({
  id: 'a1',
  name: 'someone',
  realName: '某人',
  email: 'someone@example.com',
  phone: '13900000001',
  role: 'user',
  status: 'active',
  company: null,
  isManager: false,
  createdAt: '2026-12-01T08:00:00.000Z',
  lastSignInAt: null,
  version: 1,
  ...over,
});
const waiting = account({ id: 'p1', name: 'newclerk', realName: '孙单证', role: 'documentClerk', status: 'pending' });
const customer = account({
  id: 'c1',
  name: 'user',
  realName: '陈客户',
  isManager: true,
  company: { key: 'CO00000001', name: '华东服饰有限公司', shortCode: 'C00001' },
  lastSignInAt: '2026-12-06T09:30:00.000Z',
});
const me = account({ id: 'm1', name: 'admin', realName: '钱管理', role: 'admin' });
const page = (data: AdminAccount[]) => ({ data, total: data.length, success: true as const, current: 1, pageSize: 20 });

function renderPage() {
  const store = createApp([UserModel as any]);
  store.dispatch({
    type: 'user/saveCurrentUser',
    payload: { id: 'm1', name: 'admin', realName: '钱管理', authority: ['admin'], config: {} } as Partial<User>,
  });
  return render(
    <AppProviders store={store}>
      <AdminAccountsPage />
    </AppProviders>,
  );
}

const row = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

beforeEach(() => {
  jest.clearAllMocks();
  jest.spyOn(message, 'success').mockImplementation(() => undefined as never);
  mocked(admin.queryAccounts).mockResolvedValue(page([waiting, customer, me]));
});
afterEach(() => jest.restoreAllMocks());

test('lists each account with its role, company, status and last sign-in; nobody disables themselves', async () => {
  renderPage();
  expect(await screen.findByText('孙单证')).toBeInTheDocument();
  expect(within(row('newclerk')).getByText('待激活')).toBeInTheDocument();
  expect(within(row('newclerk')).getByText('单证员')).toBeInTheDocument();
  expect(within(row('newclerk')).getByText('从未登录')).toBeInTheDocument();
  expect(within(row('陈客户')).getByText(/华东服饰有限公司（C00001）/)).toBeInTheDocument();
  expect(within(row('陈客户')).getByText(/^2026-12-06 17:30/)).toBeInTheDocument();
  expect(within(row('钱管理')).queryByText('停用')).not.toBeInTheDocument();
  expect(within(row('钱管理')).queryByText('更改岗位')).not.toBeInTheDocument();
});

test('activates a pending registration with one click, with its version, and reads the list again', async () => {
  mocked(admin.patchAccount).mockResolvedValue({ ...waiting, status: 'active', version: 2 });
  renderPage();
  fireEvent.click(within(await screen.findByText('newclerk').then((cell) => cell.closest('tr')!)).getByText('激活'));
  await waitFor(() => expect(admin.patchAccount).toHaveBeenCalledWith('p1', { status: 'active', version: 1 }));
  expect(message.success).toHaveBeenCalledWith('已激活 孙单证（newclerk），并邮件通知本人');
  await waitFor(() => expect(admin.queryAccounts).toHaveBeenCalledTimes(2));
});

test('disables an account after confirming', async () => {
  mocked(admin.patchAccount).mockResolvedValue({ ...customer, status: 'disabled', version: 2 });
  renderPage();
  fireEvent.click(within(await screen.findByText('user').then((cell) => cell.closest('tr')!)).getByText('停用'));
  fireEvent.click(await screen.findByText('确 定'));
  await waitFor(() => expect(admin.patchAccount).toHaveBeenCalledWith('c1', { status: 'disabled', version: 1 }));
  expect(message.success).toHaveBeenCalledWith('已停用 陈客户（user），其登录与 API 令牌立即失效');
});
