/** Mock of the user calls (contract/user.ts) for `npm run dev` without a server. */
import type { ListResult } from '../contract/common';
import type { ShipmentStatistics, User, UserPatch } from '../contract/user';
import { DEMO_PASSWORD, fail, findUser, noticesOf, signedIn, users, withCounts } from './_demo';
import { packingStatusCounts } from './packing';

/** Counts by status code, per entity, as the server's statistics (server/domain/statistics.ts) give them. */
function statisticsOf(user: User): ShipmentStatistics {
  const unread = noticesOf(user).filter((notice) => !notice.read).length;
  const statistics: ShipmentStatistics = { notice: { read: noticesOf(user).length - unread, unread } };
  if (user.authority.includes('documentClerk')) {
    statistics.user = { pending: 0, active: 0, disabled: 0 };
    for (const account of users) statistics.user[account.status] += 1;
  }
  statistics.packing = packingStatusCounts(user);
  return statistics;
}

export default {
  'GET /v1/users/current': signedIn((_req, res, user) => res.json(withCounts(user))),

  'GET /v1/users': signedIn((req, res) => {
    const current = Number(req.query.current ?? 1);
    const pageSize = Number(req.query.pageSize ?? 20);
    const data = users.slice((current - 1) * pageSize, current * pageSize).map(withCounts);
    const answer: ListResult<User> = { data, total: users.length, success: true, current, pageSize };
    res.json(answer);
  }),

  'GET /v1/users/:id': signedIn((req, res) => {
    const user = findUser(req.params.id);
    if (!user) return fail(res, 404, 'NOT_FOUND', '用户不存在');
    return res.json(withCounts(user));
  }),

  'PATCH /v1/users/:id': signedIn((req, res, user) => {
    if (req.params.id !== user.id) return fail(res, 403, 'FORBIDDEN', '只能修改自己的资料');
    const patch = (req.body ?? {}) as UserPatch;
    Object.assign(user, patch);
    return res.json(withCounts(user));
  }),

  'POST /v1/users/current/password': signedIn((req, res) => {
    if (req.body?.oldPassword !== DEMO_PASSWORD) {
      return fail(res, 422, 'VALIDATION_FAILED', '原密码错误', { oldPassword: '原密码错误' });
    }
    return res.json({ success: true });
  }),

  'DELETE /v1/users/current/sessions': signedIn((_req, res) => res.json({ success: true, deleted: 0 })),

  'GET /v1/user/statistics/shipment': signedIn((_req, res, user) => res.json(statisticsOf(user))),
};
