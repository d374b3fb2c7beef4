/** Webhook 订阅 routes, registered from the endpoint table; where a callback may point is the operator's (config). */
import type { FastifyRequest } from 'fastify';
import { webhookAccess, webhookEndpoints } from '../../contract/webhook/schema';
import { endpointPlugin } from '../http/endpoints';
import {
  createWebhook,
  getWebhook,
  listDeliveries,
  listWebhooks,
  pingWebhook,
  removeWebhook,
  updateWebhook,
} from '../domain/webhook/subscriptions';

const reachOf = (request: FastifyRequest) => request.server.webhookReach;

export const webhookRoutes = endpointPlugin(
  webhookEndpoints,
  { policy: webhookAccess, notFoundMessage: 'Webhook 订阅不存在' },
  {
    list: ({ db, caller }) => listWebhooks(db, caller),
    create: ({ db, caller, body, request }) => createWebhook(db, caller, body, reachOf(request)),
    get: ({ db, caller, params }) => getWebhook(db, caller, params.key),
    update: ({ db, caller, params, body, request }) => updateWebhook(db, caller, params.key, body, reachOf(request)),
    remove: ({ db, caller, params, body }) => removeWebhook(db, caller, params.key, body.version),
    deliveries: ({ db, caller, params, query }) => listDeliveries(db, caller, params.key, query),
    ping: ({ db, caller, params }) => pingWebhook(db, caller, params.key),
  },
);
