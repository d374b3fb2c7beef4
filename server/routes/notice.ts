/** The caller's own notices (list newest first, mark read, clear a type), from contract/notice/schema.ts's endpoint table. */
import { noticeAccess, noticeEndpoints } from '../../contract/notice/schema';
import { clearNotices, listNotices, markNoticesRead } from '../domain/notice';
import { endpointPlugin } from '../http/endpoints';

export default endpointPlugin(
  noticeEndpoints,
  { policy: noticeAccess, notFoundMessage: '通知不存在' },
  {
    list: ({ db, caller, query }) => listNotices(db, caller.id, query),
    markRead: async ({ db, caller, body }) => ({ success: true as const, updated: await markNoticesRead(db, caller.id, body) }),
    clear: async ({ db, caller, query }) => ({ success: true as const, deleted: await clearNotices(db, caller.id, query.type) }),
  },
);
