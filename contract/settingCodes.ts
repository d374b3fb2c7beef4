/** Routes and access of the settings (contract/setting.ts), without zod. */
import type { AccessPolicy } from './access';
import type { Route } from './endpoint';

export const settingRoutes = {
  list: { method: 'GET', path: '/v1/setting' },
  get: { method: 'GET', path: '/v1/setting/:key' },
  put: { method: 'PUT', path: '/v1/setting/:key' },
} as const satisfies Record<string, Route>;

/** Every signed-in user reads the settings (capacities, cut-offs); only the clerk changes them. */
export const settingAccess: AccessPolicy = {
  read: 'signedIn',
  write: ['documentClerk'],
  readAll: ['user', 'documentClerk', 'inspector'],
  changeAll: ['documentClerk'],
};
