// dva-core's build expects a global regeneratorRuntime, which nothing else in this test loads.
import 'regenerator-runtime/runtime';
import * as lookups from '@/services/lookups';
import * as packing from '@/services/packing';
import { createApp } from '@/testing/umi';
import type { BulkLine } from '@contract/bulk';
import { bulkLineFixture } from '../../tests/fixtures/bulkLine';
import PackingModel, { type PackingModelState } from './packing';

jest.mock('umi', () => require('@/testing/umi'));
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
jest.mock('@/services/lookups', () => ({
  queryFactories: jest.fn(),
  querySizeGroups: jest.fn(),
  queryGbsOrders: jest.fn(),
  queryGbsOrder: jest.fn(),
}));

const mocked = <T extends (...args: any[]) => any>(fn: T) => fn as unknown as jest.MockedFunction<T>;

const a = bulkLineFixture({ key: 'A', type: 'multi', version: 3, cartonTo: 10 });
const b = bulkLineFixture({ key: 'B', type: 'multi', version: 7, cartonFrom: 11, cartonTo: 20 });
const c = bulkLineFixture({ key: 'C', type: 'single', version: 1, poNo: '4500123499' });

function setup() {
  const store = createApp([PackingModel as any]);
  const dispatch = (action: { type: string; payload?: unknown }) => store.dispatch(action) as Promise<any>;
  const state = () => store.getState().packing as PackingModelState;
  return { store, dispatch, state };
}

async function withList(lines: BulkLine[]) {
  const app = setup();
  mocked(packing.queryBulkLines).mockResolvedValueOnce({
    data: lines,
    total: lines.length,
    success: true,
    current: 1,
    pageSize: 20,
  });
  await app.dispatch({ type: 'packing/fetch', payload: { query: { current: 1, pageSize: 20, poNo: 'PO' } } });
  return app;
}

/** A umi-request error as request.ts rethrows it for a 409 / 422. */
const httpError = (status: number, body: object) =>
  Object.assign(new Error(`http ${status}`), { response: { status }, data: body });

beforeEach(() => jest.clearAllMocks());

describe('fetch', () => {
  test('stores the page and answers what ProTable reads', async () => {
    const { dispatch, state } = setup();
    mocked(packing.queryBulkLines).mockResolvedValue({
      data: [a, b],
      total: 10000,
      success: true,
      current: 2,
      pageSize: 2,
      totalIsEstimate: true,
      totalCap: 10000,
    });
    const page = await dispatch({ type: 'packing/fetch', payload: { query: { current: 2, pageSize: 2, status: 'allocated' } } });
    expect(packing.queryBulkLines).toHaveBeenCalledWith({ current: 2, pageSize: 2, status: 'allocated' }, 'packing');
    expect(page).toEqual({ data: [a, b], total: 10000, success: true, totalIsEstimate: true, totalCap: 10000 });
    expect(state()).toMatchObject({ list: [a, b], total: 10000, totalIsEstimate: true, totalCap: 10000 });
    expect(state().query).toEqual({ current: 2, pageSize: 2, status: 'allocated' });
  });

  test('reads the shipping list when asked', async () => {
    const { dispatch } = setup();
    mocked(packing.queryBulkLines).mockResolvedValue({ data: [], total: 0, success: true, current: 1, pageSize: 20 });
    await dispatch({ type: 'packing/fetch', payload: { query: {}, kind: 'shipping' } });
    expect(packing.queryBulkLines).toHaveBeenCalledWith({}, 'shipping');
  });

  test('a failed call (already notified) gives an empty unsuccessful page and keeps the list', async () => {
    const { dispatch, state } = await withList([a]);
    mocked(packing.queryBulkLines).mockResolvedValue(undefined);
    const page = await dispatch({ type: 'packing/fetch', payload: { query: {} } });
    expect(page).toEqual({ data: [], total: 0, success: false });
    expect(state().list).toEqual([a]);
  });

  test('the selection keeps only keys still shown', async () => {
    const { dispatch, state } = await withList([a, b]);
    await dispatch({ type: 'packing/select', payload: ['A', 'B'] });
    mocked(packing.queryBulkLines).mockResolvedValue({ data: [b, c], total: 2, success: true, current: 1, pageSize: 20 });
    await dispatch({ type: 'packing/fetch', payload: { query: {} } });
    expect(state().selectedRowKeys).toEqual(['B']);
  });
});

