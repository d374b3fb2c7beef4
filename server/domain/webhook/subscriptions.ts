/**
 * Webhook 订阅 (contract/webhook): a person's own subscriptions, versioned and audited like any business row. Where a
 * callback points is checked (http/outbound/addresses.ts) before the row is written; the secret is answered once, at the making.
 */
import { randomBytes } from 'node:crypto';
import type { BlockList } from 'node:net';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  PING_EVENT,
  webhookLimits,
  type Webhook,
  type WebhookCreate,
  type WebhookDelivery,
  type WebhookUpdate,
} from '../../../contract/webhook/schema';
import type { SessionUser } from '../../auth/sessionUser';
import { audit } from '../../db/audit';
import type { Db } from '../../db/open';
import { osbPlans, webhookDeliveries, webhookSubscriptions } from '../../db/schema';
import { conflict, invalid, notFound } from '../refusals';
import { versioned } from '../versioned';
import { checkedAddress, type Resolve } from '../../http/outbound/addresses';
import { deliveryView, deliveryColumns } from './deliveryView';
import { shipdeskEvent } from './publish';
import { ownRows } from '../ownership';

type Row = typeof webhookSubscriptions.$inferSelect;
const NOT_FOUND = 'Webhook 订阅不存在';

/** The row as its audit keeps it: everything but the secret. */
const auditView = ({ secret: _secret, owner: _owner, ownerCompany: _company, ...row }: Row) => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const subscriptionRows = versioned({ table: webhookSubscriptions, entity: 'webhook', label: 'Webhook 订阅', toApi: auditView });

const lastDelivery = sql<Webhook['lastDelivery']>`(select json_build_object('status', d.status,
    'at', to_char(coalesce(d.delivered_at, d.created_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'error', d.last_error)
  from ${webhookDeliveries} d where d.subscription_key = ${webhookSubscriptions.key}
  order by d.created_at desc, d.id desc limit 1)`;

const toWebhook = (row: Row, last: Webhook['lastDelivery'] = null): Webhook => ({
  ...auditView(row),
  lastDelivery: last,
});

/** The subscription as answered, with its last delivery; only one the caller owns when `scope` is given. */
async function answerOf(db: Db, key: string, scope?: SessionUser): Promise<Webhook> {
  const [found] = await db
    .select({ row: webhookSubscriptions, last: lastDelivery })
    .from(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.key, key), scope && ownRows(webhookSubscriptions, scope)));
  if (!found) throw notFound(NOT_FOUND);
  return toWebhook(found.row, found.last);
}

async function mineOrMissing(db: Db, caller: SessionUser, key: string): Promise<Row> {
  const [row] = await db
    .select()
    .from(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.key, key), ownRows(webhookSubscriptions, caller)));
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/** A customer limits a subscription to their own plans; a clerk to any plan there is. */
async function assertPlans(db: Db, caller: SessionUser, planKeys: readonly string[]) {
  if (planKeys.length === 0) return;
  const seesAll = caller.roles.includes('documentClerk');
  const found = await db
    .select({ key: osbPlans.key })
    .from(osbPlans)
    .where(and(inArray(osbPlans.key, [...planKeys]), seesAll ? undefined : ownRows(osbPlans, caller)));
  const known = new Set(found.map((row) => row.key));
  const missing = planKeys.filter((key) => !known.has(key));
  if (missing.length) throw invalid({ planKeys: `订舱计划 ${missing.join('、')} 不存在或不属于您` });
}

export interface Reach {
  allowed: BlockList;
  resolve?: Resolve;
}

/** GET /v1/webhooks — the caller's subscriptions, oldest first, each with its last delivery. */
export async function listWebhooks(db: Db, caller: SessionUser) {
  const rows = await db
    .select({ row: webhookSubscriptions, last: lastDelivery })
    .from(webhookSubscriptions)
    .where(ownRows(webhookSubscriptions, caller))
    .orderBy(webhookSubscriptions.key);
  const data = rows.map(({ row, last }) => toWebhook(row, last));
  return { data, total: data.length, current: 1, pageSize: webhookLimits.perPerson, success: true as const };
}

/** GET /v1/webhooks/{key} */
export async function getWebhook(db: Db, caller: SessionUser, key: string): Promise<Webhook> {
  return answerOf(db, key, caller);
}

