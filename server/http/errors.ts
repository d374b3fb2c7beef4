/**
 * The one error shape of the API (DESIGN.md §4): `{ success: false, errorCode, errorMessage, fields? }` with
 * the status that says what went wrong. Bad input never becomes a 500.
 */
import { RuleError } from '../../contract/shared/ruleError';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody } from '../../contract/shared/common';

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errorCode: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const unauthorized = (message = '请先登录') => new ApiError(401, 'UNAUTHORIZED', message);

export function errorBody(errorCode: string, errorMessage: string, fields?: Record<string, string>): ErrorBody {
  return fields ? { success: false, errorCode, errorMessage, fields } : { success: false, errorCode, errorMessage };
}

/** `/a/b/0` of a validation issue → `a.b.0`, the key of `fields`. */
function fieldName(instancePath: string): string {
  return instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
}

export function validationFields(error: {
  validation: { instancePath: string; message?: string; keyword: string; params: Record<string, unknown> }[];
}) {
  const fields: Record<string, string> = {};
  for (const issue of error.validation) {
    const keys = issue.keyword === 'unrecognized_keys' ? (issue.params.keys as string[]) : undefined;
    const prefix = fieldName(issue.instancePath);
    for (const key of keys ?? ['']) {
      const name = [prefix, key].filter(Boolean).join('.') || '_';
      fields[name] ??= keys ? '不允许的字段' : (issue.message ?? '输入有误');
    }
  }
  return fields;
}

/** Fastify's and its plugins' own errors for bad requests, by code. */
const requestErrors: Record<string, [number, string, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'BODY_TOO_LARGE', '请求内容过大'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'UNSUPPORTED_MEDIA_TYPE', '不支持的内容类型'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'BAD_REQUEST', '请求长度无效'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'BAD_REQUEST', '请求内容为空'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'MALFORMED_JSON', '请求内容不是有效的 JSON'],
  FST_ERR_BAD_URL: [400, 'BAD_URL', '请求地址无效'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'URI_TOO_LONG', '请求地址过长'],
  FST_ERR_ASYNC_CONSTRAINT: [400, 'BAD_REQUEST', '请求无效'],
  // @fastify/multipart
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'UNSUPPORTED_MEDIA_TYPE', '请以 multipart/form-data 上传文件'],
  FST_REQ_FILE_TOO_LARGE: [413, 'TOO_LARGE', '文件过大'],
  FST_PARTS_LIMIT: [413, 'TOO_LARGE', '表单内容过多'],
  FST_FILES_LIMIT: [413, 'TOO_LARGE', '一次只能上传一个文件'],
  FST_FIELDS_LIMIT: [413, 'TOO_LARGE', '表单字段过多'],
  FST_PROTO_VIOLATION: [400, 'BAD_MULTIPART', '表单字段名无效'],
  FST_MP_PREMATURE_CLOSE: [400, 'BAD_MULTIPART', '上传未完成'],
};

/** Answers Fastify's routing errors (a malformed or over-long URL) in the API's error shape. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const [status, errorCode, message] = requestErrors[error.code] ?? [400, 'BAD_REQUEST', '请求无效'];
  void reply.status(status).send(errorBody(errorCode, message));
}

const clientErrors: Record<string, [number, string, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'HEADERS_TOO_LARGE', '请求头过大'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'REQUEST_TIMEOUT', '请求超时'],
};

/**
 * Node's HTTP parser refusing a request (headers too large, a malformed request line) before Fastify sees it:
 * the same error shape, written to the socket as Fastify's default handler does.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Duplex) {
  if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) {
    socket.destroy(error);
    return;
  }
  const [status, errorCode, message] = clientErrors[error.code ?? ''] ?? [400, 'BAD_REQUEST', '请求格式无效'];
  const body = JSON.stringify(errorBody(errorCode, message));
  socket.write(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  socket.destroy();
}

/** The SQLSTATE of a database error, which Drizzle wraps in `cause`. */
function databaseErrorCode(error: unknown): string | undefined {
  for (
    let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    e = e.cause as typeof e, depth += 1
  ) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/** Connection failures of node-postgres and the OS that say the database is out of reach, not that a query was wrong. */
const unreachableCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const unreachableMessage =
  /Connection terminated|connection timeout|Connection ended unexpectedly|Client has encountered a connection error|the database system is (starting up|shutting down|in recovery mode)/i;

/**
 * Whether a failure means the database cannot be reached for now: the connection refused, dropped or timed out,
 * the server shutting down, starting up or out of connections (SQLSTATE class 08, 57P01–57P03, 53300).
 */
export function databaseUnreachable(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth += 1
  ) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (unreachableCodes.has(code) || /^08[0-9A-Z]{3}$/.test(code) || ['57P01', '57P02', '57P03', '53300'].includes(code))
      return true;
    if (typeof e.message === 'string' && unreachableMessage.test(e.message)) return true;
  }
  return false;
}

/** How long a client waits before trying again while the database is out of reach (seconds). */
export const RETRY_AFTER_SECONDS = 2;

/** The answer while the database is out of reach: 503 with Retry-After, in the error shape. */
export function sendUnavailable(reply: FastifyReply) {
  return reply
    .status(503)
    .header('retry-after', String(RETRY_AFTER_SECONDS))
    .send(errorBody('DATABASE_UNAVAILABLE', '系统繁忙，请稍后再试'));
}

export function registerErrorHandlers(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof ApiError) {
      return reply.status(error.statusCode).send(errorBody(error.errorCode, error.message, error.fields));
    }
    // A rule of contract/ broken (the same functions the browser and the mock run).
    if (error instanceof RuleError) return reply.status(error.status).send(errorBody(error.code, error.message, error.fields));
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = validationFields(error);
      return reply.status(422).send(errorBody('VALIDATION_FAILED', Object.values(fields)[0] ?? '输入有误', fields));
    }
    // Two requests racing for the same unique value: the loser's insert fails in the database.
    if (databaseErrorCode(error) === '23505') {
      return reply.status(409).send(errorBody('CONFLICT', '数据已被占用或已存在，请刷新后重试'));
    }
    const known = error.code ? requestErrors[error.code] : undefined;
    if (known) return reply.status(known[0]).send(errorBody(known[1], known[2]));
    // JSON.parse failures surface as a SyntaxError with status 400.
    if (error instanceof SyntaxError || (error.statusCode === 400 && !error.validation)) {
      return reply.status(400).send(errorBody('MALFORMED_JSON', '请求内容不是有效的 JSON'));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(errorBody(error.code ?? 'BAD_REQUEST', error.message));
    }
    if (databaseUnreachable(error)) {
      request.log.warn({ err: error }, 'database unreachable: answered 503');
      return sendUnavailable(reply);
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(errorBody('INTERNAL', '服务器内部错误'));
  });
}
