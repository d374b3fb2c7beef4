/**
 * Sending the deliveries that are due: claimed in one committed transaction (`sending`, FOR UPDATE SKIP LOCKED), so
 * that however many processes deliver, each try of a delivery is made by one; then POSTed, signed with the
 * subscription's secret, to the address checked at this send (`postSigned` of server/http/outbound/); then the
 * outcome written: delivered on a 2xx, else tried again after a backoff (30 s doubling, at most an hour)
 * until a day after the event.
 */
import { sql } from 'drizzle-orm';
import { SIGNATURE_HEADER, SIGNATURE_PREFIX, webhookLimits } from '../../../contract/webhook/codes';
import type { WebhookAttempt } from '../../../contract/webhook/schema';
import type { Db } from '../../db/open';
import { rowsOf } from '../../db/rowShape';
import { postSigned } from '../../http/outbound/post';
import { nextTry } from '../../http/outbound/retry';
import type { Reach } from './subscriptions';

export interface DeliveryOptions extends Reach {
  /** How long a receiver may take to answer. */
  timeoutMs: number;
  /** Deliveries claimed at a time. */
  batch?: number;
  /** The clock (tests move it on to the next try). */
  now?: Date;
  /** Told of each attempt's outcome (the process's metrics). */
  onAttempt?: (outcome: AttemptOutcome) => void;
}

/** An attempt delivered, failed to be tried again, or failed for the last time. */
export type AttemptOutcome = 'delivered' | 'failed' | 'givenUp';

/** A claim older than this is a dead process's: the delivery is claimed again. */
const STALE_CLAIM_MINUTES = 10;

interface Claimed {
  id: string;
  eventType: string;
  body: string;
  tries: number;
  createdAt: string;
  callbackUrl: string;
  secret: string;
}

/** `now` when a test moves the clock; else the database's, so that what was queued a moment ago is due. */
async function claimDue(db: Db, now: Date | undefined, batch: number): Promise<Claimed[]> {
  const at = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
  return db.transaction(async (tx) =>
    rowsOf<Claimed>(
      await tx.execute(sql`with due as (
          select d.id from webhook_deliveries d join webhook_subscriptions s on s.key = d.subscription_key
          where s.active and d.next_attempt_at <= ${at} and (d.status = 'queued'
            or (d.status = 'sending' and d.claimed_at < ${at} - make_interval(mins => ${STALE_CLAIM_MINUTES})))
          order by d.next_attempt_at limit ${batch}
          for update of d skip locked),
        claimed as (
          update webhook_deliveries d set status = 'sending', claimed_at = ${at}, tries = d.tries + 1
          from due where d.id = due.id
          returning d.id, d.subscription_key, d.event_type, d.body, d.tries, d.created_at)
        select c.id, c.event_type as "eventType", c.body, c.tries,
          to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
          s.callback_url as "callbackUrl", s.secret
        from claimed c join webhook_subscriptions s on s.key = c.subscription_key
        order by c.created_at, c.id`),
    ),
  );
}

async function record(db: Db, delivery: Claimed, outcome: WebhookAttempt, now: Date): Promise<AttemptOutcome> {
  const kept = sql`(case when jsonb_array_length(attempts) >= ${webhookLimits.attemptsKept} then attempts - 0 else attempts end)
    || ${JSON.stringify([outcome])}::jsonb`;
  if (outcome.error === null) {
    await db.execute(sql`update webhook_deliveries set status = 'delivered', delivered_at = ${now.toISOString()}::timestamptz,
      last_error = null, attempts = ${kept} where id = ${delivery.id}::uuid`);
    return 'delivered';
  }
  const next = nextTry(delivery.tries, now, Date.parse(delivery.createdAt) + webhookLimits.retryHours * 3_600_000);
  await db.execute(sql`update webhook_deliveries set attempts = ${kept}, last_error = ${outcome.error},
    status = ${next.givenUp ? 'failed' : 'queued'}, next_attempt_at = ${next.at.toISOString()}::timestamptz
    where id = ${delivery.id}::uuid`);
  return next.givenUp ? 'givenUp' : 'failed';
}

/** Claims what is due and sends it; answers how many it tried. */
export async function deliverDue(db: Db, options: DeliveryOptions): Promise<number> {
  const claimed = await claimDue(db, options.now, options.batch ?? 50);
  const now = options.now ?? new Date();
  for (const delivery of claimed) {
    const started = Date.now();
    const { status, error } = await postSigned(
      delivery.callbackUrl,
      {
        body: delivery.body,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Shipdesk-Webhook/1',
          'shipdesk-event-type': delivery.eventType,
          'shipdesk-delivery': delivery.id,
        },
        signature: { header: SIGNATURE_HEADER, prefix: SIGNATURE_PREFIX, secret: delivery.secret },
      },
      { ...options, redirectsMax: webhookLimits.redirectsMax },
    );
    const outcome = await record(db, delivery, { at: now.toISOString(), status, error, ms: Date.now() - started }, now);
    options.onAttempt?.(outcome);
  }
  return claimed.length;
}
