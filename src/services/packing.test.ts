import request, { upload } from '@/utils/request';
import * as lookups from './lookup';
import * as packing from './packing';

jest.mock('@/utils/request', () => ({ __esModule: true, default: jest.fn(), upload: jest.fn(), readNow: jest.fn() }));

const requestMock = request as unknown as jest.Mock;
const uploadMock = upload as unknown as jest.Mock;

beforeEach(() => {
  requestMock.mockReset();
  requestMock.mockResolvedValue({});
});

const lastCall = () => requestMock.mock.calls[requestMock.mock.calls.length - 1];

describe('bulk-data calls use the specification paths and verbs', () => {
  const body = { poNo: 'PO-1' } as any;
  test.each<[string, () => Promise<unknown>, string, Record<string, unknown>]>([
    [
      'list',
      () => packing.queryBulkLines({ current: 2, pageSize: 50, poNo: 'PO', styleNo: '', q: undefined }),
      '/v1/packing/bulkdata',
      { params: { current: 2, pageSize: 50, poNo: 'PO' } },
    ],
    [
      'shipping list',
      () => packing.queryBulkLines({ status: 'shipped' }, 'shipping'),
      '/v1/shipping/bulkdata',
      { params: { status: 'shipped' } },
    ],
    ['detail', () => packing.queryBulkLine('K 1/2'), '/v1/packing/bulkdata/K%201%2F2', { quietStatuses: [403, 404] }],
    ['history', () => packing.queryBulkHistory('K1'), '/v1/packing/bulkdata/K1/history', {}],
    ['create', () => packing.createBulkLine('multi', body), '/v1/packing/multi/bulkdata', { method: 'POST', data: body }],
    [
      'update',
      () => packing.updateBulkLine('single', 'K1', body),
      '/v1/packing/single/bulkdata/K1',
      { method: 'PUT', data: body },
    ],
    [
      'batch change',
      () => packing.batchPatchBulkLines('multi', { keys: ['A'], changes: { ctnH: 30 }, versions: { A: 2 } }),
      '/v1/packing/multi/bulkdata/',
      { method: 'PATCH', data: { keys: ['A'], changes: { ctnH: 30 }, versions: { A: 2 } } },
    ],
    [
      'bulkslist',
      () => packing.patchBulksList({ keys: ['A'], changes: { type: 'single' }, versions: { A: 1 } }),
      '/v1/bulkslist',
      { method: 'PATCH', data: { keys: ['A'], changes: { type: 'single' }, versions: { A: 1 } } },
    ],
    [
      'delete one',
      () => packing.removeBulkLine('multi', 'K1', 4),
      '/v1/packing/multi/bulkdata/K1',
      { method: 'DELETE', data: { version: 4 } },
    ],
    [
      'delete several',
      () =>
        packing.removeBulkLines([
          { key: 'A', version: 3 },
          { key: 'B', version: 1 },
        ]),
      '/v1/packing/bulkdata/',
      { method: 'DELETE', params: { keys: 'A,B', versions: '3,1' } },
    ],
    [
      'split',
      () => packing.splitBulkLine('multi', 'K1', { cartons: 3, version: 2 }),
      '/v1/packing/multi/bulkdata/K1/seperate',
      { method: 'PUT', data: { cartons: 3, version: 2 } },
    ],
    [
      'merge',
      () => packing.mergeBulkLines({ keys: ['A', 'B'], versions: { A: 1, B: 2 } }),
      '/v1/packing/bulkdata/mergeOne',
      { method: 'POST', data: { keys: ['A', 'B'], versions: { A: 1, B: 2 } } },
    ],
    ['factories', () => lookups.queryFactories(), '/v1/factories', {}],
    ['size groups', () => lookups.querySizeGroups(), '/v1/sizeGroup', {}],
    ['GBS order list', () => lookups.queryGbsOrders('ODG 10'), '/v1/gbs/getOrderList/ODG%2010', {}],
    ['GBS order', () => lookups.queryGbsOrder('G1'), '/v1/gbs/getOrderInfo/G1', {}],
  ])('%s', async (_name, run, url, options) => {
    await run();
    const [calledUrl, calledOptions = {}] = lastCall();
    expect(calledUrl).toBe(url);
    expect(calledOptions).toEqual(options);
  });
});

describe('import goes through the upload of request.ts', () => {
  test('import posts the file to the type’s import and answers the count or the refusal', async () => {
    const file = new Blob(['x']);
    const onProgress = jest.fn();
    uploadMock.mockResolvedValueOnce({ ok: true, data: { success: true, imported: 12 } });
    expect(await packing.importBulkLines('single', file, onProgress)).toEqual({ ok: true, imported: 12 });
    expect(uploadMock).toHaveBeenCalledWith('/v1/packing/single/bulkdata/import', file, { onProgress });
    const refused = {
      ok: false,
      status: 422,
      body: { success: false, errorCode: 'IMPORT_INVALID', errorMessage: '2 行有错误', rows: [] },
    };
    uploadMock.mockResolvedValueOnce(refused);
    expect(await packing.importBulkLines('multi', file)).toEqual(refused);
  });
});
