/** Routes and access of the read-only lookups (contract/lookup/schema.ts), without zod: services and the mock build on them. */
import { roles } from '../shared/formats';
import type { AccessPolicy } from '../shared/access';
import type { Route } from '../shared/endpoint';

export const lookupRoutes = {
  factories: { method: 'GET', path: '/v1/factories' },
  sizeGroups: { method: 'GET', path: '/v1/sizeGroup' },
  gbsOrders: { method: 'GET', path: '/v1/gbs/getOrderList/:odg_item_no' },
  gbsOrder: { method: 'GET', path: '/v1/gbs/getOrderInfo/:id' },
} as const satisfies Record<string, Route>;

/** Every signed-in role reads every lookup; nobody writes them through the API (the demo seed and the admin do). */
export const lookupAccess: AccessPolicy = {
  read: roles,
  write: [],
  readAll: ['user', 'documentClerk', 'inspector'],
  changeAll: [],
};
