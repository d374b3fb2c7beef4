/** Mock of the notice calls (contract/notice/schema.ts) for `npm run dev` without a server. */
import { noticeAccess, noticeEndpoints } from '../contract/notice/schema';
import { noticesOf, setNotices } from './_demo';
import { mockEndpoints, pageOf } from './_resource';

export default mockEndpoints(noticeEndpoints, noticeAccess, '通知不存在', {
  list: ({ user, query, res }) => {
    const all = noticesOf(user).filter((notice) => !query.type || notice.type === query.type);
    res.json(
      pageOf(
        [...all].sort((a, b) => b.datetime.localeCompare(a.datetime)),
        query,
      ),
    );
  },
  markRead: ({ user, body, res }) => {
    let updated = 0;
    for (const notice of noticesOf(user)) {
      if (('ids' in body ? body.ids.includes(notice.id) : notice.type === body.type) && !notice.read) {
        notice.read = true;
        updated += 1;
      }
    }
    res.json({ success: true, updated });
  },
  clear: ({ user, query, res }) => {
    const before = noticesOf(user);
    const kept = before.filter((notice) => notice.type !== query.type);
    setNotices(user, kept);
    res.json({ success: true, deleted: before.length - kept.length });
  },
});
