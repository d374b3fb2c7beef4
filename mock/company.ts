/** 客户公司 in the mock: the members of the demo companies (mock/_demo.ts), a member removed by the manager. */
import { companyAccess, companyEndpoints, companyMessages, type Member } from '../contract/company/schema';
import type { User } from '../contract/user/schema';
import { users } from './_demo';
import { mockEndpoints, refuse } from './_resource';

const membersOf = (user: User) => users.filter((other) => user.company && other.company?.key === user.company.key);
const member = ({ id, name, realName, email, isManager, status, createdAt }: User): Member => ({
  id,
  name,
  realName,
  email,
  isManager,
  status,
  createdAt,
});

export default mockEndpoints(companyEndpoints, companyAccess, companyMessages.noMember, {
  members: ({ user }) => {
    const data = membersOf(user)
      .sort((a, b) => Number(b.isManager) - Number(a.isManager))
      .map(member);
    return { data, total: data.length, current: 1, pageSize: Math.max(data.length, 1), success: true };
  },
  removeMember: ({ user, params }) => {
    const found = membersOf(user).find((other) => other.id === params.id);
    if (!found) throw refuse(404, 'NOT_FOUND', companyMessages.noMember);
    if (!user.isManager) throw refuse(403, 'FORBIDDEN', companyMessages.notManager);
    if (found.id === user.id) throw refuse(422, 'VALIDATION_FAILED', companyMessages.notSelf);
    found.status = 'disabled';
    return { success: true, deleted: 1 };
  },
});
