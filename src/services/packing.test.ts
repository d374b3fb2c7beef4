import request, { endSession } from '@/utils/request';
import * as lookups from './lookups';
import * as packing from './packing';

jest.mock('@/utils/request', () => ({ __esModule: true, default: jest.fn(), endSession: jest.fn() }));

const requestMock = request as unknown as jest.Mock;

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

describe('export', () => {
  test('asks for the xlsx of the filters and names the file from Content-Disposition', async () => {
    const blob = new Blob(['xlsx']);
    const headers = new Headers({
      'Content-Disposition': "attachment; filename*=UTF-8''%E8%A3%85%E7%AE%B1%E6%98%8E%E7%BB%86-20250301.xlsx",
    });
    requestMock.mockResolvedValue({ data: blob, response: { headers } });
    const file = await packing.exportBulkLines({ poNo: 'PO-1', colour: '' });
    const [url, options] = lastCall();
    expect(url).toBe('/v1/packing/bulkdata/export');
    expect(options).toMatchObject({ params: { poNo: 'PO-1' }, responseType: 'blob', getResponse: true });
    expect(options.headers.Accept).toContain('spreadsheetml');
    expect(file).toEqual({ blob, fileName: '装箱明细-20250301.xlsx' });
  });

  test('a failed export (already notified) gives nothing', async () => {
    requestMock.mockResolvedValue(undefined);
    expect(await packing.exportBulkLines({})).toBeUndefined();
  });

  test.each([
    ['attachment; filename="bulk.xlsx"', 'bulk.xlsx'],
    [null, '装箱明细.xlsx'],
    ["attachment; filename*=UTF-8''%E0%A4", '装箱明细.xlsx'],
  ])('file name of %p', (header, name) => {
    expect(packing.fileNameOf(header, '装箱明细.xlsx')).toBe(name);
  });
});

describe('import (XMLHttpRequest, for upload progress)', () => {
  class FakeXhr {
    static last: FakeXhr;
    method = '';
    url = '';
    withCredentials = false;
    headers: Record<string, string> = {};
    upload: { onprogress?: (event: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
    onload?: () => void;
    onerror?: () => void;
    status = 0;
    responseText = '';
    sent?: FormData;
    constructor() {
      FakeXhr.last = this;
    }
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    send(body: FormData) {
      this.sent = body;
    }
    answer(status: number, body: unknown) {
      this.status = status;
      this.responseText = JSON.stringify(body);
      this.onload?.();
    }
  }
  const realXhr = window.XMLHttpRequest;
  beforeEach(() => {
    (window as any).XMLHttpRequest = FakeXhr;
    localStorage.setItem('token', 'tok-1');
  });
  afterEach(() => {
    window.XMLHttpRequest = realXhr;
    localStorage.clear();
  });

  test('posts the file as multipart with the token and reports progress', async () => {
    const progress: number[] = [];
    const file = new File(['data'], 'lines.xlsx');
    const outcome = packing.importBulkLines('single', file, (percent) => progress.push(percent));
    const xhr = FakeXhr.last;
    expect([xhr.method, xhr.url, xhr.withCredentials]).toEqual(['POST', '/v1/packing/single/bulkdata/import', true]);
    expect(xhr.headers.Authorization).toBe('Bearer tok-1');
    expect((xhr.sent?.get('file') as File).name).toBe('lines.xlsx');
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 512, total: 1024 });
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 1024, total: 1024 });
    xhr.answer(200, { success: true, imported: 12 });
    expect(await outcome).toEqual({ ok: true, imported: 12 });
    expect(progress).toEqual([50, 100]);
  });

  test('a refused file resolves the 422 body with its rows', async () => {
    const outcome = packing.importBulkLines('multi', new Blob(['x']));
    const body = {
      success: false,
      errorCode: 'IMPORT_INVALID',
      errorMessage: '2 行有错误',
      rows: [{ row: 3, field: 'cartonTo', message: '箱号重叠' }],
    };
    FakeXhr.last.answer(422, body);
    expect(await outcome).toEqual({ ok: false, status: 422, body });
    expect(endSession).not.toHaveBeenCalled();
  });

  test('401 ends the session; no answer is status 0', async () => {
    const signedOut = packing.importBulkLines('multi', new Blob(['x']));
    FakeXhr.last.answer(401, { success: false, errorCode: 'UNAUTHORIZED', errorMessage: '未登录' });
    expect(await signedOut).toMatchObject({ ok: false, status: 401 });
    expect(endSession).toHaveBeenCalledTimes(1);

    const offline = packing.importBulkLines('multi', new Blob(['x']));
    FakeXhr.last.onerror?.();
    expect(await offline).toEqual({ ok: false, status: 0 });
  });
});
