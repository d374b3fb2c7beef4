/** 客户公司 calls, built from the endpoint table's routes and typed with its schemas. */
import { requestRoute } from '@/utils/requestRoute';
import type { ResponseOf } from '@contract/shared/endpoint';
import type { companyEndpoints, InviteBody } from '@contract/company/schema';
import { companyRoutes } from '@contract/company/codes';

type Company = typeof companyEndpoints;

/** GET /v1/company/members — the members of my company. */
export const queryMembers = () => requestRoute<ResponseOf<Company['members']> | undefined>(companyRoutes.members);

/** DELETE /v1/company/members/{id} — the manager removes a member: their sign-in and API tokens stop at once. */
export const removeMember = (id: string) =>
  requestRoute<ResponseOf<Company['removeMember']> | undefined>(companyRoutes.removeMember, { pathParams: { id } });

/** GET /v1/company/invitations — the company's invitations not yet accepted. */
export const queryInvitations = () => requestRoute<ResponseOf<Company['invitations']> | undefined>(companyRoutes.invitations);

/** POST /v1/company/invitations — the manager invites a colleague; the link goes to that e-mail. */
export const inviteColleague = (body: InviteBody) =>
  requestRoute<ResponseOf<Company['invite']> | undefined>(companyRoutes.invite, { data: body });

/** DELETE /v1/company/invitations/{id} — the manager revokes an invitation; its link stops working. */
export const revokeInvitation = (id: string) =>
  requestRoute<ResponseOf<Company['revokeInvitation']> | undefined>(companyRoutes.revokeInvitation, {
    pathParams: { id },
  });

/** GET /v1/companies — the staff's 客户公司 filter options, by name; `q` narrows by name or short code. */
export const queryCompanies = (query: { q?: string; current?: number; pageSize?: number }) =>
  requestRoute<ResponseOf<Company['directory']> | undefined>(companyRoutes.directory, { params: query });
