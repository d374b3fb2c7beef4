/** Webhook 订阅 in the mock: each person's subscriptions in the one store; the mock sends nothing, a test event waits. */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  PING_EVENT,
  webhookAccess,
  webhookEndpoints,
  webhookLimits,
  type Webhook,
  type WebhookDelivery,
} from '../contract/webhook/schema';
import { memoryTable, mockEndpoints, pageOf, refuse } from './_resource';
import { shared } from './_store';

type Row = Omit<Webhook, 'lastDelivery'> & { owner: string };
const hooks = memoryTable<Row>({ label: 'Webhook 订阅', keyPrefix: 'WH', policy: webhookAccess });
const deliveries = shared('webhookDeliveries', () => [] as (WebhookDelivery & { key: string })[]);

const shown = ({ owner: _owner, ...row }: Row): Webhook => {
  const last = deliveries.find((delivery) => delivery.key === row.key);
  return { ...row, lastDelivery: last ? { status: last.status, at: last.createdAt, error: last.lastError } : null };
};
const withoutKey = ({ key: _key, ...delivery }: WebhookDelivery & { key: string }): WebhookDelivery => delivery;

export default mockEndpoints(webhookEndpoints, webhookAccess, 'Webhook 订阅不存在', {
  list: ({ user }) => {
    const data = hooks.visible(user).map(shown);
    return { data, total: data.length, current: 1, pageSize: webhookLimits.perPerson, success: true };
  },
  create: ({ user, body }) => {
    if (hooks.visible(user).length >= webhookLimits.perPerson) {
      throw refuse(409, 'TOO_MANY_WEBHOOKS', `最多 ${webhookLimits.perPerson} 个订阅，请先删除不用的订阅`);
    }
    const { secret = `whsec_${randomBytes(32).toString('base64url')}`, ...fields } = body;
    const row = hooks.insert(user, { ...fields, planKeys: fields.planKeys ?? [], active: true, owner: user.id });
    return { ...shown(row), secret };
  },
  get: ({ user, params }) => shown(hooks.find(user, [params.key], 'read')[0]),
  update: ({ user, params, body }) => {
    const [row] = hooks.find(user, [params.key]);
    hooks.assertVersions([row], { [row.key]: body.version });
    const { version: _version, ...fields } = body;
    return shown(hooks.change(user, row, { ...row, ...fields, planKeys: fields.planKeys ?? [] }));
  },
  remove: ({ user, params, body }) => {
    const [row] = hooks.find(user, [params.key]);
    hooks.assertVersions([row], { [row.key]: body.version });
    hooks.remove(user, row);
    return { success: true, deleted: 1 };
  },
  deliveries: ({ user, params, query }) => {
    hooks.find(user, [params.key], 'read');
    return pageOf(deliveries.filter((delivery) => delivery.key === params.key).map(withoutKey), query);
  },
  ping: ({ user, params }) => {
    const [row] = hooks.find(user, [params.key]);
    const now = new Date().toISOString();
    const delivery = {
      key: row.key,
      id: randomUUID(),
      eventId: randomUUID(),
      eventType: PING_EVENT,
      status: 'queued' as const,
      attempts: [],
      lastError: null,
      nextAttemptAt: now,
      createdAt: now,
      deliveredAt: null,
    };
    deliveries.unshift(delivery);
    return withoutKey(delivery);
  },
});
