/** 通知 / 消息 / 待办 */
import { z } from 'zod';
import { listQuery } from './common';

export const noticeTypes = ['notification', 'message', 'event'] as const;
export const noticeTypeSchema = z.enum(noticeTypes);
export type NoticeType = z.infer<typeof noticeTypeSchema>;
export const noticeTypeLabels: Record<NoticeType, string> = {
  notification: '通知',
  message: '消息',
  event: '待办',
};

export interface Notice {
  id: string;
  type: NoticeType;
  title: string;
  description: string;
  /** For to-dos: 'todo' | 'doing' | 'done' etc.; empty for the others. */
  status: string;
  read: boolean;
  datetime: string;
  /** Where the notice leads, a route of the app. */
  link?: string;
}

/** GET /v1/notices: the caller's own, newest first. */
/** Notices are listed newest first; there is nothing else to sort by. */
export const noticeListQuerySchema = listQuery([]).extend({ type: noticeTypeSchema.optional() });

/** PATCH /v1/notices: mark read (ids) or mark a whole type read. Ids of other users' notices are ignored. */
export const noticePatchSchema = z.union([
  z.strictObject({ ids: z.array(z.string().min(1).max(64)).min(1).max(500), read: z.literal(true) }),
  z.strictObject({ type: noticeTypeSchema, read: z.literal(true) }),
]);
export interface NoticePatchResult {
  success: true;
  updated: number;
}
/** DELETE /v1/notices?type=…: clears (deletes) one type; answers DeleteResult. */
export const noticeDeleteQuerySchema = z.strictObject({ type: noticeTypeSchema });
