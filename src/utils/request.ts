/**
 * The one HTTP client of the front end (umi-request), with `download` (files the server makes) and `upload`
 * (a file with progress) beside it, so that every call's 401 and error handling lives here. Pages call it
 * through src/services/*.
 *
 * What a failed request gives its caller:
 * - 401, 504, 404, other statuses and network errors are handled here (sign-out, /maintain, a notification)
 *   and the call resolves with `undefined`: callers check the result and need no try/catch.
 * - 503 (the server's database out of reach for a moment) is said once, and a read is tried again after the
 *   server's Retry-After (see `busy`): the page fills when the database is back.
 * - 409 (version conflict, illegal transition) and 422 (validation) are rethrown — the caller's promise rejects
 *   with the umi-request error whose `data` is the server's `ErrorBody` (see `getErrorBody`). A 422 or 409 with
 *   `fields` (a 409's: a number another record has) is the form's to show under its fields: here only a short
 *   summary (no status, no address); other 409s and 422s are notified as any error.
 * - A request passing `skipErrorHandler: true` gets every failure rethrown untouched: no notification, no
 *   navigation. For callers that show errors themselves.
 * - A request passing `quietStatuses` (say [403, 404] for a detail page that shows "not found" itself) gets those
 *   statuses rethrown without a notification; 401 and 504 are still handled here.
 */
import type { ErrorBody } from '@contract/shared/common';
import { message, notification } from 'antd';
import { history } from 'umi';
import { extend, type RequestOptionsInit, type ResponseError } from 'umi-request';
import { authorization, reloadAuthorized } from './authority';
import { sendNow, takeSentAhead } from './callsAhead';
import { getPageQuery } from './utils';

/** Chinese descriptions of the HTTP statuses (specification §8); any other status shows its status text. */
export const codeMessage: Record<number, string> = {
  200: '服务器成功返回请求的数据',
  201: '新建或修改数据成功',
  202: '一个请求已经进入后台排队（异步任务）',
  204: '删除数据成功',
  400: '发出的请求有错误，服务器没有进行新建或修改数据的操作',
  401: '未登录或登录已过期',
  403: '无权限或不是数据所有者',
  404: '发出的请求针对的是不存在的记录，服务器没有进行操作',
  406: '请求的格式不可得',
  409: '记录已被修改，或当前状态不允许此操作',
  410: '请求的资源被永久删除，且不会再得到',
  413: '提交的内容或文件过大',
  422: '创建对象时发生验证错误',
  429: '操作过于频繁，请稍后再试',
  500: '服务器发生错误，请检查服务器',
  502: '网关错误',
  503: '服务不可用，服务器暂时过载或维护',
  504: '网关超时',
};

export const LOGIN_PATH = '/user/login';

/** The key of a 409's notification: a dialog that says the refusal itself (useFormSave) takes it away. */
export const CONFLICT_NOTICE_KEY = 'conflict';

/** Statuses whose error body the caller needs (field messages, conflicts), so they are rethrown. */
const RETHROWN_STATUSES = new Set([409, 422]);

/** The server's error body of a failed request, when it sent one. */
export function getErrorBody(error: unknown): ErrorBody | undefined {
  const data = (error as Partial<ResponseError> | null)?.data as Partial<ErrorBody> | undefined;
  return data && typeof data === 'object' && typeof data.errorMessage === 'string' ? (data as ErrorBody) : undefined;
}

/**
 * What a changing call resolves to: the answer, or the status and server's body of a 409 / 422 (both absent when
 * request.ts already told the user).
 */
export type Outcome<T> = { ok: true; data: T } | { ok: false; status?: number; error?: ErrorBody };

/** A call as an Outcome: dialogs read field errors and conflicts from it instead of catching. */
export async function outcomeOf<T>(call: Promise<T | undefined>): Promise<Outcome<T>> {
  try {
    const data = await call;
    return data === undefined ? { ok: false } : { ok: true, data };
  } catch (error) {
    const status = (error as Partial<ResponseError> | null)?.response?.status;
    return { ok: false, status, error: getErrorBody(error) };
  }
}

