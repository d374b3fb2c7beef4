/** 用户: the calls and who may make them. No zod: the browser's services build their calls from it. */
import type { AccessPolicy } from '../shared/access';
import type { Route } from '../shared/endpoint';

export const userRoutes = {
  list: { method: 'GET', path: '/v1/users' },
  current: { method: 'GET', path: '/v1/users/current' },
  get: { method: 'GET', path: '/v1/users/:idOrName' },
  patch: { method: 'PATCH', path: '/v1/users/:idOrName' },
  changePassword: { method: 'POST', path: '/v1/users/current/password' },
  signOutOthers: { method: 'DELETE', path: '/v1/users/current/sessions' },
  statistics: { method: 'GET', path: '/v1/user/statistics/shipment' },
} as const satisfies Record<string, Route>;

/**
 * Everyone reads and changes their own account; the clerk reads every account (the list is theirs alone). Nobody
 * changes another's account here.
 */
export const userAccess: AccessPolicy = { read: 'signedIn', write: 'signedIn', readAll: ['documentClerk'], changeAll: [] };

export const userStatuses = ['pending', 'active', 'disabled'] as const;
export type UserStatus = (typeof userStatuses)[number];
/** 状态 */
export const userStatusLabels: Record<UserStatus, string> = {
  pending: '待激活',
  active: '正常',
  disabled: '停用',
};
