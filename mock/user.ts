/** Mock of the user calls (contract/user/schema.ts) for `npm run dev` without a server. */
import type { User } from '../contract/user/schema';
import { userAccess, userEndpoints } from '../contract/user/schema';
import { DEMO_PASSWORD, findUser, users, withCounts } from './_demo';
import { mockEndpoints, pageOf, refuse } from './_resource';
import { statisticsOf } from './_home';

/** The account a caller names: their own, or anyone's for the clerk (403 for another's, as the server). */
function named(user: User, idOrName: string): User {
  const found = findUser(idOrName);
  const clerk = user.authority.includes('documentClerk');
  if (found?.id !== user.id && !clerk) throw refuse(403, 'FORBIDDEN', '没有权限执行此操作');
  if (!found) throw refuse(404, 'NOT_FOUND', '用户不存在');
  return found;
}

export default mockEndpoints(userEndpoints, userAccess, '用户不存在', {
  list: ({ query }) => pageOf(users.map(withCounts), query),
  current: ({ user }) => withCounts(user),
  get: ({ user, params }) => withCounts(named(user, params.idOrName)),
  patch: ({ user, params, body }) => {
    if (named(user, params.idOrName).id !== user.id) throw refuse(403, 'FORBIDDEN', '只能修改自己的资料');
    return withCounts(Object.assign(user, body));
  },
  changePassword: ({ body }) => {
    if (body.oldPassword !== DEMO_PASSWORD) throw refuse(422, 'VALIDATION_FAILED', '原密码错误', { oldPassword: '原密码错误' });
    return { success: true, revoked: 0 };
  },
  signOutOthers: () => ({ success: true, deleted: 0 }),
  statistics: ({ user }) => statisticsOf(user),
});
