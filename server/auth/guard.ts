/**
 * Role guards. `requireRole(...)` runs at onRequest, before the body is read or validated, so a caller
 * without the role gets 403 whatever they send and learns nothing about the schema; no or an expired
 * token gets 401. `requireRole()` with no role admits every signed-in person (not a system account).
 */
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { isPersonRole, type Role } from '../../contract/shared/common';
import { tokenRefusal } from '../../contract/token/codes';
import { forbidden } from '../domain/refusals';
import { unauthorized } from '../http/errors';
import { findSession } from './sessions';
import type { SessionUser } from './sessionUser';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireRole on the routes that need a signed-in user. */
    user: SessionUser | null;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

/** The roles a guard admits; the OpenAPI document and the role-matrix test read it. */
export const guardRoles = Symbol('guardRoles');
export type RoleGuard = onRequestHookHandler & { [guardRoles]: Role[] | 'signedIn' };

export function requireRole(...roles: Role[]): RoleGuard {
  const guard = async function (this: unknown, request: FastifyRequest, _reply: FastifyReply) {
    const token = bearerToken(request);
    const { db, config, sessionCache } = request.server;
    const user = token ? await findSession(db, token, config.sessionTtlHours, sessionCache) : null;
    if (!user) throw unauthorized(token ? '登录已过期，请重新登录' : '请先登录');
    // `signedIn` means a person: a system account reaches only the routes that name its role.
    const admitted = roles.length > 0 ? user.roles.some((role) => roles.includes(role)) : user.roles.some(isPersonRole);
    if (!admitted) throw forbidden();
    const refusal = user.scope && tokenRefusal(user.scope, request.method, request.routeOptions.url ?? '');
    if (refusal) throw forbidden(refusal);
    request.user = user;
  };
  return Object.assign(guard as onRequestHookHandler, { [guardRoles]: roles.length ? roles : ('signedIn' as const) });
}

/** The signed-in user of a guarded route. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
