/**
 * Webhook 订阅 (zod-free, for the pages too): a customer's system names a callback URL, a secret and the events it
 * wants; each event of the subscriber's own data is POSTed there as JSON, signed as DCSA's subscriptions sign
 * (`Notification-Signature: sha256=<hex HMAC-SHA256 of the body>`), retried with backoff for a day.
 */
import type { AccessPolicy } from '../shared/access';
import type { Route } from '../shared/endpoint';

export const webhookRoutes = {
  list: { method: 'GET', path: '/v1/webhooks' },
  create: { method: 'POST', path: '/v1/webhooks' },
  get: { method: 'GET', path: '/v1/webhooks/:key' },
  update: { method: 'PUT', path: '/v1/webhooks/:key' },
  remove: { method: 'DELETE', path: '/v1/webhooks/:key' },
  deliveries: { method: 'GET', path: '/v1/webhooks/:key/deliveries' },
  ping: { method: 'POST', path: '/v1/webhooks/:key/ping' },
} as const satisfies Record<string, Route>;

/**
 * Each person their own subscriptions. A customer's receive their own data's events, a clerk's every customer's
 * (the data a clerk reads); the inspector works at the bench, not through a system.
 */
export const webhookAccess: AccessPolicy = {
  read: ['user', 'documentClerk'],
  write: ['user', 'documentClerk'],
  readAll: [],
  changeAll: [],
};

/** 可订阅的事件: DCSA Track & Trace events as DCSA 2.2 writes them, and the business events behind to-dos. */
export const webhookEventTypes = {
  'tnt.SHIPMENT': '单证动态（DCSA 跟踪事件）',
  'tnt.TRANSPORT': '船舶动态（DCSA 跟踪事件）',
  'tnt.EQUIPMENT': '集装箱动态（DCSA 跟踪事件）',
  'plan.confirmed': '订舱已确认',
  'inspection.failed': '验针不合格',
  'bol.toConfirm': '提单草稿待确认',
  'bol.released': '提单已放单',
  'container.loaded': '柜已装船',
} as const;
export type WebhookEventType = keyof typeof webhookEventTypes;
export const webhookEventTypeNames = Object.keys(webhookEventTypes) as WebhookEventType[];
/** What 发送测试 sends: not subscribable, always delivered to the subscription asked. */
export const PING_EVENT = 'webhook.ping';

export const webhookDeliveryStatuses = ['queued', 'sending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];
export const webhookDeliveryStatusLabels: Record<WebhookDeliveryStatus, string> = {
  queued: '等待发送',
  sending: '发送中',
  delivered: '已送达',
  failed: '已放弃',
};

export const webhookLimits = {
  /** Subscriptions a person may hold. */
  perPerson: 10,
  nameMax: 60,
  urlMax: 500,
  secretMin: 16,
  secretMax: 128,
  /** Plans a subscription may be limited to. */
  planKeysMax: 50,
  /** A failed delivery is tried again until this long after its event. */
  retryHours: 24,
  /** Attempts kept on a delivery for its page. */
  attemptsKept: 30,
  /** Redirects followed, each target checked as the first. */
  redirectsMax: 3,
} as const;

/** The header of the signature, and its scheme. */
export const SIGNATURE_HEADER = 'Notification-Signature';
export const SIGNATURE_PREFIX = 'sha256=';
