/**
 * The generic part of a resource's mock: handlers keyed on the contract's endpoint table, each behind the
 * access policy's role check (403 before the body is looked at) and the contract's schemas (422 with `fields`
 * for a body, 400 for a query, 404 for a path parameter), and paging/sorting of an in-memory list. A resource's
 * mock is its fixtures and the few lines of its rules, taken from contract/ (never a second copy).
 */
import { z, type ZodError, type ZodType } from 'zod';
import { changesAll, readsAll, rolesOf, type AccessPolicy } from '../contract/shared/access';
import type { Endpoint } from '../contract/shared/endpoint';
import type { User } from '../contract/user/schema';
import { errorBodySchema, firstStale } from '../contract/shared/common';
import { RuleError } from '../contract/shared/ruleError';
import { rowMatches, type FilterRules } from '../contract/shared/listFilters';
import { currentUser, fail, findUser, ownsRow, signedIn } from './_demo';

/** Whose rows a user works on: their own and their colleagues' (客户公司). */
export { ownsRow, sameCompany } from './_demo';
import type { Handler, MockRequest, MockResponse } from './_http';
import { answeredRoutes, demoPlayed, registerRoutes, reportViolation, shared } from './_store';

/** 422 with the first message of each invalid field. */
export function invalid(res: MockResponse, error: ZodError) {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const name = issue.path.join('.') || '_';
    fields[name] ??= issue.message;
  }
  return fail(res, 422, 'VALIDATION_FAILED', error.issues[0]?.message ?? '数据校验失败', fields);
}

// zod's own messages in Chinese, as the server has them (server/app.ts).
z.config(z.locales.zhCN());

/** A refusal a handler throws (as the server's ApiError); mockEndpoints answers it. */
export const refuse = (status: number, code: string, message: string, fields?: Record<string, string>) =>
  new RuleError(status, code, message, fields);

export interface MockInput {
  req: MockRequest;
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
  const routes: Record<string, Handler> = Object.fromEntries(
    Object.entries(endpoints).map(([name, endpoint]) => {
      const answer = (req: MockRequest, res: MockResponse, user: User) => {
        const roles = rolesOf(endpoint.access, policy);
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
        const refused = (error: unknown) => {
          if (!(error instanceof RuleError)) throw error;
          fail(res, error.status, error.code, error.message, error.fields);
        };
        // A handler answers itself through `res`, or returns the answer (sent with the endpoint's status).
        const send = (result: unknown) => {
          if (result === undefined) return;
          res.status(endpoint.status ?? 200);
          res.json(result);
        };
        try {
          const result = handlers[name]({ req, user, params: params?.data, query: query?.data, body: body?.data, res });
          return result instanceof Promise ? result.then(send, refused) : send(result);
        } catch (error) {
          return refused(error);
        }
      };
      // A public call (signing in) has no user; its handler does not read one.
      const handler =
        endpoint.access === 'public'
          ? (req: MockRequest, res: MockResponse) => answer(req, res, currentUser(req) as User)
          : signedIn(answer);
      const route = `${endpoint.method} ${endpoint.path}`;
      const checked: Handler = (req, res) => handler(req, checkedResponse(route, endpoint, res));
      const afterDemo: Handler = (req, res) => {
        const played = (req as { demoSeed?: boolean }).demoSeed ? undefined : demoPlayed();
        return played ? void played.then(() => checked(req, res)) : checked(req, res);
      };
      return [route, afterDemo];
    }),
  );
  registerRoutes(routes);
  return routes;
}

/** `res` whose JSON answers are held to the endpoint's response schema (an error to the error body's). */
function checkedResponse(route: string, endpoint: Endpoint, res: MockResponse): MockResponse {
  let status = 200;
  const file = res as MockResponse & { setHeader: (name: string, value: string) => void };
  const checked = {
    status(code: number) {
      status = code;
      res.status(code);
      return checked;
    },
    json(body: unknown) {
      const schema = status < 300 ? endpoint.response : errorBodySchema;
      const result = schema.safeParse(body);
      if (!result.success) reportViolation({ route, status, message: result.error.issues.map(issueText).join('; ') });
      if (status < 300) answeredRoutes().add(route);
      res.json(body);
    },
    send: (body?: unknown) => {
      if (status < 300) answeredRoutes().add(route);
      res.send(body);
    },
    setHeader: (name: string, value: string) => file.setHeader(name, value),
  };
  return checked;
}
const issueText = (issue: { path: PropertyKey[]; message: string }) => `${issue.path.join('.') || '(root)'}: ${issue.message}`;

const compare = (a: unknown, b: unknown) =>
  typeof a === 'number' && typeof b === 'number' ? a - b : String(a ?? '').localeCompare(String(b ?? ''));

