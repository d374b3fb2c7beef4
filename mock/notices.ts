/** Mock of the notice calls (contract/notice.ts) for `npm run dev` without a server. */
import type { ListResult } from '../contract/common';
import type { Notice, NoticeType } from '../contract/notice';
import { fail, noticesOf, setNotices, signedIn } from './_demo';

const noticeTypes: NoticeType[] = ['notification', 'message', 'event'];

export default {
  'GET /v1/notices': signedIn((req, res, user) => {
    const pageSize = Number(req.query.pageSize ?? 20);
    const all = [...noticesOf(user)].sort((a, b) => b.datetime.localeCompare(a.datetime));
    const answer: ListResult<Notice> = { data: all.slice(0, pageSize), total: all.length, success: true, current: 1, pageSize };
    res.json(answer);
  }),

  'PATCH /v1/notices': signedIn((req, res, user) => {
    const { ids, type } = (req.body ?? {}) as { ids?: string[]; type?: NoticeType };
    if (!ids && !(type && noticeTypes.includes(type))) return fail(res, 422, 'VALIDATION_FAILED', '请指定通知或类型');
    let updated = 0;
    for (const notice of noticesOf(user)) {
      if ((ids ? ids.includes(notice.id) : notice.type === type) && !notice.read) {
        notice.read = true;
        updated += 1;
      }
    }
    return res.json({ success: true, updated });
  }),

  'DELETE /v1/notices': signedIn((req, res, user) => {
    const type = req.query.type as NoticeType;
    if (!noticeTypes.includes(type)) return fail(res, 422, 'VALIDATION_FAILED', '通知类型错误');
    const before = noticesOf(user);
    const kept = before.filter((notice) => notice.type !== type);
    setNotices(user, kept);
    return res.json({ success: true, deleted: before.length - kept.length });
  }),
};