/**
 * A detail call as DetailState's loader answers it: the record; `notFound` when the server refused (a missing
 * record and another owner's alike); `failed` when no answer came (the user has been told).
 */
export async function loadedOf<T>(call: Promise<T | undefined>): Promise<T | 'notFound' | 'failed'> {
  const found = await outcomeOf(call);
  if (!found.ok) return found.error ? 'notFound' : 'failed';
  return found.data;
}

/**
 * Ends the local session: clears all local storage, re-evaluates the guards and goes to the login page with
 * the current address as `redirect` — unless already on the login page or a redirect is already present.
 * Used for a 401 and by logout.
 */
export function endSession(): void {
  localStorage.clear();
  reloadAuthorized();
  const { pathname, href } = window.location;
  if (pathname.replace(/\/+$/, '') === LOGIN_PATH || getPageQuery().redirect) return;
  history.replace(`${LOGIN_PATH}?redirect=${encodeURIComponent(href)}`);
}

/** The short summary of a 422 whose messages stand under the form's fields. */
export const fieldErrorSummary = (count: number) =>
  count > 1 ? `提交未成功，有 ${count} 处需要修改，请按标红处的提示修改` : '提交未成功，请按标红处的提示修改';

const isCancelled = (error: unknown) =>
  Boolean((error as { __CANCEL__?: boolean } | null)?.__CANCEL__) || (error as Error | null)?.name === 'AbortError';

/** How often a read is tried again while the server answers 503 (its database out of reach), and the longest wait. */
export const READ_RETRIES = 5;
const LONGEST_RETRY_WAIT_S = 10;
/** One notification for an outage, however many calls meet it. */
const BUSY_KEY = 'service-busy';
const BUSY_TEXT = '系统繁忙，请稍后再试';

type RetriedOptions = RequestOptionsInit & { url?: string; readRetries?: number };

/**
 * A 503: said once (one notification, replaced rather than stacked); a read is sent again after the server's
 * Retry-After, up to READ_RETRIES times, and resolves as if nothing had happened. A write is not sent again —
 * the server applied none of it — and its caller gets `undefined`.
 */
function busy(error: ResponseError, response: Response): Promise<unknown> | undefined {
  const options = (error.request?.options ?? {}) as RetriedOptions;
  const tries = options.readRetries ?? 0;
  const read = (options.method ?? 'GET').toUpperCase() === 'GET';
  if (!read || tries >= READ_RETRIES) {
    notification.error({
      key: BUSY_KEY,
      message: BUSY_TEXT,
      description: read ? '暂时无法读取数据，请稍后刷新页面' : '本次操作没有保存，请稍后再提交一次',
    });
    return undefined;
  }
  notification.warning({ key: BUSY_KEY, message: BUSY_TEXT, description: '正在自动重试…' });
  const seconds = Math.min(Number(response.headers.get('retry-after')) || 2, LONGEST_RETRY_WAIT_S);
  return new Promise((resolve) => setTimeout(resolve, seconds * 1000))
    .then(() => request(options.url ?? error.request.url, { ...options, readRetries: tries + 1 }))
    .then((data) => {
      if (data !== undefined) notification.destroy(BUSY_KEY);
      return data;
    });
}

/**
 * A new request's id, sent as X-Request-Id: the server (and haproxy) log it and answer it back, and a notice of a
 * fault names it. Random hex from getRandomValues, which a plain-http page has too (randomUUID needs https).
 */
export function newRequestId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(12)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The id of a failed request: the server's answer says it, else the one it was sent with. */
function requestIdOf(error: ResponseError): string | undefined {
  const sent = headerRecord(error.request?.options?.headers)['X-Request-Id'];
  return error.response?.headers.get('x-request-id') ?? sent;
}
const quoted = (id: string | undefined) => (id ? `。请求编号：${id}（联系管理员时请提供）` : '');

