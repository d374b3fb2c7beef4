/** 客户公司 routes, registered from the endpoint table. */
import { companyAccess, companyEndpoints } from '../../contract/company/schema';
import { listMembers, removeMember } from '../domain/company/members';
import { invite, listInvitations, revokeInvitation } from '../domain/company/invitations';
import { listCompanies } from '../domain/company/directory';
import { endpointPlugin } from '../http/endpoints';

export const companyRoutes = endpointPlugin(
  companyEndpoints,
  { policy: companyAccess, notFoundMessage: '成员不存在' },
  {
    members: ({ db, caller }) => listMembers(db, caller),
    removeMember: ({ db, caller, params }) => removeMember(db, caller, params.id),
    invitations: ({ db, caller }) => listInvitations(db, caller),
    invite: ({ db, caller, body, request }) =>
      invite({ db, config: request.server.config, mailer: request.server.mailer }, caller, body.email),
    revokeInvitation: ({ db, caller, params }) => revokeInvitation(db, caller, params.id),
    directory: ({ db, query }) => listCompanies(db, query),
  },
);
