/**
 * Sending the deliveries that are due: claimed in one committed transaction (`sending`, FOR UPDATE SKIP LOCKED), so
 * that however many processes deliver, each try of a delivery is made by one; then POSTed, signed with the
 * subscription's secret, to the address checked at this send (network.ts), each redirect checked as the first;
 * then the outcome written: delivered on a 2xx, else tried again after a backoff (30 s doubling, at most an hour)
 * until a day after the event.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { sql } from 'drizzle-orm';
import { retryDelaySeconds, SIGNATURE_HEADER, SIGNATURE_PREFIX, webhookLimits } from '../../../contract/webhook/codes';
import type { WebhookAttempt } from '../../../contract/webhook/schema';
import type { Db } from '../../db/open';
import { rowsOf } from '../../db/rowShape';
import { checkedAddress, RefusedAddress, type Address } from './network';
import type { Reach } from './subscriptions';

export interface DeliveryOptions extends Reach {
  /** How long a receiver may take to answer. */
  timeoutMs: number;
  /** Deliveries claimed at a time. */
  batch?: number;
  /** The clock (tests move it on to the next try). */
  now?: Date;
}

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

/** The signature of a body: what a receiver computes with the secret and compares. */
export const signatureOf = (secret: string, body: string) =>
  `${SIGNATURE_PREFIX}${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;

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

/** Connects to the address checked, never to a second answer of the name server. */
const pinned =
  ({ address, family }: Address): LookupFunction =>
  (_host, options, done) =>
    options.all ? done(null, [{ address, family }]) : done(null, address, family);

function post(url: URL, address: Address, body: string, headers: Record<string, string>, timeoutMs: number) {
  return new Promise<{ status: number; location?: string }>((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      { method: 'POST', headers, lookup: pinned(address), signal: AbortSignal.timeout(timeoutMs) },
      (response) => {
        response.resume();
        resolve({ status: response.statusCode ?? 0, location: response.headers.location });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** What went wrong with a send, in the subscription page's words. */
function failureOf(error: unknown, timeoutMs: number): string {
  if (error instanceof RefusedAddress) return error.message;
  const { name, code, message } = error as NodeJS.ErrnoException;
  if (name === 'TimeoutError' || name === 'AbortError') return `${timeoutMs / 1000} 秒内没有应答`;
  if (code === 'ECONNREFUSED') return '连接被拒绝';
  if (code === 'ECONNRESET') return '连接被对方断开';
  return `连接失败：${code ?? message}`;
}

/** One try: the receiver's status, following redirects (each target checked), or a failure. */
async function attempt(delivery: Claimed, options: DeliveryOptions): Promise<{ status: number | null; error: string | null }> {
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'Shipdesk-Webhook/1',
    [SIGNATURE_HEADER]: signatureOf(delivery.secret, delivery.body),
    'shipdesk-event-type': delivery.eventType,
    'shipdesk-delivery': delivery.id,
  };
  let url = new URL(delivery.callbackUrl);
  try {
    for (let redirects = 0; ; redirects += 1) {
      const address = await checkedAddress(url, options.allowed, options.resolve);
      const { status, location } = await post(url, address, delivery.body, headers, options.timeoutMs);
      if (status >= 200 && status < 300) return { status, error: null };
      if (status < 300 || status >= 400 || !location) return { status, error: `接收方答复 HTTP ${status}` };
      if (redirects >= webhookLimits.redirectsMax) return { status, error: `重定向超过 ${webhookLimits.redirectsMax} 次` };
      url = new URL(location, url);
    }
  } catch (error) {
    return { status: null, error: failureOf(error, options.timeoutMs) };
  }
}

async function record(db: Db, delivery: Claimed, outcome: WebhookAttempt, now: Date) {
  const kept = sql`(case when jsonb_array_length(attempts) >= ${webhookLimits.attemptsKept} then attempts - 0 else attempts end)
    || ${JSON.stringify([outcome])}::jsonb`;
  if (outcome.error === null) {
    await db.execute(sql`update webhook_deliveries set status = 'delivered', delivered_at = ${now.toISOString()}::timestamptz,
      last_error = null, attempts = ${kept} where id = ${delivery.id}::uuid`);
    return;
  }
  const next = new Date(now.getTime() + retryDelaySeconds(delivery.tries) * 1000);
  const lastChance = Date.parse(delivery.createdAt) + webhookLimits.retryHours * 3_600_000;
  await db.execute(sql`update webhook_deliveries set attempts = ${kept}, last_error = ${outcome.error},
    status = ${next.getTime() > lastChance ? 'failed' : 'queued'}, next_attempt_at = ${next.toISOString()}::timestamptz
    where id = ${delivery.id}::uuid`);
}

/** Claims what is due and sends it; answers how many it tried. */
export async function deliverDue(db: Db, options: DeliveryOptions): Promise<number> {
  const claimed = await claimDue(db, options.now, options.batch ?? 50);
  const now = options.now ?? new Date();
  for (const delivery of claimed) {
    const started = Date.now();
    const { status, error } = await attempt(delivery, options);
    await record(db, delivery, { at: now.toISOString(), status, error, ms: Date.now() - started }, now);
  }
  return claimed.length;
}
