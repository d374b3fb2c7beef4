import { message, notification } from 'antd';
import { history } from 'umi';
import { getCurrentAuthority, setAuthority } from './authority';
import request, {
  codeMessage,
  download,
  endSession,
  errorHandler,
  fileNameOf,
  getErrorBody,
  queryOf,
  READ_RETRIES,
  readNow,
  upload,
} from './request';

jest.mock('umi', () => ({ history: { push: jest.fn(), replace: jest.fn() } }));

const fetchMock = jest.fn();
const notifyError = jest.spyOn(notification, 'error').mockImplementation(() => undefined);
const goTo = (address: string) => window.history.pushState({}, '', address);

/** A fetch answer as the browser gives it (umi-request reads status, url, headers and the text). */
function answer(status: number, body?: unknown, statusText = '') {
  return (url: string) =>
    Promise.resolve(
      new Response(body === undefined ? '' : JSON.stringify(body), {
        status,
        statusText,
        url: new URL(url, window.location.href).href,
        headers: { 'Content-Type': 'application/json' },
      } as ResponseInit),
    );
}

const sentHeaders = (): Record<string, string> => fetchMock.mock.calls[0][1].headers || {};

beforeEach(() => {
  fetchMock.mockReset();
  (window as unknown as { fetch: typeof fetch }).fetch = fetchMock;
  notifyError.mockClear();
  jest.mocked(history.push).mockClear();
  jest.mocked(history.replace).mockClear();
  localStorage.clear();
  goTo('/shipment/packing?current=2');
});

describe('codeMessage', () => {
  test('has a Chinese description for every status of the specification, and for the refusals the API answers', () => {
    // The specification's statuses, with 409 (stale version), 413 (too large) and 429 (too many) that the API answers.
    expect(Object.keys(codeMessage).map(Number)).toEqual([
      200, 201, 202, 204, 400, 401, 403, 404, 406, 409, 410, 413, 422, 429, 500, 502, 503, 504,
    ]);
    expect(codeMessage[401]).toBe('未登录或登录已过期');
    expect(codeMessage[403]).toBe('无权限或不是数据所有者');
    expect(codeMessage[422]).toBe('创建对象时发生验证错误');
    Object.values(codeMessage).forEach((text) => expect(text).toMatch(/[\u4e00-\u9fa5]/));
  });
});