describe('lookups', () => {
  test('factories and size groups load once per visit', async () => {
    const { dispatch, state } = setup();
    mocked(lookups.queryFactories).mockResolvedValue([{ code: 'F01', name: '一厂', country: '中国', city: '宁波' }]);
    mocked(lookups.querySizeGroups).mockResolvedValue([{ code: 'APP', name: '服装', sizes: ['S', 'M', 'L'] }]);
    await dispatch({ type: 'packing/fetchLookups' });
    await dispatch({ type: 'packing/fetchLookups' });
    expect(lookups.queryFactories).toHaveBeenCalledTimes(1);
    expect(state().sizeGroups[0].sizes).toEqual(['S', 'M', 'L']);
    expect(state().lookupsLoaded).toBe(true);
  });

  test('a failed lookup is asked again next time', async () => {
    const { dispatch } = setup();
    mocked(lookups.queryFactories).mockResolvedValue(undefined);
    mocked(lookups.querySizeGroups).mockResolvedValue([]);
    await dispatch({ type: 'packing/fetchLookups' });
    await dispatch({ type: 'packing/fetchLookups' });
    expect(lookups.queryFactories).toHaveBeenCalledTimes(2);
  });

  test('GBS orders are asked once per typed text', async () => {
    const { dispatch } = setup();
    const order = {
      id: 'G1',
      odgItemNo: 'ODG-1001',
      poNo: 'PO-1',
      styleNo: 'ST-1',
      colour: 'NAVY',
      buyer: 'ACME',
      destination: 'Los Angeles',
      orderQty: 1200,
      sizeGroup: 'APP',
      exFactoryDate: '2025-03-01',
    };
    mocked(lookups.queryGbsOrders).mockResolvedValue([order]);
    expect(await dispatch({ type: 'packing/searchGbsOrders', payload: ' ODG-1 ' })).toEqual([order]);
    expect(await dispatch({ type: 'packing/searchGbsOrders', payload: 'ODG-1' })).toEqual([order]);
    expect(lookups.queryGbsOrders).toHaveBeenCalledTimes(1);
    expect(lookups.queryGbsOrders).toHaveBeenCalledWith('ODG-1');
  });
});

