/** Webhook 订阅: each person's subscriptions, and the deliveries of their events with every attempt. */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgSequence, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { WebhookAttempt } from '../../../contract/webhook/schema';
import type { WebhookDeliveryStatus, WebhookEventType } from '../../../contract/webhook/codes';
import { keyed } from './columns';
import { ownedVersioned } from './owned';

export const webhookKeySeq = pgSequence('webhook_key_seq', { startWith: 1, maxValue: 99_999_999 });

/**
 * The secret is kept as given: an HMAC is made with it, so it cannot be a hash. It is answered once, when the
 * subscription is made, and never again.
 */
export const webhookSubscriptions = pgTable(
  'webhook_subscriptions',
  {
    key: keyed('WH', 'webhook_key_seq'),
    name: text('name').notNull(),
    callbackUrl: text('callback_url').notNull(),
    secret: text('secret').notNull(),
    eventTypes: text('event_types').array().notNull().$type<WebhookEventType[]>(),
    planKeys: text('plan_keys')
      .array()
      .notNull()
      .default(sql`'{}'`),
    active: boolean('active').notNull().default(true),
    ...ownedVersioned(),
  },
  (t) => [index('webhook_subscriptions_owner_idx').on(t.owner), index('webhook_subscriptions_company_idx').on(t.ownerCompany)],
);

/**
 * `queued` → `sending` (claimed by one process in a committed transaction, then sent) → `delivered`, or `queued`
 * again for the next try after a failure, until a day after the event: then `failed`. A process that dies while
 * sending leaves the row `sending`; it is claimed again once its claim is old (a receiver dedupes by the event's id).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionKey: text('subscription_key')
      .notNull()
      .references(() => webhookSubscriptions.key, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    /** The exact bytes sent and signed. */
    body: text('body').notNull(),
    status: text('status').notNull().$type<WebhookDeliveryStatus>().default('queued'),
    attempts: jsonb('attempts')
      .notNull()
      .$type<WebhookAttempt[]>()
      .default(sql`'[]'::jsonb`),
    tries: integer('tries').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_idx').on(t.subscriptionKey, t.eventId),
    index('webhook_deliveries_page_idx').on(t.subscriptionKey, t.createdAt),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`status in ('queued', 'sending')`),
  ],
);
