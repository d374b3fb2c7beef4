/** 通知 / 消息 / 待办: types, labels, routes and access, without zod (the header imports them at run time). */
import type { AccessPolicy } from '../shared/access';
import type { Route } from '../shared/endpoint';

export const noticeTypes = ['notification', 'message', 'event'] as const;
export type NoticeType = (typeof noticeTypes)[number];
export const noticeTypeLabels: Record<NoticeType, string> = {
  notification: '通知',
  message: '消息',
  event: '待办',
};

export const noticeRoutes = {
  list: { method: 'GET', path: '/v1/notices' },
  markRead: { method: 'PATCH', path: '/v1/notices' },
  clear: { method: 'DELETE', path: '/v1/notices' },
} as const satisfies Record<string, Route>;

/** Everyone signed in reads and changes their own notices, and only those. */
export const noticeAccess: AccessPolicy = { read: 'signedIn', write: 'signedIn', readAll: [], changeAll: [] };
