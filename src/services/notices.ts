import request from '@/utils/request';
import type { ListResult } from '@contract/common';
import type { Notice, NoticeType } from '@contract/notice';

/* Each call resolves with undefined when it failed (request.ts has told the user). */

/** GET /v1/notices: the newest 100, which is what the header's popover can show. */
export async function queryNotices() {
  return request<ListResult<Notice> | undefined>('/v1/notices', { params: { pageSize: 100 } });
}

/** Which notices to mark read: some by id, or a whole type. */
export type NoticeReadTarget = { ids: string[] } | { type: NoticeType };

/** PATCH /v1/notices */
export async function markNoticesRead(target: NoticeReadTarget) {
  return request<{ success: true; updated: number } | undefined>('/v1/notices', {
    method: 'PATCH',
    data: { ...target, read: true },
  });
}

/** DELETE /v1/notices?type= */
export async function clearNotices(type: NoticeType) {
  return request<{ success: true; deleted: number } | undefined>('/v1/notices', { method: 'DELETE', params: { type } });
}
