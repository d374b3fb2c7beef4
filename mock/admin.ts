/**
 * 系统管理 in the mock: the demo accounts (mock/_demo.ts) as the console lists them; status and role changes
 * hold for the life of the dev server, the last active administrator kept. Mails are the server's to send.
 */
import { adminAccess, adminEndpoints, adminMessages, type AdminAccount } from '../contract/admin/schema';
import { adminRole, type PersonRole } from '../contract/shared/common';
import type { User } from '../contract/user/schema';
import { users } from './_demo';
import { mockEndpoints, pageOf, refuse } from './_resource';
import { shared } from './_store';

/** The mock's accounts carry a version of their own, bumped by each change. */
const versions = shared('accountVersions', () => new Map<string, number>());
const versionOf = (user: User) => versions.get(user.id) ?? 1;

const accountOf = (user: User): AdminAccount => ({
  id: user.id,
  name: user.name,
  realName: user.realName,
  email: user.email,
  phone: user.phone,
  role: (user.authority[0] ?? 'user') as PersonRole,
  status: user.status,
  company: user.company,
  isManager: user.isManager,
  createdAt: user.createdAt,
  lastSignInAt: null,
  version: versionOf(user),
});

const found = (id: string) => {
  const user = users.find((one) => one.id === id);
  if (!user) throw refuse(404, 'NOT_FOUND', adminMessages.noAccount);
  return user;
};

const has = (text: string | undefined, ...values: (string | undefined)[]) =>
  !text || values.some((value) => value?.toLowerCase().includes(text.toLowerCase()));

export default mockEndpoints(adminEndpoints, adminAccess, adminMessages.noAccount, {
  accounts: ({ query }) =>
    pageOf(
      users
        .filter((user) => has(query.keyword, user.name, user.realName, user.email))
        .filter((user) => has(query.company, user.company?.name, user.company?.shortCode))
        .filter((user) => !query.status || user.status === query.status)
        .filter((user) => !query.role || user.authority.includes(query.role))
        .map(accountOf),
      query,
    ),
  account: ({ params }) => accountOf(found(params.id)),
  patchAccount: ({ params, body }) => {
    const user = found(params.id);
    if (body.version !== versionOf(user)) throw refuse(409, 'VERSION_CONFLICT', `账号 ${user.name} 已被他人修改，请刷新后重试`);
    const status = body.status ?? user.status;
    const role = body.role ?? user.authority[0];
    const otherAdmins = users.filter((one) => one !== user && one.status === 'active' && one.authority.includes(adminRole));
    if (
      user.status === 'active' &&
      user.authority.includes(adminRole) &&
      (status !== 'active' || role !== adminRole) &&
      !otherAdmins.length
    ) {
      throw refuse(422, 'VALIDATION_FAILED', adminMessages.lastAdmin, { status: adminMessages.lastAdmin });
    }
    user.status = status;
    user.authority = [role];
    versions.set(user.id, versionOf(user) + 1);
    return accountOf(user);
  },
  mailPasswordReset: ({ params }) => {
    const user = found(params.id);
    if (!user.email) throw refuse(422, 'VALIDATION_FAILED', adminMessages.noEmail, { id: adminMessages.noEmail });
    return { success: true, message: `重置密码邮件已发送到 ${user.email}` };
  },
  signIns: ({ params, query }) => {
    found(params.id);
    return pageOf([], query);
  },
});