describe('changes', () => {
  test('create and update resolve the saved line', async () => {
    const { dispatch } = setup();
    mocked(packing.createBulkLine).mockResolvedValue(a);
    const body = { poNo: 'PO-1' } as any;
    expect(await dispatch({ type: 'packing/create', payload: { type: 'single', body } })).toEqual({ ok: true, data: a });
    expect(packing.createBulkLine).toHaveBeenCalledWith('single', body);
    mocked(packing.updateBulkLine).mockResolvedValue(b);
    expect(await dispatch({ type: 'packing/update', payload: { type: 'multi', key: 'B', body } })).toEqual({ ok: true, data: b });
    expect(packing.updateBulkLine).toHaveBeenCalledWith('multi', 'B', body);
  });

  test('a 422 resolves with the server body, so the form can mark its fields', async () => {
    const { dispatch } = setup();
    const body = { success: false, errorCode: 'VALIDATION_FAILED', errorMessage: '校验失败', fields: { cartonTo: '箱号重叠' } };
    mocked(packing.createBulkLine).mockRejectedValue(httpError(422, body));
    expect(await dispatch({ type: 'packing/create', payload: { type: 'multi', body: {} } })).toEqual({ ok: false, error: body });
  });

  test('batch change of one type goes to the typed PATCH with the versions shown', async () => {
    const { dispatch, state } = await withList([a, b, c]);
    await dispatch({ type: 'packing/select', payload: ['A', 'B'] });
    mocked(packing.batchPatchBulkLines).mockResolvedValue([a, b]);
    const result = await dispatch({
      type: 'packing/batchUpdate',
      payload: { keys: ['A', 'B'], changes: { destination: 'Hamburg' } },
    });
    expect(result.ok).toBe(true);
    expect(packing.batchPatchBulkLines).toHaveBeenCalledWith('multi', {
      keys: ['A', 'B'],
      changes: { destination: 'Hamburg' },
      versions: { A: 3, B: 7 },
    });
    expect(packing.patchBulksList).not.toHaveBeenCalled();
    expect(state().selectedRowKeys).toEqual([]);
  });

  test('a mixed selection, or a change of type, goes to PATCH /v1/bulkslist', async () => {
    const { dispatch } = await withList([a, b, c]);
    mocked(packing.patchBulksList).mockResolvedValue([a, c]);
    await dispatch({ type: 'packing/batchUpdate', payload: { keys: ['A', 'C'], changes: { nwPerCtn: 4.5 } } });
    expect(packing.patchBulksList).toHaveBeenLastCalledWith({
      keys: ['A', 'C'],
      changes: { nwPerCtn: 4.5 },
      versions: { A: 3, C: 1 },
    });
    await dispatch({ type: 'packing/batchUpdate', payload: { keys: ['A'], changes: { type: 'single' } } });
    expect(packing.patchBulksList).toHaveBeenLastCalledWith({ keys: ['A'], changes: { type: 'single' }, versions: { A: 3 } });
    expect(packing.batchPatchBulkLines).not.toHaveBeenCalled();
  });

  test('a failed batch change keeps the selection', async () => {
    const { dispatch, state } = await withList([a, b]);
    await dispatch({ type: 'packing/select', payload: ['A', 'B'] });
    mocked(packing.batchPatchBulkLines).mockRejectedValue(
      httpError(409, { success: false, errorCode: 'VERSION_CONFLICT', errorMessage: '数据已被修改' }),
    );
    const result = await dispatch({ type: 'packing/batchUpdate', payload: { keys: ['A', 'B'], changes: { ctnH: 31 } } });
    expect(result).toMatchObject({ ok: false, error: { errorCode: 'VERSION_CONFLICT' } });
    expect(state().selectedRowKeys).toEqual(['A', 'B']);
  });

  test('one delete sends the version; a selection of both types is one call with every version', async () => {
    const { dispatch } = await withList([a, b, c]);
    mocked(packing.removeBulkLine).mockResolvedValue({ success: true, deleted: 1 });
    await dispatch({ type: 'packing/remove', payload: b });
    expect(packing.removeBulkLine).toHaveBeenCalledWith('multi', 'B', 7);

    mocked(packing.removeBulkLines).mockImplementation(async (lines) => ({ success: true, deleted: lines.length }));
    const result = await dispatch({ type: 'packing/removeMany', payload: ['A', 'B', 'C'] });
    expect(packing.removeBulkLines).toHaveBeenCalledTimes(1);
    expect(packing.removeBulkLines).toHaveBeenCalledWith([a, b, c]);
    expect(result).toEqual({ ok: true, data: { success: true, deleted: 3 } });
  });

  test('a refused several-key delete is reported and keeps the selection', async () => {
    const { dispatch, state } = await withList([a, c]);
    await dispatch({ type: 'packing/select', payload: ['A', 'C'] });
    mocked(packing.removeBulkLines).mockResolvedValueOnce(undefined);
    const result = await dispatch({ type: 'packing/removeMany', payload: ['A', 'C'] });
    expect(result).toMatchObject({ ok: false });
    expect(packing.removeBulkLines).toHaveBeenCalledTimes(1);
    expect(state().selectedRowKeys).toEqual(['A', 'C']);
  });

  test('split sends the cartons and the version; merge the keys and their versions', async () => {
    const { dispatch, state } = await withList([a, b]);
    mocked(packing.splitBulkLine).mockResolvedValue([a, b]);
    expect(await dispatch({ type: 'packing/split', payload: { line: b, cartons: 4 } })).toEqual({ ok: true, data: [a, b] });
    expect(packing.splitBulkLine).toHaveBeenCalledWith('multi', 'B', { cartons: 4, version: 7 });

    await dispatch({ type: 'packing/select', payload: ['A', 'B'] });
    mocked(packing.mergeBulkLines).mockResolvedValue(a);
    expect(await dispatch({ type: 'packing/merge', payload: ['A', 'B'] })).toEqual({ ok: true, data: a });
    expect(packing.mergeBulkLines).toHaveBeenCalledWith({ keys: ['A', 'B'], versions: { A: 3, B: 7 } });
    expect(state().selectedRowKeys).toEqual([]);
  });
});