/** Side effects of a failed request, then what its caller gets (see the top of this file). */
export function errorHandler(error: ResponseError): undefined | Promise<unknown> {
  const { response, request: failed } = error;
  if (failed?.options?.skipErrorHandler || isCancelled(error)) throw error;

  if (!response) {
    notification.error({ message: '网络异常', description: `您的网络发生异常，无法连接服务器${quoted(requestIdOf(error))}` });
    return undefined;
  }
  const { status } = response;
  if (status === 401) {
    endSession();
    return undefined;
  }
  if (status === 504) {
    history.push('/maintain');
    return undefined;
  }
  if (status === 503) return busy(error, response);
  if ((failed?.options?.quietStatuses as number[] | undefined)?.includes(status)) throw error;
  const fieldCount = Object.keys(getErrorBody(error)?.fields ?? {}).length;
  if ((status === 422 || status === 409) && fieldCount > 0) {
    message.error(fieldErrorSummary(fieldCount));
    throw error;
  }
  const statusText = codeMessage[status] || response.statusText;
  const text = status === 404 ? statusText : `${statusText}：${response.url || failed?.url || ''}`;
  const serverMessage = getErrorBody(error)?.errorMessage;
  const described = serverMessage ? `${serverMessage}（${text}）` : text;
  notification.error({
    ...(status === 409 ? { key: CONFLICT_NOTICE_KEY } : {}),
    message: `请求错误 ${status}`,
    // A fault of the server's: the id its log keeps of this request, for the user to quote.
    description: status >= 500 ? `${described}${quoted(requestIdOf(error))}` : described,
  });
  if (RETHROWN_STATUSES.has(status)) throw error;
  return undefined;
}

const hasHeader = (headers: Record<string, string>, name: string) =>
  Object.keys(headers).some((key) => key.toLowerCase() === name);

/** Plain-object headers, keeping the caller's spelling (umi-request adds its own 'Content-Type' later). */
function headerRecord(headers: RequestOptionsInit['headers']): Record<string, string> {
  if (!headers) return {};
  if (headers instanceof Headers) return Object.fromEntries(headers.entries());
  if (Array.isArray(headers)) return Object.fromEntries(headers);
  return { ...(headers as Record<string, string>) };
}

/**
 * Whether the body goes out as JSON. Bodiless requests get no Content-Type: Fastify answers 400 to an empty
 * body declared as JSON (`DELETE …?keys=`). FormData, URLSearchParams and binary bodies keep the type the
 * browser gives them (a multipart boundary, for one).
 */
function sendsJson(options: RequestOptionsInit): boolean {
  const body: unknown = options.data !== undefined ? options.data : options.body;
  if (body === undefined || body === null || options.requestType === 'form') return false;
  return !(body instanceof FormData || body instanceof URLSearchParams || body instanceof Blob || body instanceof ArrayBuffer);
}

/**
 * A query string: a list as its key repeated, a date as ISO text, null as the bare key, undefined left out (what
 * umi-request's own serializer writes). One spelling for umi-request and `readNow`, so that both ask for the same
 * address.
 */
export function queryOf(params: object): string {
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    for (const one of Array.isArray(value) ? value : [value]) {
      if (one === undefined) continue;
      const text = one instanceof Date ? one.toISOString() : typeof one === 'object' && one ? JSON.stringify(one) : one;
      pairs.push(text === null ? encodeURIComponent(key) : `${encodeURIComponent(key)}=${encodeURIComponent(String(text))}`);
    }
  }
  return pairs.join('&');
}

const request = extend({
  errorHandler,
  // Every call sends cookies (specification §7).
  credentials: 'include',
  paramsSerializer: queryOf,
});

