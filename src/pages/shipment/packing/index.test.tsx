// dva-core's build expects a global regeneratorRuntime.
import 'regenerator-runtime/runtime';
import LookupsModel from '@/models/lookups';
import UserModel from '@/models/user';
import * as lookups from '@/services/lookup';
import * as packing from '@/services/packing';
import { patchUser } from '@/services/user';
import { AppProviders, createApp } from '@/testing/umi';
import { bulkLineFixture } from '../../../../tests/fixtures/bulkLine';
import type { User } from '@contract/user/schema';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { message } from 'antd';
import dayjs from 'dayjs';
import { filtersOf } from './components/FilterForm';
import PackingListPage from './index';

jest.mock('umi', () => require('@/testing/umi'));
jest.mock('@/services/user', () => ({ patchUser: jest.fn(), queryCurrent: jest.fn() }));
jest.mock('@/services/packing', () => ({
  queryBulkLines: jest.fn(),
  queryBulkLine: jest.fn(),
  queryBulkHistory: jest.fn(),
  createBulkLine: jest.fn(),
  updateBulkLine: jest.fn(),
  batchPatchBulkLines: jest.fn(),
  patchBulksList: jest.fn(),
  removeBulkLine: jest.fn(),
  removeBulkLines: jest.fn(),
  splitBulkLine: jest.fn(),
  mergeBulkLines: jest.fn(),
  importBulkLines: jest.fn(),
  exportBulkLines: jest.fn(),
}));
jest.mock('@/services/lookup', () => ({
  queryFactories: jest.fn(),
  querySizeGroups: jest.fn(),
  queryGbsOrders: jest.fn(),
  queryGbsOrder: jest.fn(),
}));

// The table and the drawer's form take a second or two to render under jsdom on a busy machine.
jest.setTimeout(20000);

const mocked = <T extends (...args: any[]) => any>(fn: T) => fn as unknown as jest.MockedFunction<T>;

const lines = [
  bulkLineFixture(),
  bulkLineFixture({ key: 'BD000002', poNo: '4500123460', styleNo: 'RN-880', cartonTo: 120, status: 'allocated' }),
];

const user: User = {
  id: '1',
  name: 'user',
  realName: '王小明',
  email: 'user@shipdesk.example',
  phone: '13800000001',
  authority: ['user'],
  status: 'active',
  config: { packing: 50 },
  notifyPreferences: { notification: true, message: true, event: true },
  mailPreferences: { todos: {}, delivery: 'each', digestMinutes: 60 },
  notifyCount: 0,
  unreadCount: 0,
  createdAt: '2025-01-02T08:00:00.000Z',
  company: { key: 'CO00000001', name: '华东服饰有限公司', shortCode: 'C00001' },
  isManager: true,
};

function renderPage() {
  const store = createApp([LookupsModel as any, UserModel as any]);
  store.dispatch({ type: 'user/saveCurrentUser', payload: user });
  const view = render(
    <AppProviders store={store}>
      <PackingListPage />
    </AppProviders>,
  );
  return { store, ...view };
}

beforeEach(() => {
  jest.clearAllMocks();
  mocked(packing.queryBulkLines).mockResolvedValue({ data: lines, total: 2, success: true, current: 1, pageSize: 50 });
  mocked(lookups.queryFactories).mockResolvedValue([{ code: 'F01', name: '宁波申洲针织', country: '中国', city: '宁波' }]);
  mocked(lookups.querySizeGroups).mockResolvedValue([{ code: 'APP-INT', name: '服装国际码', sizes: ['S', 'M', 'L'] }]);
});

test('shows the lines of the list call, a page at the size the user saved', async () => {
  renderPage();
  expect(await screen.findByText('4500123460')).toBeInTheDocument();
  expect(packing.queryBulkLines).toHaveBeenCalledWith({ current: 1, pageSize: 50 }, 'packing');
  const first = screen.getByText('BD000001').closest('tr') as HTMLElement;
  expect(within(first).getByText('4500123456')).toBeInTheDocument();
  expect(within(first).getByText('1–40')).toBeInTheDocument();
  expect(within(first).getByText('3.360')).toBeInTheDocument();
  expect(within(first).getByText('待验针')).toBeInTheDocument();
  expect(within(first).getByText('编辑')).toBeInTheDocument();
  // A line in a container can be opened, not changed.
  const allocated = screen.getByText('BD000002').closest('tr') as HTMLElement;
  expect(within(allocated).getByText('已配柜')).toBeInTheDocument();
  expect(within(allocated).queryByText('编辑')).not.toBeInTheDocument();
  expect(screen.getByText('共 2 条')).toBeInTheDocument();
});

