/** 客户公司 routes, registered from the endpoint table. */
import { companyAccess, companyEndpoints } from '../../contract/company/schema';
import { listMembers, removeMember } from '../domain/company';
import { endpointPlugin } from '../http/endpoints';

export const companyRoutes = endpointPlugin(
  companyEndpoints,
  { policy: companyAccess, notFoundMessage: '成员不存在' },
  {
    members: ({ db, caller }) => listMembers(db, caller),
    removeMember: ({ db, caller, params }) => removeMember(db, caller, params.id),
  },
);
