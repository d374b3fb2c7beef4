/**
 * API 令牌: a customer's or a clerk's token for their own systems (an ERP, a spreadsheet's script). It acts with its
 * owner's role and data, read-only or read-write, until it expires or is revoked; it is shown once and stored as
 * SHA-256 like a session. It cannot reach what needs the person: their password, their sessions, their tokens.
 */
import { adminRoutes } from '../admin/codes';
import type { AccessPolicy } from '../shared/access';
import type { Route } from '../shared/endpoint';
import { companyRoutes } from '../company/codes';

export const tokenRoutes = {
  list: { method: 'GET', path: '/v1/tokens' },
  create: { method: 'POST', path: '/v1/tokens' },
  revoke: { method: 'DELETE', path: '/v1/tokens/:id' },
} as const satisfies Record<string, Route>;

/** Each person their own tokens (the inspector works at the bench, not through a system). */
export const tokenAccess: AccessPolicy = {
  read: ['user', 'documentClerk'],
  write: ['user', 'documentClerk'],
  readAll: [],
  changeAll: [],
};

export const tokenScopes = ['read', 'readWrite'] as const;
export type TokenScope = (typeof tokenScopes)[number];
export const tokenScopeLabels: Record<TokenScope, string> = { read: '只读', readWrite: '读写' };

export const tokenLimits = {
  /** Live tokens a person may hold. */
  perPerson: 20,
  /** The longest a token may live, in days. */
  maxDays: 366,
  nameMax: 60,
} as const;

/** What an API token starts with: a secret scanner (and a person) knows it at a glance. */
export const TOKEN_PREFIX = 'sdt_';

/** Routes a token never reaches, whatever its scope: they need the person behind it. */
export const personOnlyRoutes: readonly Route[] = [
  { method: 'POST', path: '/v1/users/current/password' },
  { method: 'DELETE', path: '/v1/users/current/sessions' },
  tokenRoutes.list,
  tokenRoutes.create,
  tokenRoutes.revoke,
  // Who may work on the company's records is a person's decision.
  companyRoutes.removeMember,
  companyRoutes.invite,
  companyRoutes.revokeInvitation,
  // So is an account's status, role or password.
  adminRoutes.patchAccount,
  adminRoutes.mailPasswordReset,
];

/** Why a token may not make this call, or undefined: the person's own routes, and any write of a read-only token. */
export function tokenRefusal(scope: TokenScope, method: string, path: string): string | undefined {
  if (personOnlyRoutes.some((route) => route.method === method && route.path === path)) {
    return 'API 令牌不能修改密码、登录或令牌，请本人登录后操作';
  }
  if (scope === 'read' && method !== 'GET' && method !== 'HEAD') return '只读令牌不能修改数据';
  return undefined;
}