test('says when a clerk-wide total stopped at its cap', async () => {
  mocked(packing.queryBulkLines).mockResolvedValue({
    data: lines,
    total: 10000,
    success: true,
    current: 1,
    pageSize: 50,
    totalIsEstimate: true,
    totalCap: 10000,
  });
  renderPage();
  expect(await screen.findByText('超过 10,000 条')).toBeInTheDocument();
});

test('列设置 hides a column, remembers it in this browser, and 重置 shows every column again', async () => {
  localStorage.clear();
  const headers = () => screen.getAllByRole('columnheader').map((header) => header.textContent);
  const { unmount } = renderPage();
  await screen.findByText('4500123460');
  expect(headers()).toContain('目的地');
  fireEvent.click(screen.getByLabelText('列设置'));
  const settings = within(await screen.findByRole('group', { name: '列设置' }));
  // The line's key and its actions cannot be hidden.
  expect(settings.getByRole('checkbox', { name: '明细编号' })).toBeDisabled();
  fireEvent.click(settings.getByRole('checkbox', { name: '目的地' }));
  expect(headers()).not.toContain('目的地');
  expect(settings.getByRole('checkbox', { name: '列展示' })).toBePartiallyChecked();
  unmount();

  renderPage();
  await screen.findByText('4500123460');
  expect(headers()).not.toContain('目的地');
  fireEvent.click(screen.getByLabelText('列设置'));
  fireEvent.click(within(await screen.findByRole('group', { name: '列设置' })).getByText('重置'));
  expect(headers()).toContain('目的地');
  expect(localStorage.getItem('shipdesk.hiddenColumns.packing')).toBeNull();
});

test('a new page size is saved to the user once', async () => {
  mocked(patchUser).mockResolvedValue(user);
  renderPage();
  await screen.findByText('4500123460');
  fireEvent.mouseDown(screen.getByText('50 条/页'));
  fireEvent.click(await screen.findByText('100 条/页'));
  await waitFor(() => expect(patchUser).toHaveBeenCalledWith('1', { config: { packing: 100 } }));
  await waitFor(() => expect(packing.queryBulkLines).toHaveBeenLastCalledWith({ current: 1, pageSize: 100 }, 'packing'));
  expect(patchUser).toHaveBeenCalledTimes(1);
});