/** POST /v1/webhooks — its secret (given, or made here) answered this once. */
export async function createWebhook(db: Db, caller: SessionUser, input: WebhookCreate, reach: Reach) {
  const planKeys = [...new Set(input.planKeys ?? [])];
  await checkedAddress(new URL(input.callbackUrl), reach.allowed, reach.resolve);
  const secret = input.secret ?? `whsec_${randomBytes(32).toString('base64url')}`;
  const row = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`webhook:${caller.id}`}))`);
    const [{ held }] = await tx.select({ held: count() }).from(webhookSubscriptions).where(ownRows(webhookSubscriptions, caller));
    if (held >= webhookLimits.perPerson) {
      throw conflict('TOO_MANY_WEBHOOKS', `最多 ${webhookLimits.perPerson} 个订阅，请先删除不用的订阅`);
    }
    await assertPlans(tx, caller, planKeys);
    const [made] = await tx
      .insert(webhookSubscriptions)
      .values({
        name: input.name,
        callbackUrl: input.callbackUrl,
        secret,
        eventTypes: [...new Set(input.eventTypes)],
        planKeys,
        owner: caller.id,
      })
      .returning();
    await audit(tx, { actor: caller.id, entity: subscriptionRows.entity, entityKey: made.key, after: auditView(made) });
    return made;
  });
  return { ...toWebhook(row), secret };
}

/** PUT /v1/webhooks/{key} — with the version read; a new address is checked as at the making. */
export async function updateWebhook(db: Db, caller: SessionUser, key: string, input: WebhookUpdate, reach: Reach) {
  await checkedAddress(new URL(input.callbackUrl), reach.allowed, reach.resolve);
  await db.transaction(async (tx) => {
    const [row] = await subscriptionRows.lock(tx, [key], caller);
    subscriptionRows.assertVersions([row], { [key]: input.version });
    const planKeys = [...new Set(input.planKeys ?? [])];
    await assertPlans(tx, caller, planKeys);
    await subscriptionRows.change(tx, caller.id, row, {
      name: input.name,
      callbackUrl: input.callbackUrl,
      eventTypes: [...new Set(input.eventTypes)],
      planKeys,
      active: input.active,
    });
  });
  return answerOf(db, key);
}

/** DELETE /v1/webhooks/{key} — with its deliveries, sent or waiting. */
export async function removeWebhook(db: Db, caller: SessionUser, key: string, version: number) {
  return db.transaction(async (tx) => {
    const [row] = await subscriptionRows.lock(tx, [key], caller);
    subscriptionRows.assertVersions([row], { [key]: version });
    await tx.delete(webhookSubscriptions).where(eq(webhookSubscriptions.key, key));
    await audit(tx, { actor: caller.id, entity: subscriptionRows.entity, entityKey: key, before: auditView(row) });
    return { success: true as const, deleted: 1 };
  });
}

/** GET /v1/webhooks/{key}/deliveries — newest first. */
export async function listDeliveries(db: Db, caller: SessionUser, key: string, page: { current: number; pageSize: number }) {
  await mineOrMissing(db, caller, key);
  const mine = eq(webhookDeliveries.subscriptionKey, key);
  const [{ total }] = await db.select({ total: count() }).from(webhookDeliveries).where(mine);
  const rows = await db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .where(mine)
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(page.pageSize)
    .offset((page.current - 1) * page.pageSize);
  return { data: rows.map(deliveryView), total, current: page.current, pageSize: page.pageSize, success: true as const };
}

/** POST /v1/webhooks/{key}/ping — a test event for this subscription alone, sent at the next round. */
export async function pingWebhook(db: Db, caller: SessionUser, key: string): Promise<WebhookDelivery> {
  const row = await mineOrMissing(db, caller, key);
  const event = shipdeskEvent(PING_EVENT, {
    planKey: null,
    subject: { type: 'webhook', key },
    title: `测试事件：订阅 ${row.name}`,
    link: '/account/webhooks',
  });
  const [made] = await db
    .insert(webhookDeliveries)
    .values({ subscriptionKey: key, eventId: event.eventID, eventType: PING_EVENT, body: JSON.stringify([event]) })
    .returning(deliveryColumns);
  return deliveryView(made);
}
