/**
 * 客户公司: a customer's company and its members. Every member works on every record of the company
 * (server/domain/ownership.ts); its manager (公司管理员, a flag on the account) removes a member.
 */
import type { AccessPolicy } from '../shared/access';
import type { Route } from '../shared/endpoint';

export const companyRoutes = {
  members: { method: 'GET', path: '/v1/company/members' },
  removeMember: { method: 'DELETE', path: '/v1/company/members/:id' },
} as const satisfies Record<string, Route>;

/** Customers, each of their own company only; that the caller manages it is checked by the domain. */
export const companyAccess: AccessPolicy = { read: ['user'], write: ['user'], readAll: [], changeAll: [] };

/** 身份 of a member. */
export const memberRoleLabel = (isManager: boolean) => (isManager ? '公司管理员' : '成员');

export const companyMessages = {
  notManager: '只有公司管理员可以移除成员',
  notSelf: '不能移除自己；如需交接，请先请其他成员成为管理员',
  noMember: '成员不存在',
} as const;