test('the drawer looks up the GBS order and keeps the totals live while sizes and cartons are typed', async () => {
  mocked(lookups.queryGbsOrders).mockResolvedValue([
    {
      id: 'G1001',
      odgItemNo: 'ODG240001',
      poNo: '4500123456',
      styleNo: 'TS-2025-01',
      colour: 'NAVY',
      buyer: 'Northwind Apparel',
      destination: 'Los Angeles',
      orderQty: 4800,
      sizeGroup: 'APP-INT',
      exFactoryDate: '2025-03-10',
    },
  ]);
  renderPage();
  await screen.findByText('4500123460');
  fireEvent.click(screen.getByRole('button', { name: /新\s*建/ }));
  // The list's search form has fields of the same names: look inside the drawer.
  const drawer = within(await screen.findByRole('dialog'));
  fireEvent.change(await drawer.findByLabelText('ODG货号'), { target: { value: 'ODG240001' } });

  // The one matching order fills the order fields and brings the size group's sizes.
  await waitFor(() => expect(drawer.getByLabelText('PO号')).toHaveValue('4500123456'), { timeout: 2000 });
  expect(lookups.queryGbsOrders).toHaveBeenCalledWith('ODG240001');
  expect(drawer.getByLabelText('款号')).toHaveValue('TS-2025-01');
  expect(drawer.getByLabelText('目的地')).toHaveValue('Los Angeles');

  const totalQty = () => drawer.getByTestId('total-totalQty').textContent;
  fireEvent.change(await drawer.findByLabelText('尺码 S 每箱件数'), { target: { value: '4' } });
  fireEvent.change(drawer.getByLabelText('尺码 M 每箱件数'), { target: { value: '8' } });
  await waitFor(() => expect(drawer.getByTestId('total-qtyPerCarton').textContent).toBe('12'));
  expect(totalQty()).toBe('0');

  fireEvent.change(drawer.getByLabelText('起始箱号'), { target: { value: '11' } });
  fireEvent.change(drawer.getByLabelText('结束箱号'), { target: { value: '20' } });
  await waitFor(() => expect(totalQty()).toBe('120'));
  expect(drawer.getByTestId('total-cartonCount').textContent).toBe('10');

  fireEvent.change(drawer.getByLabelText('净重/箱(kg)'), { target: { value: '8.4' } });
  fireEvent.change(drawer.getByLabelText('外箱长(cm)'), { target: { value: '60' } });
  fireEvent.change(drawer.getByLabelText('外箱宽(cm)'), { target: { value: '40' } });
  fireEvent.change(drawer.getByLabelText('外箱高(cm)'), { target: { value: '35' } });
  await waitFor(() => expect(drawer.getByTestId('total-cbm').textContent).toBe('0.840'));
  expect(drawer.getByTestId('total-totalNw').textContent).toBe('84');

  fireEvent.change(drawer.getByLabelText('尺码 L 每箱件数'), { target: { value: '6' } });
  await waitFor(() => expect(totalQty()).toBe('180'));
});

test('a refused import shows every bad row with its field and reason', async () => {
  mocked(packing.importBulkLines).mockImplementation(async (_type, _file, onProgress) => {
    onProgress?.(100);
    return {
      ok: false,
      status: 422,
      body: {
        success: false,
        errorCode: 'IMPORT_INVALID',
        errorMessage: '2 行有错误，文件未导入',
        rows: [
          { row: 3, field: 'cartonTo', message: '结束箱号不能小于起始箱号' },
          { row: 7, field: 'sizeBreakdown', message: '尺码 44 不在尺码组 服装国际码 中' },
          { row: 9, message: '文件中没有装箱明细' },
        ],
      },
    };
  });
  renderPage();
  await screen.findByText('4500123460');
  fireEvent.click(screen.getByRole('button', { name: /导\s*入/ }));
  const dialog = await screen.findByRole('dialog');
  const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
  await act(async () => {
    fireEvent.change(input, { target: { files: [new File(['xlsx'], 'lines.xlsx')] } });
  });
  expect(await within(dialog).findByText('lines.xlsx')).toBeInTheDocument();
  fireEvent.click(within(dialog).getByRole('button', { name: '开始导入' }));

  expect(await within(dialog).findByText('2 行有错误，文件未导入')).toBeInTheDocument();
  const rows = within(dialog).getAllByRole('row').slice(1);
  expect(rows.map((row) => Array.from(row.querySelectorAll('td')).map((cell) => cell.textContent))).toEqual([
    ['3', '结束箱号', '结束箱号不能小于起始箱号'],
    ['7', '尺码配比', '尺码 44 不在尺码组 服装国际码 中'],
    ['9', '—', '文件中没有装箱明细'],
  ]);
  expect(packing.importBulkLines).toHaveBeenCalledWith('multi', expect.any(File), expect.any(Function));
  expect(packing.queryBulkLines).toHaveBeenCalledTimes(1);
});

