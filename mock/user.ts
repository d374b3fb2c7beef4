/** Mock of the user calls (contract/user.ts) for `npm run dev` without a server. */
import type { ListResult } from '../contract/common';
import type { ShipmentStatistics, User, UserPatch } from '../contract/user';
import { DEMO_PASSWORD, fail, findUser, signedIn, users, withCounts } from './_demo';

const statistics: Record<string, ShipmentStatistics> = {
  user: { packing: { 待验针: 3, 待拼柜: 5, 已配柜: 2, 已出运: 12 }, osbPlan: { 草稿: 1, 已提交: 2, 已确认: 4 } },
  documentClerk: { osbOrder: { 待订舱: 4, 已订舱: 6, 已放舱: 3 }, bol: { 待确认: 2, 已签发: 9 } },
  inspector: { inspection: { 合格: 18, 不合格: 1 }, packing: { 待验针: 7 } },
};

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

  'GET /v1/user/statistics/shipment': signedIn((_req, res, user) =>
    res.json(Object.assign({}, ...user.authority.map((role) => statistics[role]))),
  ),
};