/**
 * Sends a plain read (a GET asking JSON, no headers or response type of its own) at once, in the caller's task; the
 * `request` of it that follows takes its answer (callsAhead.ts). umi-request itself fetches a few promise turns
 * later, which for a list asked for while its page is drawn means once the whole page has been drawn.
 */
export function readNow(url: string, options: RequestOptionsInit = {}): void {
  if ((options.method ?? 'get').toLowerCase() !== 'get' || options.headers || options.responseType) return;
  const query = options.params ? queryOf(options.params) : '';
  sendNow(query ? `${url}${url.includes('?') ? '&' : '?'}${query}` : url);
}

// A failed fetch (no response) reaches errorHandler as a bare error: attach the request, so that its
// `skipErrorHandler` still applies.
request.use(async (ctx, next) => {
  try {
    await next();
  } catch (error) {
    if (error && typeof error === 'object' && !('request' in error)) Object.assign(error, { request: ctx.req });
    throw error;
  }
});

// Just before a GET goes out (its address complete): the answer of the same read sent ahead, if any (callsAhead.ts).
request.use(
  async (ctx, next) => {
    const ahead = (ctx.req.options.method ?? 'get').toLowerCase() === 'get' ? takeSentAhead(ctx.req.url) : undefined;
    if (!ahead) return next();
    ctx.res = await ahead;
    return undefined;
  },
  { core: true },
);

request.interceptors.request.use((url, options) => {
  const signedIn = authorization();
  const headers = headerRecord(options.headers);
  if (!hasHeader(headers, 'x-request-id')) headers['X-Request-Id'] = newRequestId();
  if (!signedIn) return { url, options: { ...options, headers } };
  if (!hasHeader(headers, 'accept')) headers.Accept = 'application/json';
  headers.Authorization = signedIn;
  if (sendsJson(options) && !hasHeader(headers, 'content-type')) headers['Content-Type'] = 'application/json';
  return { url, options: { ...options, headers } };
});

/** The file name of a Content-Disposition header (RFC 5987 `filename*` first), else `fallback`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      return fallback;
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1].trim() : fallback;
}

export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/**
 * GET a file the server makes (an export): the blob and the name its Content-Disposition gives. Failures are
 * handled as any request's (undefined after the notification).
 */
export async function download(
  url: string,
  { params, accept, fallbackName }: { params?: Record<string, unknown>; accept: string; fallbackName: string },
): Promise<DownloadedFile | undefined> {
  const answer = await request<Blob>(url, { params, headers: { Accept: accept }, responseType: 'blob', getResponse: true });
  if (!answer) return undefined;
  const { data, response } = answer as unknown as { data: Blob; response: Response };
  return { blob: data, fileName: fileNameOf(response.headers.get('Content-Disposition'), fallbackName) };
}

/** An upload's end: the server's JSON answer, or the status (0: no answer) with its error body. */
export type UploadOutcome<T> = { ok: true; data: T } | { ok: false; status: number; body?: ErrorBody };

/**
 * POST one file as multipart/form-data (`field`), reporting progress. XMLHttpRequest instead of umi-request:
 * fetch cannot report upload progress, and a 20 MB upload needs a progress bar. It sends the same cookies and
 * token, and a 401 ends the session as every request does; other failures are the caller's to show (an import's
 * row-by-row report above all), so nothing is notified here.
 */
export function upload<T>(
  url: string,
  file: Blob,
  { field = 'file', onProgress }: { field?: string; onProgress?: (percent: number) => void } = {},
): Promise<UploadOutcome<T>> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    const signedIn = authorization();
    if (signedIn) xhr.setRequestHeader('Authorization', signedIn);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve({ ok: true, data: body as T });
        return;
      }
      if (xhr.status === 401) endSession();
      resolve({ ok: false, status: xhr.status, body: body as ErrorBody | undefined });
    };
    xhr.onerror = () => resolve({ ok: false, status: 0 });
    const form = new FormData();
    form.append(field, file, (file as File).name || 'upload');
    xhr.send(form);
  });
}

export default request;