test('saving the drawer sends exactly the contract body and marks the fields the server refused', async () => {
  mocked(lookups.queryGbsOrders).mockResolvedValue([
    {
      id: 'G1003',
      odgItemNo: 'ODG240002',
      poNo: '4500123460',
      styleNo: 'RN-880',
      colour: 'BLACK/WHITE',
      buyer: 'Contoso Sports',
      destination: 'Hamburg',
      orderQty: 2400,
      sizeGroup: 'APP-INT',
      exFactoryDate: '2025-03-18',
    },
  ]);
  const refused = Object.assign(new Error('422'), {
    data: {
      success: false,
      errorCode: 'VALIDATION_FAILED',
      errorMessage: '箱号重叠',
      fields: { cartonFrom: 'PO 4500123460 的箱号 1–5 与已有明细重叠' },
    },
  });
  mocked(packing.createBulkLine).mockRejectedValue(refused);
  renderPage();
  await screen.findByText('4500123460');
  fireEvent.click(screen.getByRole('button', { name: /新\s*建/ }));
  const drawer = within(await screen.findByRole('dialog'));
  fireEvent.change(await drawer.findByLabelText('ODG货号'), { target: { value: 'ODG240002' } });
  await waitFor(() => expect(drawer.getByLabelText('PO号')).toHaveValue('4500123460'), { timeout: 2000 });

  fireEvent.mouseDown(drawer.getByLabelText('工厂'));
  fireEvent.click(await screen.findByText('F01 宁波申洲针织'));
  fireEvent.change(await drawer.findByLabelText('尺码 M 每箱件数'), { target: { value: '6' } });
  fireEvent.change(drawer.getByLabelText('尺码 L 每箱件数'), { target: { value: '6' } });
  for (const [label, value] of [
    ['起始箱号', '1'],
    ['结束箱号', '5'],
    ['净重/箱(kg)', '7.25'],
    ['毛重/箱(kg)', '8.1'],
    ['外箱长(cm)', '55'],
    ['外箱宽(cm)', '38'],
    ['外箱高(cm)', '27.5'],
  ]) {
    fireEvent.change(drawer.getByLabelText(label), { target: { value } });
  }
  fireEvent.click(drawer.getByRole('button', { name: /保\s*存/ }));

  await waitFor(() => expect(packing.createBulkLine).toHaveBeenCalled());
  expect(packing.createBulkLine).toHaveBeenCalledWith('multi', {
    odgItemNo: 'ODG240002',
    poNo: '4500123460',
    styleNo: 'RN-880',
    colour: 'BLACK/WHITE',
    factoryCode: 'F01',
    sizeGroup: 'APP-INT',
    sizeBreakdown: { M: 6, L: 6 },
    packType: 'SCAS',
    cartonFrom: 1,
    cartonTo: 5,
    nwPerCtn: 7.25,
    gwPerCtn: 8.1,
    ctnL: 55,
    ctnW: 38,
    ctnH: 27.5,
    destination: 'Hamburg',
    exFactoryDate: '2025-03-18',
  });
  expect(await drawer.findByText('PO 4500123460 的箱号 1–5 与已有明细重叠')).toBeInTheDocument();
  expect(screen.getByRole('dialog')).toBeInTheDocument();
});

test('filtersOf leaves out empty filters and gives the ex-factory range as two dates', () => {
  expect(
    filtersOf({
      q: '',
      poNo: '4500',
      type: undefined,
      status: 'shipped',
      exFactoryDate: [dayjs('2025-03-01'), dayjs('2025-03-31')],
    }),
  ).toEqual({
    poNo: '4500',
    status: 'shipped',
    exFactoryFrom: '2025-03-01',
    exFactoryTo: '2025-03-31',
  });
  expect(filtersOf({ exFactoryDate: null })).toEqual({});
});

test('查询 asks for the first page with the filters, 重置 without them; 展开 shows the other filters', async () => {
  renderPage();
  await screen.findByText('4500123460');
  const form = document.getElementById('bulkFilter') as HTMLElement;
  expect(within(form).queryByLabelText('PO号')).not.toBeInTheDocument();
  fireEvent.click(within(form).getByText('展开'));
  fireEvent.change(within(form).getByLabelText('PO号'), { target: { value: '450012346' } });
  fireEvent.change(within(form).getByLabelText('关键字'), { target: { value: 'RN' } });
  fireEvent.click(within(form).getByRole('button', { name: /查\s*询/ }));
  await waitFor(() =>
    expect(packing.queryBulkLines).toHaveBeenLastCalledWith({ current: 1, pageSize: 50, q: 'RN', poNo: '450012346' }, 'packing'),
  );
  // Collapsed again, the hidden filter keeps its value.
  fireEvent.click(within(form).getByText('收起'));
  fireEvent.click(within(form).getByRole('button', { name: /查\s*询/ }));
  await waitFor(() => expect(packing.queryBulkLines).toHaveBeenCalledTimes(3));
  expect(packing.queryBulkLines).toHaveBeenLastCalledWith({ current: 1, pageSize: 50, q: 'RN', poNo: '450012346' }, 'packing');
  fireEvent.click(within(form).getByRole('button', { name: /重\s*置/ }));
  await waitFor(() => expect(packing.queryBulkLines).toHaveBeenLastCalledWith({ current: 1, pageSize: 50 }, 'packing'));
  expect(within(form).getByLabelText('关键字')).toHaveValue('');
});