/** One page of `rows` in the `sorter`'s order (`field:ascend|descend`), ties by key, as a list call answers it. */
export function pageOf<T extends object>(
  rows: readonly T[],
  query: { current: number; pageSize: number; sorter?: string },
  defaultSorter = '',
) {
  const [field, direction] = (query.sorter ?? defaultSorter).split(':') as [keyof T | '', string];
  const key = (row: T) => (row as { key?: string }).key;
  const sorted = field
    ? [...rows].sort((a, b) => (direction === 'descend' ? -1 : 1) * (compare(a[field], b[field]) || compare(key(a), key(b))))
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

/** The rows that match every filter given, as the list's description says (filters left empty match all). */
export const filterRows = <T extends object>(rows: readonly T[], query: Record<string, unknown>, rules: FilterRules): T[] =>
  rows.filter((row) => rowMatches(query.ownerCompany ? withOwnerCompany(row) : row, query, rules));

/** A row as the 客户公司 filter sees it: the mock keeps a row's company only through its owner. */
const withOwnerCompany = (row: object) =>
  'owner' in row ? { ...row, ownerCompany: findUser(String(row.owner))?.company?.key ?? '' } : row;

interface VersionedRow {
  key: string;
  owner: string;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export interface AuditRecord<T> {
  id: string;
  at: string;
  action: string;
  actor: string;
  actorName: string;
  before: T | null;
  after: T | null;
  relatedKeys?: string[];
}

/**
 * An in-memory table of versioned, owned rows, as server/domain/versioned keeps them: a caller reads or changes
 * their own rows or, under the policy, everyone's (404 alike for a missing key and another owner's), versions
 * are checked (409) and bumped, and every change is audited.
 */
export function memoryTable<T extends VersionedRow>(options: { label: string; keyPrefix: string; policy: AccessPolicy }) {
  let fresh = false;
  const state = shared(`table:${options.keyPrefix}`, () => {
    fresh = true;
    return { rows: [] as T[], audit: [] as (AuditRecord<T> & { key: string })[], lastKey: 0 };
  });
  const { rows, audit } = state;
  const now = () => new Date().toISOString();
  const record = (user: User | undefined, action: string, key: string, before: T | null, after: T | null, related?: string[]) =>
    audit.push({
      id: `H${audit.length + 1}`,
      key,
      at: after?.updatedAt ?? now(),
      action,
      actor: user?.id ?? 'system',
      actorName: user?.realName ?? '系统',
      before,
      after,
      ...(related ? { relatedKeys: related } : {}),
    });
  const sees =
    (user: User, mode: 'read' | 'change', policy = options.policy) =>
    (row: T) =>
      (mode === 'read' ? readsAll : changesAll)(policy, user.authority) || ownsRow(user, row.owner);
  const keyOf = (n: number) => `${options.keyPrefix}${String(n).padStart(8, '0')}`;
  const history = (key: string): AuditRecord<T>[] =>
    audit
      .filter((entry) => entry.key === key)
      .reverse()
      .map(({ key: _key, ...entry }) => entry);
  const table = {
    rows,
    /** The key the next insert gets (a B/L number carries it). */
    nextKey: () => keyOf(state.lastKey + 1),
    visible: (user: User, policy = options.policy) => rows.filter(sees(user, 'read', policy)),
    /** The owner's real name on rows of others, for the roles that read everyone's. */
    shown: (user: User) => (row: T) =>
      readsAll(options.policy, user.authority) ? { ...row, ownerName: findUser(row.owner)?.realName ?? '' } : row,
    /** The rows of `keys` the user may read or change (under `policy`, the table's by default); 404 otherwise. */
    find(user: User, keys: readonly string[], mode: 'read' | 'change' = 'change', policy = options.policy): T[] {
      const found = keys.map((key) => rows.find((row) => row.key === key && sees(user, mode, policy)(row)));
      const missing = keys.filter((_key, i) => !found[i]);
      if (missing.length)
        throw refuse(
          404,
          'NOT_FOUND',
          keys.length === 1 ? `${options.label}不存在` : `${options.label}不存在：${missing.join(', ')}`,
        );
      return found as T[];
    },
    assertVersions(found: readonly T[], versions: Readonly<Record<string, number>>) {
      const stale = firstStale(found, versions);
      if (stale) throw refuse(409, 'VERSION_CONFLICT', `${options.label} ${stale.key} 已被他人修改，请刷新后重试`);
    },
    insert(
      user: User | undefined,
      values: Omit<T, keyof VersionedRow> & { owner: string },
      action = 'create',
      at = now(),
      related?: string[],
    ): T {
      state.lastKey += 1;
      const row = {
        ...values,
        key: keyOf(state.lastKey),
        version: 1,
        createdAt: at,
        updatedAt: at,
      } as T;
      rows.push(row);
      record(user, action, row.key, null, row, related);
      return row;
    },
    change(user: User, before: T, next: T, action = 'update', related?: string[]): T {
      const after = { ...next, key: before.key, version: before.version + 1, updatedAt: now() };
      rows[rows.indexOf(before)] = after;
      record(user, action, after.key, before, after, related);
      return after;
    },
    remove(user: User, row: T, action = 'delete', related?: string[]) {
      rows.splice(rows.indexOf(row), 1);
      record(user, action, row.key, row, null, related);
    },
    history,
    /** The row's status moves, oldest first, as the server's statusHistory gives them. */
    statusHistory<S extends string>(key: string) {
      const statusOf = (row: T | null) => ((row as { status?: S } | null)?.status ?? null) as S | null;
      return history(key)
        .reverse()
        .filter((entry) => statusOf(entry.after) !== null && statusOf(entry.after) !== statusOf(entry.before))
        .map((entry) => ({
          at: entry.at,
          actorName: entry.actorName,
          from: statusOf(entry.before),
          to: statusOf(entry.after) as S,
        }));
    },
  };
  return {
    ...table,
    /** Runs `fill` (the demo rows) if the store has just made the table: once, not on every reload of the file. */
    seedOnce(fill: () => void) {
      if (fresh) fill();
      fresh = false;
    },
  };
}

export type MemoryTable<T extends VersionedRow> = ReturnType<typeof memoryTable<T>>;