describe('request interceptor', () => {
  test('sends cookies, and with a stored token JSON headers and the bearer token', async () => {
    localStorage.setItem('token', 'tok-123');
    fetchMock.mockImplementation(answer(200, { id: 1 }));
    await expect(request.post('/v1/osbplan/', { data: { planNo: 'P1' } })).resolves.toEqual({ id: 1 });
    const [url, options] = fetchMock.mock.calls[0];
    expect(url).toBe('/v1/osbplan/');
    expect(options.credentials).toBe('include');
    expect(options.headers).toMatchObject({
      Authorization: 'Bearer tok-123',
      Accept: 'application/json',
      'Content-Type': 'application/json',
    });
    expect(options.body).toBe('{"planNo":"P1"}');
  });

  test('without a token no Authorization header is sent', async () => {
    fetchMock.mockImplementation(answer(200, { status: 'ok' }));
    await request.post('/v1/auth/login', { data: { userName: 'user', password: 'x', type: 'account' } });
    const headers = sentHeaders();
    expect(Object.keys(headers).map((key) => key.toLowerCase())).not.toContain('authorization');
    expect(fetchMock.mock.calls[0][1].credentials).toBe('include');
  });

  test('a bodiless request gets no Content-Type (the server refuses an empty JSON body)', async () => {
    localStorage.setItem('token', 'tok');
    fetchMock.mockImplementation(answer(200, { success: true, deleted: 2 }));
    await request.delete('/v1/osbplan/', { params: { keys: 'a,b' } });
    const headers = sentHeaders();
    expect(headers.Authorization).toBe('Bearer tok');
    expect(headers.Accept).toBe('application/json');
    expect(Object.keys(headers).map((key) => key.toLowerCase())).not.toContain('content-type');
  });

  test('a FormData body keeps the browser’s multipart type', async () => {
    localStorage.setItem('token', 'tok');
    fetchMock.mockImplementation(answer(200, { imported: 3 }));
    const form = new FormData();
    form.append('file', new Blob(['x']), 'packing.xlsx');
    await request.post('/v1/packing/multi/bulkdata/import', { data: form });
    const headers = sentHeaders();
    expect(headers.Authorization).toBe('Bearer tok');
    expect(Object.keys(headers).map((key) => key.toLowerCase())).not.toContain('content-type');
  });

  test('a caller’s own Accept and Content-Type are kept', async () => {
    localStorage.setItem('token', 'tok');
    fetchMock.mockImplementation(() => Promise.resolve(new Response('xlsx', { status: 200 })));
    await request.get('/v1/shipping/bulkdata/compare', {
      responseType: 'blob',
      headers: { accept: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
    });
    expect(sentHeaders()).toEqual({
      accept: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      Authorization: 'Bearer tok',
      'X-Request-Id': expect.stringMatching(/^[0-9a-f]{24}$/),
    });
  });

  test('every request carries an id of its own, signed in or not', async () => {
    fetchMock.mockImplementation(answer(200, {}));
    await request.get('/v1/health');
    localStorage.setItem('token', 'tok');
    await request.get('/v1/health');
    const [first, second] = fetchMock.mock.calls.map(([, options]) => options.headers['X-Request-Id']);
    expect([first, second]).toEqual([expect.stringMatching(/^[0-9a-f]{24}$/), expect.stringMatching(/^[0-9a-f]{24}$/)]);
    expect(first).not.toBe(second);
  });
});

describe('reads that leave at once', () => {
  test('queryOf spells a query as umi-request does: lists repeated, null bare, undefined left out', () => {
    expect(queryOf({ a: ['x y', 'z'], b: null, c: undefined, d: 3, e: new Date('2026-11-26T00:00:00Z') })).toBe(
      'a=x%20y&a=z&b&d=3&e=2026-11-26T00%3A00%3A00.000Z',
    );
  });

  test('readNow sends a plain read now, and the request that follows takes its answer: one fetch', async () => {
    localStorage.setItem('token', 'tok');
    fetchMock.mockImplementation(answer(200, { data: [], total: 0 }));
    readNow('/v1/bol', { params: { current: 1, pageSize: 20, bolNo: 'BL 1' } });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/v1/bol?current=1&pageSize=20&bolNo=BL%201']);
    await expect(request('/v1/bol', { params: { current: 1, pageSize: 20, bolNo: 'BL 1' } })).resolves.toEqual({
      data: [],
      total: 0,
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Not a plain read: left to the request itself.
    readNow('/v1/osbplan/', { method: 'DELETE', params: { keys: 'a' } });
    readNow('/v1/shipping/bulkdata/compare', { responseType: 'blob' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('401', () => {
  beforeEach(() => {
    localStorage.setItem('token', 'expired');
    setAuthority(['user']);
    fetchMock.mockImplementation(answer(401, { success: false, errorCode: 'UNAUTHORIZED', errorMessage: '登录已过期' }));
  });

  test('clears all storage, the guards’ authority, and goes to the login page with the current address', async () => {
    localStorage.setItem('other', 'x');
    await expect(request.get('/v1/users/current')).resolves.toBeUndefined();
    expect(localStorage.length).toBe(0);
    expect(getCurrentAuthority()).toEqual([]);
    expect(history.replace).toHaveBeenCalledWith(
      `/user/login?redirect=${encodeURIComponent('http://localhost/shipment/packing?current=2')}`,
    );
    expect(notifyError).not.toHaveBeenCalled();
  });

  test('stays put when a redirect is already present', async () => {
    goTo('/shipment?redirect=%2Fosb');
    await request.get('/v1/users/current');
    expect(localStorage.length).toBe(0);
    expect(history.replace).not.toHaveBeenCalled();
  });

  test('stays put on the login page', async () => {
    goTo('/user/login');
    await request.get('/v1/users/current');
    expect(localStorage.getItem('token')).toBeNull();
    expect(history.replace).not.toHaveBeenCalled();
    expect(history.push).not.toHaveBeenCalled();
  });

  test('endSession does the same for logout', () => {
    goTo('/osb/plan');
    endSession();
    expect(localStorage.length).toBe(0);
    expect(history.replace).toHaveBeenCalledWith(`/user/login?redirect=${encodeURIComponent('http://localhost/osb/plan')}`);
  });
});

test('504 goes to /maintain without a notification', async () => {
  fetchMock.mockImplementation(answer(504));
  await expect(request.get('/v1/bol')).resolves.toBeUndefined();
  expect(history.push).toHaveBeenCalledWith('/maintain');
  expect(notifyError).not.toHaveBeenCalled();
});

test('404 notifies with the status description only', async () => {
  fetchMock.mockImplementation(answer(404, undefined, 'Not Found'));
  await expect(request.get('/v1/bol/BL-9')).resolves.toBeUndefined();
  expect(notifyError).toHaveBeenCalledWith({ message: '请求错误 404', description: codeMessage[404] });
});

describe('other statuses', () => {
  test('notify with the description and the request URL', async () => {
    fetchMock.mockImplementation(answer(500, undefined, 'Internal Server Error'));
    await expect(request.get('/v1/osbplan/')).resolves.toBeUndefined();
    const sent = sentHeaders()['X-Request-Id'];
    expect(notifyError).toHaveBeenCalledWith({
      message: '请求错误 500',
      description: `${codeMessage[500]}：http://localhost/v1/osbplan/。请求编号：${sent}（联系管理员时请提供）`,
    });
    expect(history.push).not.toHaveBeenCalled();
  });

  test('a server fault names the request id the server answered, for the user to quote', async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(
        new Response(JSON.stringify({ success: false, errorCode: 'INTERNAL', errorMessage: '服务器内部错误' }), {
          status: 500,
          headers: { 'Content-Type': 'application/json', 'X-Request-Id': 'haproxy-7F00000112' },
        }),
      ),
    );
    await request.get('/v1/bol');
    expect(notifyError.mock.calls[0][0].description).toContain('请求编号：haproxy-7F00000112（联系管理员时请提供）');
  });

  test('a status without a description shows its status text', async () => {
    fetchMock.mockImplementation(answer(418, undefined, "I'm a teapot"));
    await request.get('/v1/tea');
    expect(notifyError).toHaveBeenCalledWith({
      message: '请求错误 418',
      description: "I'm a teapot：http://localhost/v1/tea",
    });
  });

  test('the server’s errorMessage is shown too', async () => {
    fetchMock.mockImplementation(
      answer(403, { success: false, errorCode: 'NOT_OWNER', errorMessage: '只能查看自己的提单' }, 'Forbidden'),
    );
    await request.get('/v1/bol/BL-1');
    expect(notifyError).toHaveBeenCalledWith({
      message: '请求错误 403',
      description: `只能查看自己的提单（${codeMessage[403]}：http://localhost/v1/bol/BL-1）`,
    });
  });

  test('a 422 with field errors leaves them to the form: a short summary, no status or address, error rethrown', async () => {
    const body = {
      success: false,
      errorCode: 'VALIDATION_FAILED',
      errorMessage: '邮箱地址格式错误',
      fields: { email: '邮箱地址格式错误', mobile: '手机号格式错误' },
    };
    fetchMock.mockImplementation(answer(422, body));
    const summary = jest.spyOn(message, 'error').mockImplementation(() => undefined as never);
    const error = await request.post('/v1/auth/register', { data: {} }).catch((e: unknown) => e);
    expect(getErrorBody(error)).toEqual(body);
    expect(notifyError).not.toHaveBeenCalled();
    expect(summary).toHaveBeenCalledWith('提交未成功，有 2 处需要修改，请按标红处的提示修改');
    expect(String(summary.mock.calls[0][0])).not.toMatch(/422|http/);
  });

  test.each([422, 409])(
    '%i without field errors is notified and still reaches the caller with the error body',
    async (status) => {
      const body = { success: false, errorCode: 'MERGE_INCOMPATIBLE', errorMessage: '颜色不同，不能合并' };
      fetchMock.mockImplementation(answer(status, body));
      const error = await request.post('/v1/auth/register', { data: {} }).catch((e: unknown) => e);
      expect(getErrorBody(error)).toEqual(body);
      expect((error as { response: Response }).response.status).toBe(status);
      expect(notifyError).toHaveBeenCalledTimes(1);
      expect(notifyError.mock.calls[0][0].message).toBe(`请求错误 ${status}`);
    },
  );

  test('skipErrorHandler hands every failure to the caller untouched', async () => {
    fetchMock.mockImplementation(answer(401, { success: false, errorCode: 'X', errorMessage: '账号或密码错误' }));
    localStorage.setItem('token', 'kept');
    const error = await request.get('/v1/users/current', { skipErrorHandler: true }).catch((e: unknown) => e);
    expect(getErrorBody(error)?.errorMessage).toBe('账号或密码错误');
    expect(localStorage.getItem('token')).toBe('kept');
    expect(history.replace).not.toHaveBeenCalled();
    expect(notifyError).not.toHaveBeenCalled();
  });

  test('quietStatuses rethrows those statuses without a notification, and still ends the session on 401', async () => {
    fetchMock.mockImplementation(answer(404, { success: false, errorCode: 'NOT_FOUND', errorMessage: '记录不存在' }));
    const error = await request.get('/v1/packing/bulkdata/BD1', { quietStatuses: [403, 404] }).catch((e: unknown) => e);
    expect(getErrorBody(error)?.errorCode).toBe('NOT_FOUND');
    expect(notifyError).not.toHaveBeenCalled();

    fetchMock.mockImplementation(answer(500, { success: false, errorCode: 'INTERNAL', errorMessage: '服务器错误' }));
    await expect(request.get('/v1/packing/bulkdata/BD1', { quietStatuses: [403, 404] })).resolves.toBeUndefined();
    expect(notifyError).toHaveBeenCalledTimes(1);

    fetchMock.mockImplementation(answer(401, { success: false, errorCode: 'UNAUTHORIZED', errorMessage: '请先登录' }));
    await expect(request.get('/v1/packing/bulkdata/BD1', { quietStatuses: [401, 404] })).resolves.toBeUndefined();
    expect(history.replace).toHaveBeenCalled();
  });
});

describe('no response', () => {
  test('notifies a network error', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(request.get('/v1/bol')).resolves.toBeUndefined();
    const sent = sentHeaders()['X-Request-Id'];
    expect(notifyError).toHaveBeenCalledWith({
      message: '网络异常',
      description: `您的网络发生异常，无法连接服务器。请求编号：${sent}（联系管理员时请提供）`,
    });
  });

  test('with skipErrorHandler the network error reaches the caller, silently', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(request.get('/v1/bol', { skipErrorHandler: true })).rejects.toThrow('Failed to fetch');
    expect(notifyError).not.toHaveBeenCalled();
  });

  test('an aborted request is rethrown silently', async () => {
    fetchMock.mockRejectedValue(Object.assign(new Error('The user aborted a request.'), { name: 'AbortError' }));
    await expect(request.get('/v1/bol')).rejects.toThrow('aborted');
    expect(notifyError).not.toHaveBeenCalled();
  });
});

test('errorHandler is exported for direct use', () => {
  const skipped = Object.assign(new Error('x'), { request: { url: '/v1', options: { skipErrorHandler: true } } });
  expect(() => errorHandler(skipped as never)).toThrow('x');
  expect(errorHandler(new Error('offline') as never)).toBeUndefined();
  expect(notifyError).toHaveBeenCalledWith(expect.objectContaining({ message: '网络异常' }));
});

afterAll(() => notifyError.mockRestore());

describe('download', () => {
  test('asks with the Accept given and names the file from Content-Disposition', async () => {
    localStorage.setItem('token', 'tok-1');
    // jsdom's Response cannot hand out a Blob: a response object as the browser's, with the parts umi-request reads.
    const blob = new Blob(['xlsx']);
    const headers = new Headers({
      'Content-Disposition': "attachment; filename*=UTF-8''%E8%A3%85%E7%AE%B1%E6%98%8E%E7%BB%86-20250301.xlsx",
    });
    const response = {
      status: 200,
      ok: true,
      url: 'http://localhost/v1/packing/bulkdata/export',
      headers,
      blob: async () => blob,
    };
    fetchMock.mockImplementation(() => Promise.resolve({ ...response, clone: () => response }));
    const file = await download('/v1/packing/bulkdata/export', {
      params: { poNo: 'PO-1' },
      accept: 'application/xlsx',
      fallbackName: 'x.xlsx',
    });
    expect(fetchMock.mock.calls[0][0]).toBe('/v1/packing/bulkdata/export?poNo=PO-1');
    expect(sentHeaders()).toMatchObject({ Accept: 'application/xlsx', Authorization: 'Bearer tok-1' });
    expect(notifyError.mock.calls).toEqual([]);
    expect(file?.fileName).toBe('装箱明细-20250301.xlsx');
    expect(file?.blob).toBe(blob);
  });

  test('a failed download is notified as any request and gives nothing', async () => {
    fetchMock.mockImplementation(answer(422, { success: false, errorCode: 'TOO_MANY_ROWS', errorMessage: '导出最多 100000 行' }));
    expect(await download('/v1/x', { accept: 'a', fallbackName: 'x' }).catch(() => 'rethrown')).toBe('rethrown');
    expect(notifyError).toHaveBeenCalledTimes(1);
  });

  test.each([
    ['attachment; filename="bulk.xlsx"', 'bulk.xlsx'],
    [null, '装箱明细.xlsx'],
    ["attachment; filename*=UTF-8''%E0%A4", '装箱明细.xlsx'],
  ])('file name of %p', (header, name) => {
    expect(fileNameOf(header, '装箱明细.xlsx')).toBe(name);
  });
});

describe('upload (XMLHttpRequest, for upload progress)', () => {
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
  });

  test('posts the file as multipart with the token and reports progress', async () => {
    const progress: number[] = [];
    const file = new File(['data'], 'lines.xlsx');
    const outcome = upload('/v1/packing/single/bulkdata/import', file, { onProgress: (percent) => progress.push(percent) });
    const xhr = FakeXhr.last;
    expect([xhr.method, xhr.url, xhr.withCredentials]).toEqual(['POST', '/v1/packing/single/bulkdata/import', true]);
    expect(xhr.headers.Authorization).toBe('Bearer tok-1');
    expect((xhr.sent?.get('file') as File).name).toBe('lines.xlsx');
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 512, total: 1024 });
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 1024, total: 1024 });
    xhr.answer(200, { success: true, imported: 12 });
    expect(await outcome).toEqual({ ok: true, data: { success: true, imported: 12 } });
    expect(progress).toEqual([50, 100]);
  });

  test('a refusal resolves with its status and body, without a notification', async () => {
    const outcome = upload('/v1/x', new Blob(['x']));
    const body = {
      success: false,
      errorCode: 'IMPORT_INVALID',
      errorMessage: '2 行有错误',
      rows: [{ row: 3, message: '箱号重叠' }],
    };
    FakeXhr.last.answer(422, body);
    expect(await outcome).toEqual({ ok: false, status: 422, body });
    expect(notifyError).not.toHaveBeenCalled();
    expect(history.replace).not.toHaveBeenCalled();
  });

  test('401 ends the session as every request does; no answer is status 0', async () => {
    const signedOut = upload('/v1/x', new Blob(['x']));
    FakeXhr.last.answer(401, { success: false, errorCode: 'UNAUTHORIZED', errorMessage: '未登录' });
    expect(await signedOut).toMatchObject({ ok: false, status: 401 });
    expect(localStorage.getItem('token')).toBeNull();
    expect(history.replace).toHaveBeenCalledWith(expect.stringMatching(/^\/user\/login\?redirect=/));

    const offline = upload('/v1/x', new Blob(['x']));
    FakeXhr.last.onerror?.();
    expect(await offline).toEqual({ ok: false, status: 0 });
  });
});

