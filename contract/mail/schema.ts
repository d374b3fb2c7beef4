/**
 * 邮件提醒, the preferences and the unsubscribe calls:
 *   GET  /v1/mail/unsubscribe?token=  → UnsubscribeInfo: which switch the mailed link turns off (public)
 *   POST /v1/mail/unsubscribe {token} → UnsubscribeInfo: that switch is off (public, the same answer again)
 * A link that is unknown is a 404 with errorCode `TOKEN_INVALID`.
 */
import { z } from 'zod';
import { defineEndpoints } from '../shared/endpoint';
import {
  digestMinuteChoices,
  mailDeliveries,
  mailRoutes,
  todoMailKindNames,
  type MailDelivery,
  type TodoMailKind,
} from './codes';

const kindSchema = z.enum(todoMailKindNames as [TodoMailKind, ...TodoMailKind[]]);

/** Part of the user (GET /v1/users/current) and of its PATCH. */
export const mailPreferencesSchema = z.strictObject({
  todos: z.partialRecord(kindSchema, z.boolean()),
  delivery: z.enum(Object.keys(mailDeliveries) as [MailDelivery, ...MailDelivery[]]),
  digestMinutes: z.union(digestMinuteChoices.map((minutes) => z.literal(minutes))),
});

const tokenSchema = z.string().min(16, '退订链接无效').max(128, '退订链接无效');

export const unsubscribeInfoSchema = z.object({
  kind: kindSchema,
  label: z.string(),
  account: z.string(),
  subscribed: z.boolean(),
});

export const mailEndpoints = defineEndpoints(mailRoutes, {
  unsubscribeInfo: {
    summary: '退订链接说明（无需登录）',
    access: 'public',
    query: z.strictObject({ token: tokenSchema }),
    response: unsubscribeInfoSchema,
  },
  unsubscribe: {
    summary: '退订一类待办邮件（无需登录）',
    access: 'public',
    body: z.strictObject({ token: tokenSchema }),
    response: unsubscribeInfoSchema,
  },
});
