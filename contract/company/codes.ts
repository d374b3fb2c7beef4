/**
 * 客户公司: a customer's company and its members. Every member works on every record of the company
 * (server/domain/ownership.ts); its manager (公司管理员, a flag on the account) invites colleagues by e-mail and
 * removes a member.
 */
import type { AccessPolicy } from '../shared/access';
import type { Route } from '../shared/endpoint';

export const companyRoutes = {
  members: { method: 'GET', path: '/v1/company/members' },
  removeMember: { method: 'DELETE', path: '/v1/company/members/:id' },
  invitations: { method: 'GET', path: '/v1/company/invitations' },
  invite: { method: 'POST', path: '/v1/company/invitations' },
  revokeInvitation: { method: 'DELETE', path: '/v1/company/invitations/:id' },
  directory: { method: 'GET', path: '/v1/companies' },
} as const satisfies Record<string, Route>;

/**
 * Customers, each of their own company only; that the caller manages it is checked by the domain. The directory of
 * every company is the staff's alone (its endpoint names them): a customer does not learn of other customers.
 */
export const companyAccess: AccessPolicy = { read: ['user'], write: ['user'], readAll: [], changeAll: [] };

/** 身份 of a member. */
export const memberRoleLabel = (isManager: boolean) => (isManager ? '公司管理员' : '成员');

/** At most this many invitations open at a time (specification: up to 5 invitees). */
export const MAX_OPEN_INVITATIONS = 5;
/** The directory answers at most this many companies a page (a filter's options, by name). */
export const DIRECTORY_PAGE_SIZE = 50;
/** The staff who read the directory: whoever sees every company's records. */
export const directoryRoles = ['documentClerk', 'inspector', 'admin'] as const;
/** An invitation link is valid this many days. */
export const INVITATION_TTL_DAYS = 7;

export const companyMessages = {
  notManager: '只有公司管理员可以移除成员',
  inviteNotManager: '只有公司管理员可以邀请同事',
  tooManyInvitations: `最多同时有 ${MAX_OPEN_INVITATIONS} 个未接受的邀请，请等待对方接受或撤回一个后再邀请`,
  alreadyMember: '该邮箱已是公司成员',
  alreadyInvited: '已向该邮箱发出邀请，对方尚未接受',
  noInvitation: '邀请不存在或已失效',
  invitationInvalid: '邀请链接无效、已使用或已过期，请联系贵公司管理员重新邀请',
  invitationEmail: '请使用收到邀请的邮箱注册',
  invitationRole: '受邀加入公司的账号岗位为客户',
  notSelf: '不能移除自己；如需交接，请先请其他成员成为管理员',
  noMember: '成员不存在',
} as const;