test('a column header sorts on the server, one field at a time; another page keeps the sort', async () => {
  mocked(packing.queryBulkLines).mockResolvedValue({ data: lines, total: 120, success: true, current: 1, pageSize: 50 });
  renderPage();
  await screen.findByText('4500123460');
  // antd also renders each title in a hidden row that measures the column widths.
  const header = (title: string) => screen.getAllByText(title).find((element) => element.closest('th')) as HTMLElement;
  fireEvent.click(header('总体积(m³)'));
  await waitFor(() =>
    expect(packing.queryBulkLines).toHaveBeenLastCalledWith({ current: 1, pageSize: 50, sorter: 'cbm:ascend' }, 'packing'),
  );
  fireEvent.click(header('总体积(m³)'));
  await waitFor(() =>
    expect(packing.queryBulkLines).toHaveBeenLastCalledWith({ current: 1, pageSize: 50, sorter: 'cbm:descend' }, 'packing'),
  );
  fireEvent.click(screen.getByTitle('2'));
  await waitFor(() =>
    expect(packing.queryBulkLines).toHaveBeenLastCalledWith({ current: 2, pageSize: 50, sorter: 'cbm:descend' }, 'packing'),
  );
  fireEvent.click(header('PO号'));
  await waitFor(() =>
    expect(packing.queryBulkLines).toHaveBeenLastCalledWith({ current: 2, pageSize: 50, sorter: 'poNo:ascend' }, 'packing'),
  );
  expect(screen.getByText('共 120 条')).toBeInTheDocument();
});

test('selected lines: batch delete after confirming, then the list reloads; a line in a container blocks batch actions', async () => {
  mocked(packing.removeBulkLines).mockResolvedValue({ success: true, deleted: 1 });
  jest.spyOn(message, 'success').mockImplementation(() => undefined as never);
  renderPage();
  await screen.findByText('4500123460');
  const rowOf = (key: string) => screen.getByText(key).closest('tr') as HTMLElement;
  fireEvent.click(within(rowOf('BD000001')).getByRole('checkbox'));
  const bar = await screen.findByRole('toolbar', { name: '所选明细' });
  expect(within(bar).getByText('已选择 1 条明细')).toBeInTheDocument();
  // Merging needs two lines.
  expect(within(bar).queryByText('合并')).not.toBeInTheDocument();
  fireEvent.click(within(bar).getByText('批量删除'));
  expect(await screen.findByText('确定删除所选的 1 条明细？')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: /删\s*除/ }));
  await waitFor(() =>
    expect(packing.removeBulkLines).toHaveBeenCalledWith([
      expect.objectContaining({ key: 'BD000001', version: expect.any(Number) }),
    ]),
  );
  await waitFor(() => expect(packing.queryBulkLines).toHaveBeenCalledTimes(2));
  expect(message.success).toHaveBeenCalledWith('已删除 1 条明细');
  await waitFor(() => expect(screen.queryByRole('toolbar', { name: '所选明细' })).not.toBeInTheDocument());

  fireEvent.click(within(rowOf('BD000001')).getByRole('checkbox'));
  fireEvent.click(within(rowOf('BD000002')).getByRole('checkbox'));
  const mixed = await screen.findByRole('toolbar', { name: '所选明细' });
  expect(within(mixed).getByText('所选明细中有已配柜或已出运的，不能批量修改、合并或删除')).toBeInTheDocument();
  expect(within(mixed).queryByText('批量删除')).not.toBeInTheDocument();
  fireEvent.click(within(mixed).getByText('取消选择'));
  await waitFor(() => expect(screen.queryByRole('toolbar', { name: '所选明细' })).not.toBeInTheDocument());
});

