/** 登录 / 注册 / 找回密码: the calls, all public. No zod: the browser's services build their calls from it. */
import type { AccessPolicy } from '../shared/access';
import type { Route } from '../shared/endpoint';

export const authRoutes = {
  login: { method: 'POST', path: '/v1/auth/login' },
  captcha: { method: 'POST', path: '/v1/auth/captcha' },
  logout: { method: 'POST', path: '/v1/auth/logout' },
  register: { method: 'POST', path: '/v1/auth/register' },
  invitation: { method: 'GET', path: '/v1/auth/invitation' },
  activate: { method: 'GET', path: '/v1/auth/activate' },
  forgot: { method: 'POST', path: '/v1/auth/forgot' },
  reset: { method: 'POST', path: '/v1/auth/reset' },
} as const satisfies Record<string, Route>;

/** Nobody is signed in yet: every call is public, and none reads or changes rows of an owner. */
export const authAccess: AccessPolicy = { read: 'signedIn', write: 'signedIn', readAll: [], changeAll: [] };
