/** 系统管理: the administrator's calls and their words. No zod: the browser's services build their calls from it. */
import type { AccessPolicy } from '../shared/access';
import type { Route } from '../shared/endpoint';

/** How a sign-in attempt on an existing account ended (登录记录 结果). */
export const signInOutcomes = ['ok', 'badPassword', 'pending', 'disabled', 'rateLimited'] as const;
export type SignInOutcome = (typeof signInOutcomes)[number];
export const signInOutcomeLabels: Record<SignInOutcome, string> = {
  ok: '成功',
  badPassword: '密码或验证码错误',
  pending: '账号未激活',
  disabled: '账号已停用',
  rateLimited: '尝试过多，已暂时锁定',
};

export const adminRoutes = {
  accounts: { method: 'GET', path: '/v1/admin/accounts' },
  account: { method: 'GET', path: '/v1/admin/accounts/:id' },
  patchAccount: { method: 'PATCH', path: '/v1/admin/accounts/:id' },
  mailPasswordReset: { method: 'POST', path: '/v1/admin/accounts/:id/password-reset' },
  signIns: { method: 'GET', path: '/v1/admin/accounts/:id/sign-ins' },
} as const satisfies Record<string, Route>;

/** The administrator, over every account; nobody else calls these routes. */
export const adminAccess: AccessPolicy = { read: ['admin'], write: ['admin'], readAll: ['admin'], changeAll: ['admin'] };

export const adminMessages = {
  noAccount: '账号不存在',
  lastAdmin: '至少要保留一位状态正常的系统管理员',
  nothingToChange: '请指定要修改的状态或岗位',
  notPending: '该账号不是待审核状态',
  noEmail: '该账号未绑定邮箱，无法发送重置邮件',
  systemAccount: '系统对接账号不在此管理，请使用 npm run admin',
} as const;

/** What each change of an account is called in the console's success messages and the audit. */
export const accountActionLabels = {
  activate: '激活',
  refuse: '拒绝注册',
  disable: '停用',
  enable: '启用',
  changeRole: '更改岗位',
} as const;