test('拆分 moves the last cartons of a line to a new one, with a preview, then reloads the list', async () => {
  const [kept, made] = [bulkLineFixture({ cartonTo: 36 }), bulkLineFixture({ key: 'BD000003', cartonFrom: 37 })];
  mocked(packing.splitBulkLine).mockResolvedValue([kept, made]);
  jest.spyOn(message, 'success').mockImplementation(() => undefined as never);
  renderPage();
  await screen.findByText('4500123460');
  fireEvent.click(within(screen.getByText('BD000001').closest('tr') as HTMLElement).getByText('拆分'));
  const dialog = within(await screen.findByRole('dialog'));
  expect(dialog.getByText('拆分明细 BD000001')).toBeInTheDocument();
  fireEvent.change(dialog.getByLabelText('拆出箱数'), { target: { value: '4' } });
  await waitFor(() => expect(dialog.getByTestId('split-preview')).toHaveTextContent('新明细：箱号 37–40，48 件'));
  fireEvent.click(dialog.getByRole('button', { name: /拆\s*分/ }));
  await waitFor(() => expect(packing.splitBulkLine).toHaveBeenCalledWith('multi', 'BD000001', { cartons: 4, version: 1 }));
  await waitFor(() => expect(packing.queryBulkLines).toHaveBeenCalledTimes(2));
  expect(message.success).toHaveBeenCalledWith('已拆分为 BD000001 与 BD000003');
});

test('拆分 with a number out of range: no preview of another number, the action disabled, the range said', async () => {
  renderPage();
  await screen.findByText('4500123460');
  fireEvent.click(within(screen.getByText('BD000001').closest('tr') as HTMLElement).getByText('拆分'));
  const dialog = within(await screen.findByRole('dialog'));
  const input = dialog.getByLabelText('拆出箱数');
  const splitButton = () => dialog.getByRole('button', { name: /拆\s*分/ });
  fireEvent.change(input, { target: { value: '4' } });
  await waitFor(() => expect(dialog.getByTestId('split-preview')).toBeInTheDocument());
  expect(splitButton()).toBeEnabled();
  for (const value of ['300', '0', '2.5']) {
    fireEvent.change(input, { target: { value } });
    await waitFor(() => expect(dialog.getByRole('alert')).toHaveTextContent('拆出箱数应为 1–39 的整数'));
    expect(dialog.queryByTestId('split-preview')).not.toBeInTheDocument();
    expect(splitButton()).toBeDisabled();
  }
  fireEvent.click(splitButton());
  expect(packing.splitBulkLine).not.toHaveBeenCalled();
});

test('合并 of two selected lines shows the merged line and sends their keys and versions', async () => {
  const second = bulkLineFixture({ key: 'BD000003', cartonFrom: 41, cartonTo: 60, version: 3 });
  mocked(packing.queryBulkLines).mockResolvedValue({
    data: [bulkLineFixture(), second],
    total: 2,
    success: true,
    current: 1,
    pageSize: 50,
  });
  mocked(packing.mergeBulkLines).mockResolvedValue(bulkLineFixture({ cartonTo: 60 }));
  jest.spyOn(message, 'success').mockImplementation(() => undefined as never);
  renderPage();
  await screen.findByText('BD000003');
  for (const key of ['BD000001', 'BD000003'])
    fireEvent.click(within(screen.getByText(key).closest('tr') as HTMLElement).getByRole('checkbox'));
  fireEvent.click(within(await screen.findByRole('toolbar', { name: '所选明细' })).getByText('合并'));
  const dialog = within(await screen.findByRole('dialog'));
  expect(dialog.getByText('合并后保留明细 BD000001：PO 4500123456，箱号 1–60')).toBeInTheDocument();
  fireEvent.click(dialog.getByRole('button', { name: /合\s*并/ }));
  await waitFor(() =>
    expect(packing.mergeBulkLines).toHaveBeenCalledWith({
      keys: ['BD000001', 'BD000003'],
      versions: { BD000001: 1, BD000003: 3 },
    }),
  );
  await waitFor(() => expect(packing.queryBulkLines).toHaveBeenCalledTimes(2));
  expect(message.success).toHaveBeenCalledWith('已合并为明细 BD000001');
});
