/** Webhook 订阅 calls, built from the endpoint table's routes and typed with its schemas. */
import { requestRoute } from '@/utils/requestRoute';
import type { BodyOf, ResponseOf } from '@contract/shared/endpoint';
import type { webhookEndpoints } from '@contract/webhook/schema';
import { webhookRoutes } from '@contract/webhook/codes';

type Webhooks = typeof webhookEndpoints;

/** GET /v1/webhooks — my subscriptions. */
export const queryWebhooks = () => requestRoute<ResponseOf<Webhooks['list']> | undefined>(webhookRoutes.list);

/** GET /v1/webhooks/{key} */
export const getWebhook = (key: string) =>
  requestRoute<ResponseOf<Webhooks['get']> | undefined>(webhookRoutes.get, { pathParams: { key } });

/** POST /v1/webhooks — its secret is in this answer only. */
export const createWebhook = (body: BodyOf<Webhooks['create']>) =>
  requestRoute<ResponseOf<Webhooks['create']> | undefined>(webhookRoutes.create, { data: body });

/** PUT /v1/webhooks/{key} — with the version read. */
export const updateWebhook = (key: string, body: BodyOf<Webhooks['update']>) =>
  requestRoute<ResponseOf<Webhooks['update']> | undefined>(webhookRoutes.update, { pathParams: { key }, data: body });

/** DELETE /v1/webhooks/{key} — with the version read. */
export const removeWebhook = (key: string, version: number) =>
  requestRoute<ResponseOf<Webhooks['remove']> | undefined>(webhookRoutes.remove, { pathParams: { key }, data: { version } });

/** GET /v1/webhooks/{key}/deliveries — newest first. */
export const queryDeliveries = (key: string, params: { current: number; pageSize: number }) =>
  requestRoute<ResponseOf<Webhooks['deliveries']> | undefined>(webhookRoutes.deliveries, { pathParams: { key }, params });

/** POST /v1/webhooks/{key}/ping — a test event, sent at the next round. */
export const pingWebhook = (key: string) =>
  requestRoute<ResponseOf<Webhooks['ping']> | undefined>(webhookRoutes.ping, { pathParams: { key } });
