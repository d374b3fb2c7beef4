/** 系统管理 calls, built from the endpoint table's routes and typed with its schemas. */
import { requestRoute } from '@/utils/requestRoute';
import type { BodyOf, QueryOf, ResponseOf } from '@contract/shared/endpoint';
import type { adminEndpoints } from '@contract/admin/schema';
import { adminRoutes } from '@contract/admin/codes';

type Admin = typeof adminEndpoints;

/** GET /v1/admin/accounts — every person's account, pending registrations first. */
export const queryAccounts = (query: QueryOf<Admin['accounts']>) =>
  requestRoute<ResponseOf<Admin['accounts']> | undefined>(adminRoutes.accounts, { params: query });

/** PATCH /v1/admin/accounts/{id} — activate, refuse, disable, enable, or change the role. */
export const patchAccount = (id: string, body: BodyOf<Admin['patchAccount']>) =>
  requestRoute<ResponseOf<Admin['patchAccount']> | undefined>(adminRoutes.patchAccount, { pathParams: { id }, data: body });

/** POST /v1/admin/accounts/{id}/password-reset — a reset link to the account's e-mail. */
export const mailPasswordReset = (id: string) =>
  requestRoute<ResponseOf<Admin['mailPasswordReset']> | undefined>(adminRoutes.mailPasswordReset, { pathParams: { id } });

/** GET /v1/admin/accounts/{id}/sign-ins — the newest first. */
export const querySignIns = (id: string, query: QueryOf<Admin['signIns']>) =>
  requestRoute<ResponseOf<Admin['signIns']> | undefined>(adminRoutes.signIns, { pathParams: { id }, params: query });