describe('503: the database out of reach for a moment', () => {
  const busyAnswer = () =>
    Promise.resolve(
      new Response(JSON.stringify({ success: false, errorCode: 'DATABASE_UNAVAILABLE', errorMessage: '系统繁忙，请稍后再试' }), {
        status: 503,
        headers: { 'Content-Type': 'application/json', 'Retry-After': '2' },
      }),
    );
  const notifyWarning = jest.spyOn(notification, 'warning').mockImplementation(() => undefined);
  const closeNotice = jest.spyOn(notification, 'destroy').mockImplementation(() => undefined);
  beforeEach(() => {
    jest.useFakeTimers();
    notifyWarning.mockClear();
    closeNotice.mockClear();
  });
  afterEach(() => jest.useRealTimers());

  test('a read is sent again after Retry-After and resolves once the server answers; one notice, closed after', async () => {
    fetchMock
      .mockImplementationOnce(busyAnswer)
      .mockImplementationOnce(busyAnswer)
      .mockImplementation(answer(200, { data: [1] }));
    const read = request.get('/v1/osbplan', { params: { current: 2 } });
    await jest.advanceTimersByTimeAsync(4100);
    await expect(read).resolves.toEqual({ data: [1] });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(Array(3).fill('/v1/osbplan?current=2'));
    expect(notifyWarning.mock.calls.every(([notice]) => notice.key === 'service-busy')).toBe(true);
    expect(closeNotice).toHaveBeenCalledWith('service-busy');
    expect(notifyError).not.toHaveBeenCalled();
  });

  test('a read still refused after READ_RETRIES tries resolves undefined with one error notice', async () => {
    fetchMock.mockImplementation(busyAnswer);
    const read = request.get('/v1/osbplan');
    await jest.advanceTimersByTimeAsync(READ_RETRIES * 2000 + 100);
    await expect(read).resolves.toBeUndefined();
    expect(fetchMock).toHaveBeenCalledTimes(READ_RETRIES + 1);
    expect(notifyError).toHaveBeenCalledTimes(1);
    expect(notifyError.mock.calls[0][0]).toMatchObject({ key: 'service-busy', message: '系统繁忙，请稍后再试' });
  });

  test('a write is not sent again: the user is told it was not saved', async () => {
    fetchMock.mockImplementation(busyAnswer);
    await expect(request.post('/v1/osbplan/', { data: { quantity: 1 } })).resolves.toBeUndefined();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(notifyError.mock.calls[0][0]).toMatchObject({
      key: 'service-busy',
      description: '本次操作没有保存，请稍后再提交一次',
    });
  });
});