describe('files', () => {
  test('export sends the filters of the list shown, without paging or sorting', async () => {
    const app = setup();
    mocked(packing.queryBulkLines).mockResolvedValue({ data: [], total: 0, success: true, current: 3, pageSize: 50 });
    await app.dispatch({
      type: 'packing/fetch',
      payload: { query: { current: 3, pageSize: 50, sorter: 'poNo:ascend', poNo: 'PO-7', status: 'shipped' } },
    });
    const file = { blob: new Blob(['x']), fileName: '装箱明细.xlsx' };
    mocked(packing.exportBulkLines).mockResolvedValue(file);
    expect(await app.dispatch({ type: 'packing/exportFile' })).toBe(file);
    expect(packing.exportBulkLines).toHaveBeenCalledWith({ poNo: 'PO-7', status: 'shipped' });
  });

  test('import hands over the file and the progress callback, and resolves the outcome', async () => {
    const { dispatch } = setup();
    const onProgress = jest.fn();
    const outcome = {
      ok: false,
      status: 422,
      body: { success: false, errorCode: 'IMPORT_INVALID', errorMessage: '导入失败', rows: [] },
    };
    mocked(packing.importBulkLines).mockResolvedValue(outcome as any);
    const file = new Blob(['x']);
    expect(await dispatch({ type: 'packing/importFile', payload: { type: 'multi', file, onProgress } })).toEqual(outcome);
    expect(packing.importBulkLines).toHaveBeenCalledWith('multi', file, onProgress);
  });
});

test('the detail page gets the line and its history', async () => {
  const { dispatch, state } = setup();
  const entry = {
    id: 'H1',
    at: '2025-01-02T03:04:05.000Z',
    action: 'update',
    actor: 'u1',
    actorName: '张三',
    before: { ctnH: 30 },
    after: { ctnH: 31 },
  };
  mocked(packing.queryBulkLine).mockResolvedValue(a);
  mocked(packing.queryBulkHistory).mockResolvedValue([entry as any]);
  expect(await dispatch({ type: 'packing/fetchDetail', payload: 'A' })).toBe('found');
  expect(state().detail).toEqual(a);
  expect(state().history).toEqual([entry]);

  // 403 and 404 come back quietly, with the server's body.
  mocked(packing.queryBulkLine).mockRejectedValue({
    data: { success: false, errorCode: 'NOT_FOUND', errorMessage: '记录不存在' },
  });
  expect(await dispatch({ type: 'packing/fetchDetail', payload: 'missing' })).toBe('notFound');
  expect(state().detail).toBeUndefined();

  // Any other failure was reported by request.ts, which resolved with nothing.
  mocked(packing.queryBulkLine).mockResolvedValue(undefined);
  expect(await dispatch({ type: 'packing/fetchDetail', payload: 'A' })).toBe('failed');
});
