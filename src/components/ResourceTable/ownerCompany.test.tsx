// dva-core's build expects a global regeneratorRuntime.
import 'regenerator-runtime/runtime';
import UserModel from '@/models/user';
import { queryCompanies } from '@/services/company';
import { AppProviders, createApp } from '@/testing/umi';
import type { User } from '@contract/user/schema';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import ListPage from './ListPage';

jest.mock('umi', () => require('@/testing/umi'));
jest.mock('@/services/company', () => ({ queryCompanies: jest.fn() }));
jest.setTimeout(20000);

interface Row {
  key: string;
  ownerName: string;
  ownerCompanyName: string;
}
const rows: Row[] = [{ key: 'BL00000001', ownerName: '王小明', ownerCompanyName: '华东服饰有限公司' }];
const huadong = { key: 'CO00000001', name: '华东服饰有限公司', shortCode: 'C00001' };

const person = (authority: User['authority'], company: User['company']) =>
  ({ id: '1', name: 'someone', realName: '某人', authority, company, isManager: false, config: {} }) as unknown as User;

function renderList(user: User) {
  const store = createApp([UserModel as any]);
  store.dispatch({ type: 'user/saveCurrentUser', payload: user });
  const list = jest.fn(async () => ({ data: rows, total: 1 }));
  render(
    <AppProviders store={store}>
      <ListPage<Row, { key?: string; ownerCompany?: string }>
        heading="提单"
        listType="ownerCompanyTest"
        title="提单列表"
        rowKey="key"
        query={[{ name: 'key', label: '提单号', width: 140 }]}
        columns={[
          { title: '提单号', dataIndex: 'key', width: 120 },
          { title: '客户', dataIndex: 'ownerName', width: 90 },
        ]}
        list={list}
      />
    </AppProviders>,
  );
  return list;
}

beforeEach(() => {
  jest.clearAllMocks();
  jest.mocked(queryCompanies).mockResolvedValue({ data: [huadong], total: 1, success: true, current: 1, pageSize: 20 });
});

test('a clerk sees each row’s 客户公司 and lists one company’s rows by the filter', async () => {
  const list = renderList(person(['documentClerk'], null));
  const row = (await screen.findByText('BL00000001')).closest('tr') as HTMLElement;
  expect(within(row).getByText('华东服饰有限公司')).toBeInTheDocument();
  expect(screen.getByRole('columnheader', { name: '客户公司' })).toBeInTheDocument();

  // The filter's code comes in lazily (staff only), and asks for the first page of companies.
  await waitFor(() => expect(queryCompanies).toHaveBeenCalled());
  fireEvent.mouseDown(screen.getByLabelText('客户公司'));
  const option = await waitFor(() => {
    const found = document.querySelector<HTMLElement>('.ant-select-item-option[title="华东服饰有限公司"]');
    expect(found).not.toBeNull();
    return found!;
  });
  fireEvent.click(option);
  fireEvent.click(screen.getByRole('button', { name: '查 询' }));
  await waitFor(() => expect(list).toHaveBeenLastCalledWith(expect.objectContaining({ ownerCompany: 'CO00000001' })));
  expect(queryCompanies).toHaveBeenCalledWith({ q: '', current: 1, pageSize: 20 });
});

test('a customer, who sees only their own company, gets neither the column nor the filter', async () => {
  renderList(person(['user'], huadong));
  expect(await screen.findByText('BL00000001')).toBeInTheDocument();
  expect(screen.queryByRole('columnheader', { name: '客户公司' })).not.toBeInTheDocument();
  expect(screen.queryByLabelText('客户公司')).not.toBeInTheDocument();
  expect(queryCompanies).not.toHaveBeenCalled();
});
