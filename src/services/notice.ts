/** The caller's notices, from the endpoint table's routes. Each call resolves with undefined when it failed. */
import { requestRoute } from '@/utils/requestRoute';
import type { ResponseOf } from '@contract/shared/endpoint';
import type { noticeEndpoints } from '@contract/notice/schema';
import { noticeRoutes, type NoticeType } from '@contract/notice/codes';

type Endpoints = typeof noticeEndpoints;

/** GET /v1/notices: the newest 100, which is what the header's popover can show. */
export const queryNotices = () =>
  requestRoute<ResponseOf<Endpoints['list']> | undefined>(noticeRoutes.list, { params: { pageSize: 100 } });

/** Which notices to mark read: some by id, or a whole type. */
export type NoticeReadTarget = { ids: string[] } | { type: NoticeType };

/** PATCH /v1/notices */
export const markNoticesRead = (target: NoticeReadTarget) =>
  requestRoute<ResponseOf<Endpoints['markRead']> | undefined>(noticeRoutes.markRead, { data: { ...target, read: true } });

/** DELETE /v1/notices?type= */
export const clearNotices = (type: NoticeType) =>
  requestRoute<ResponseOf<Endpoints['clear']> | undefined>(noticeRoutes.clear, { params: { type } });
