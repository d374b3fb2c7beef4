/**
 * The generic part of a resource's mock: handlers keyed on the contract's endpoint table, each behind the
 * access policy's role check (403 before the body is looked at) and the contract's schemas (422 with `fields`
 * for a body, 400 for a query, 404 for a path parameter), and paging/sorting of an in-memory list. A resource's
 * mock is its fixtures and the few lines of its rules, taken from contract/ (never a second copy).
 */
import type { ZodError, ZodType } from 'zod';
import type { AccessPolicy } from '../contract/access';
import type { Endpoint } from '../contract/endpoint';
import type { User } from '../contract/user';
import { fail, signedIn, type Handler, type MockResponse } from './_demo';

/** 422 with the first message of each invalid field. */
export function invalid(res: MockResponse, error: ZodError) {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const name = issue.path.join('.') || '_';
    fields[name] ??= issue.message;
  }
  return fail(res, 422, 'VALIDATION_FAILED', error.issues[0]?.message ?? '数据校验失败', fields);
}

const rolesOf = (endpoint: Endpoint, policy: AccessPolicy) =>
  endpoint.access === 'read' ? policy.read : endpoint.access === 'write' ? policy.write : endpoint.access;

export interface MockInput {
  user: User;
  params: any;
  query: any;
  body: any;
  res: MockResponse;
}

/** `{ 'GET /v1/x/:key': handler }` for umi's mock server, from the endpoint table. */
export function mockEndpoints<T extends Record<string, Endpoint>>(
  endpoints: T,
  policy: AccessPolicy,
  notFoundMessage: string,
  handlers: { [K in keyof T]: (input: MockInput) => unknown },
): Record<string, Handler> {
  return Object.fromEntries(
    Object.entries(endpoints).map(([name, endpoint]) => [
      `${endpoint.method} ${endpoint.path}`,
      signedIn((req, res, user) => {
        const roles = rolesOf(endpoint, policy);
        if (roles !== 'signedIn' && roles !== 'public' && !user.authority.some((role) => roles.includes(role))) {
          return fail(res, 403, 'FORBIDDEN', '没有权限执行此操作');
        }
        const parse = (schema: ZodType | undefined, value: unknown) => (schema ? schema.safeParse(value) : undefined);
        const params = parse(endpoint.params, req.params);
        if (params && !params.success) {
          return endpoint.invalidParams === 'invalid' ? invalid(res, params.error) : fail(res, 404, 'NOT_FOUND', notFoundMessage);
        }
        const query = parse(endpoint.query, req.query);
        if (query && !query.success) return fail(res, 400, 'BAD_QUERY', query.error.issues[0]?.message ?? '查询参数有误');
        const body = parse(endpoint.body, req.body);
        if (body && !body.success) return invalid(res, body.error);
        return handlers[name]({ user, params: params?.data, query: query?.data, body: body?.data, res });
      }),
    ]),
  );
}

/** One page of `rows` in the `sorter`'s order (`field:ascend|descend`), as a list call answers it. */
export function pageOf<T extends object>(rows: readonly T[], query: { current: number; pageSize: number; sorter?: string }) {
  const [field, direction] = (query.sorter ?? '').split(':') as [keyof T | '', string];
  const sorted = field
    ? [...rows].sort((a, b) => {
        const order = String(a[field]).localeCompare(String(b[field]));
        return direction === 'descend' ? -order : order;
      })
    : rows;
  const start = (query.current - 1) * query.pageSize;
  return {
    data: sorted.slice(start, start + query.pageSize),
    total: rows.length,
    success: true as const,
    current: query.current,
    pageSize: query.pageSize,
  };
}
