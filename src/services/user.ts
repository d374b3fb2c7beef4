/**
 * 用户 calls, built from the endpoint table's routes. Calls without `skipErrorHandler` resolve with undefined
 * when request.ts has handled a failure (401, 404, network…); 409 and 422 reject. Hence the `| undefined` results.
 */
import { requestRoute } from '@/utils/requestRoute';
import type { ListResult } from '@contract/shared/common';
import type { QueryOf } from '@contract/shared/endpoint';
import type { ShipmentStatistics } from '@contract/home/schema';
import type { PasswordChange, User, UserPatch, userEndpoints } from '@contract/user/schema';
import { userRoutes as routes } from '@contract/user/codes';

/** GET /v1/users/current */
export const queryCurrent = () => requestRoute<User | undefined>(routes.current);

/** GET /v1/users */
export const queryUsers = (params?: QueryOf<(typeof userEndpoints)['list']>) =>
  requestRoute<ListResult<User> | undefined>(routes.list, { params });

/** PATCH /v1/users/{id}: own profile, notification preferences or per-list page sizes. */
export const patchUser = (id: string, patch: UserPatch) =>
  requestRoute<User | undefined>(routes.patch, { pathParams: { idOrName: id }, data: patch });

/** POST /v1/users/current/password: the server signs out the other sessions. 422 is the page's to show. */
export const changePassword = (body: PasswordChange) =>
  requestRoute<{ success: true }>(routes.changePassword, { data: body, skipErrorHandler: true });

/** DELETE /v1/users/current/sessions: signs out every session but this one. */
export const signOutOtherSessions = () => requestRoute<{ success: true; deleted: number } | undefined>(routes.signOutOthers);

/** GET /v1/user/statistics/shipment */
export const queryShipmentStatistics = () => requestRoute<ShipmentStatistics | undefined>(routes.statistics);
