/** 通知 / 消息 / 待办 */
import { z } from 'zod';
import { deleteResultSchema, listQuery, listResultSchema } from '../shared/common';
import { defineEndpoints } from '../shared/endpoint';
import { noticeRoutes, noticeTypes } from './codes';

export * from './codes';
export const noticeTypeSchema = z.enum(noticeTypes);

export const noticeSchema = z.object({
  id: z.string(),
  type: noticeTypeSchema,
  title: z.string(),
  description: z.string(),
  /** For to-dos: 'todo' | 'doing' | 'done' etc.; empty for the others. */
  status: z.string(),
  read: z.boolean(),
  datetime: z.string(),
  /** Where the notice leads, a route of the app. */
  link: z.string().optional(),
});
export type Notice = z.infer<typeof noticeSchema>;

/** GET /v1/notices: the caller's own, newest first. */
/** Notices are listed newest first; there is nothing else to sort by. */
export const noticeListQuerySchema = listQuery([]).extend({ type: noticeTypeSchema.optional() });

/** PATCH /v1/notices: mark read (ids) or mark a whole type read. Ids of other users' notices are ignored. */
export const noticePatchSchema = z.union([
  z.strictObject({ ids: z.array(z.string().min(1).max(64)).min(1).max(500), read: z.literal(true) }),
  z.strictObject({ type: noticeTypeSchema, read: z.literal(true) }),
]);
export const noticePatchResultSchema = z.object({ success: z.literal(true), updated: z.number() });
export type NoticePatchResult = z.infer<typeof noticePatchResultSchema>;
/** DELETE /v1/notices?type=…: clears (deletes) one type; answers DeleteResult. */
export const noticeDeleteQuerySchema = z.strictObject({ type: noticeTypeSchema });

export const noticeEndpoints = defineEndpoints(noticeRoutes, {
  list: { summary: '我的通知', access: 'read', query: noticeListQuerySchema, response: listResultSchema(noticeSchema) },
  markRead: { summary: '标为已读', access: 'write', body: noticePatchSchema, response: noticePatchResultSchema },
  clear: { summary: '清空一类通知', access: 'write', query: noticeDeleteQuerySchema, response: deleteResultSchema },
});
