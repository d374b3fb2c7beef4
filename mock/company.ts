/**
 * 客户公司 in the mock: the members of the demo companies (mock/_demo.ts), a member removed by the manager, and
 * the manager's invitations (their tokens kept in the shared store, where the auth mock redeems them).
 */
import {
  companyAccess,
  companyEndpoints,
  companyMessages,
  INVITATION_TTL_DAYS,
  MAX_OPEN_INVITATIONS,
  type Invitation,
  type Member,
} from '../contract/company/schema';
import type { Company, User } from '../contract/user/schema';
import { users } from './_demo';
import { filterRows, mockEndpoints, pageOf, refuse } from './_resource';
import { mockInvitations } from './_invitations';

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
  invitations: ({ user }) => {
    const data = mockInvitations.openOf(user.company?.key).map(shown);
    return { data, total: data.length, current: 1, pageSize: Math.max(data.length, 1), success: true };
  },
  invite: ({ user, body }) => {
    if (!user.company || !user.isManager) throw refuse(403, 'FORBIDDEN', companyMessages.inviteNotManager);
    const email = body.email.trim();
    const refused = (text: string) => refuse(422, 'VALIDATION_FAILED', text, { email: text });
    if (membersOf(user).some((other) => other.email.toLowerCase() === email.toLowerCase()))
      throw refused(companyMessages.alreadyMember);
    const open = mockInvitations.openOf(user.company.key);
    if (open.some((other) => other.email.toLowerCase() === email.toLowerCase())) throw refused(companyMessages.alreadyInvited);
    if (open.length >= MAX_OPEN_INVITATIONS) throw refused(companyMessages.tooManyInvitations);
    const now = Date.now();
    return shown(
      mockInvitations.add({
        email,
        company: user.company,
        invitedBy: user.realName || user.name,
        createdAt: new Date(now).toISOString(),
        expiresAt: new Date(now + INVITATION_TTL_DAYS * 86_400_000).toISOString(),
      }),
    );
  },
  revokeInvitation: ({ user, params }) => {
    const found = mockInvitations.openOf(user.company?.key).find((other) => other.id === params.id);
    if (!found) throw refuse(404, 'NOT_FOUND', companyMessages.noInvitation);
    if (!user.isManager) throw refuse(403, 'FORBIDDEN', companyMessages.inviteNotManager);
    found.revoked = true;
    return { success: true, deleted: 1 };
  },
  directory: ({ query }) => {
    const companies = new Map<string, Company>();
    for (const { company } of users) if (company) companies.set(company.key, company);
    const found = filterRows([...companies.values()], query, { q: [['name', 'shortCode'], 'contains'] });
    return pageOf(found, query, 'name:ascend');
  },
});

const shown = ({ id, email, invitedBy, createdAt, expiresAt }: Invitation): Invitation => ({
  id,
  email,
  invitedBy,
  createdAt,
  expiresAt,
});
