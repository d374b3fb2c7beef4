/** Webhook 订阅 API: subscriptions of one's own, their deliveries with each attempt, a test event. Codes in codes.ts. */
import { z } from 'zod';
import { deleteResultSchema, listResultSchema, pageQuery, singleLine, versionSchema } from '../shared/common';
import { defineEndpoints } from '../shared/endpoint';
import { tntEventSchema } from '../tnt/schema';
import {
  PING_EVENT,
  webhookDeliveryStatuses,
  webhookEventTypeNames,
  webhookLimits,
  webhookRoutes,
  type WebhookEventType,
} from './codes';

export * from './codes';

const eventTypeSchema = z.enum(webhookEventTypeNames as [WebhookEventType, ...WebhookEventType[]], {
  error: '不支持的事件类型',
});

/** An absolute http(s) URL without a user name, password or fragment; where it points is checked by the server. */
export const callbackUrlSchema = z
  .string({ error: '请填写回调地址' })
  .trim()
  .min(1, '请填写回调地址')
  .max(webhookLimits.urlMax, `回调地址最多 ${webhookLimits.urlMax} 个字符`)
  .refine((text) => {
    try {
      const url = new URL(text);
      return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password && !url.hash;
    } catch {
      return false;
    }
  }, '回调地址应为 https:// 开头的完整网址，且不含用户名、密码或 #');

const subscriptionFields = {
  name: singleLine('名称不能包含控制字符或换行', '请填写订阅名称')
    .min(1, '请填写订阅名称')
    .max(webhookLimits.nameMax, `名称最多 ${webhookLimits.nameMax} 个字符`),
  callbackUrl: callbackUrlSchema,
  eventTypes: z.array(eventTypeSchema, { error: '请选择事件类型' }).min(1, '至少选择一种事件').max(20),
  /** Only these plans' events; empty: every plan the subscriber may read. */
  planKeys: z
    .array(z.string().regex(/^OP\d{8}$/, '计划编号应为 OP 加 8 位数字'))
    .max(webhookLimits.planKeysMax, `最多限定 ${webhookLimits.planKeysMax} 个计划`)
    .optional(),
};

export const webhookCreateSchema = z.strictObject({
  ...subscriptionFields,
  /** The HMAC key; one is made when it is left out. */
  secret: z
    .string()
    .min(webhookLimits.secretMin, `密钥至少 ${webhookLimits.secretMin} 个字符`)
    .max(webhookLimits.secretMax, `密钥最多 ${webhookLimits.secretMax} 个字符`)
    .regex(/^[\x21-\x7e]+$/, '密钥只能包含可见的 ASCII 字符')
    .optional(),
});
export type WebhookCreate = z.input<typeof webhookCreateSchema>;

export const webhookUpdateSchema = z.strictObject({
  ...subscriptionFields,
  active: z.boolean({ error: '请选择是否启用' }),
  version: versionSchema,
});
export type WebhookUpdate = z.input<typeof webhookUpdateSchema>;

export const webhookSchema = z
  .object({
    key: z.string(),
    name: z.string(),
    callbackUrl: z.string(),
    eventTypes: z.array(eventTypeSchema),
    planKeys: z.array(z.string()),
    active: z.boolean(),
    /** The last delivery's outcome, for the list. */
    lastDelivery: z.object({ status: z.enum(webhookDeliveryStatuses), at: z.string(), error: z.string().nullable() }).nullable(),
    version: z.number(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'WebhookSubscription', description: 'Webhook 订阅' });
export type Webhook = z.infer<typeof webhookSchema>;

export const webhookAttemptSchema = z.object({
  at: z.string(),
  /** The receiver's HTTP status; null when none came (a timeout, a refused address). */
  status: z.number().nullable(),
  error: z.string().nullable(),
  ms: z.number(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookDeliverySchema = z
  .object({
    id: z.string(),
    eventId: z.string(),
    eventType: z.string(),
    status: z.enum(webhookDeliveryStatuses),
    attempts: z.array(webhookAttemptSchema),
    lastError: z.string().nullable(),
    nextAttemptAt: z.string().nullable(),
    createdAt: z.string(),
    deliveredAt: z.string().nullable(),
  })
  .meta({ id: 'WebhookDelivery', description: '一次推送及其每次尝试' });
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** A business event as delivered: what happened to which record, and where its page is. */
export const shipdeskEventSchema = z
  .object({
    eventID: z.string(),
    eventType: z.literal('SHIPDESK'),
    eventCode: z.union([eventTypeSchema, z.literal(PING_EVENT)]),
    eventCreatedDateTime: z.string(),
    planKey: z.string().nullable(),
    subject: z.object({ type: z.string(), key: z.string() }),
    title: z.string(),
    link: z.string(),
  })
  .meta({ id: 'ShipdeskEvent', description: '业务事件（验针不合格、提单待确认等）' });
export type ShipdeskEvent = z.infer<typeof shipdeskEventSchema>;

/** The body of every delivery: a list of one event, as DCSA's notifications are lists. */
export const webhookNotificationSchema = z
  .array(z.union([tntEventSchema, shipdeskEventSchema]))
  .meta({ id: 'WebhookNotification', description: '推送的请求体（签名覆盖其原始字节）' });

const keyParams = z.strictObject({ key: z.string().regex(/^WH\d{8}$/) });

export const webhookEndpoints = defineEndpoints(webhookRoutes, {
  list: { summary: '我的 Webhook 订阅', access: 'read', response: listResultSchema(webhookSchema) },
  create: {
    summary: '新建 Webhook 订阅（密钥只在此时返回一次）',
    access: 'write',
    body: webhookCreateSchema,
    response: webhookSchema.extend({ secret: z.string() }),
    status: 201,
  },
  get: { summary: 'Webhook 订阅详情', access: 'read', params: keyParams, response: webhookSchema },
  update: {
    summary: '修改、停用或启用 Webhook 订阅',
    access: 'write',
    params: keyParams,
    body: webhookUpdateSchema,
    response: webhookSchema,
  },
  remove: {
    summary: '删除 Webhook 订阅（未送达的推送一并取消）',
    access: 'write',
    params: keyParams,
    body: z.strictObject({ version: versionSchema }),
    response: deleteResultSchema,
  },
  deliveries: {
    summary: '订阅的推送记录（新的在前，含每次尝试）',
    access: 'read',
    params: keyParams,
    query: pageQuery(100),
    response: listResultSchema(webhookDeliverySchema),
  },
  ping: {
    summary: '发送测试事件',
    access: 'write',
    params: keyParams,
    response: webhookDeliverySchema,
    status: 201,
  },
});
