import request from '@/utils/request';
import type { ListQuery, ListResult } from '@contract/common';
import type { PasswordChange, ShipmentStatistics, User, UserPatch } from '@contract/user';

/*
 * Calls without `skipErrorHandler` resolve with undefined when request.ts has handled a failure (401, 404,
 * network…); 409 and 422 reject. Hence the `| undefined` results.
 */

/** GET /v1/users/current */
export async function queryCurrent() {
  return request<User | undefined>('/v1/users/current');
}

/** GET /v1/users */
export async function queryUsers(params?: Partial<ListQuery>) {
  return request<ListResult<User> | undefined>('/v1/users', { params });
}

/** PATCH /v1/users/{id}: own profile, notification preferences or per-list page sizes. */
export async function patchUser(id: string, patch: UserPatch) {
  return request<User | undefined>(`/v1/users/${encodeURIComponent(id)}`, { method: 'PATCH', data: patch });
}

/** POST /v1/users/current/password: the server signs out the other sessions. 422 is the page's to show. */
export async function changePassword(body: PasswordChange) {
  return request<{ success: true }>('/v1/users/current/password', {
    method: 'POST',
    data: body,
    skipErrorHandler: true,
  });
}

/** DELETE /v1/users/current/sessions: signs out every session but this one. */
export async function signOutOtherSessions() {
  return request<{ success: true; deleted: number } | undefined>('/v1/users/current/sessions', { method: 'DELETE' });
}

/** GET /v1/user/statistics/shipment */
export async function queryShipmentStatistics() {
  return request<ShipmentStatistics | undefined>('/v1/user/statistics/shipment');
}
