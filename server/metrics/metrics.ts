/**
 * What a process tells Prometheus (GET /metrics, server/metrics/plugin.ts): its requests by route pattern and
 * status (never by key or user: a pattern is `/v1/bol/:key`), their latency, the database pools and query time,
 * the scheduled jobs' last success, the webhook and mail queues, and Node's own process metrics (memory, event-loop
 * lag). Each process keeps its own registry; the figures read from the database (jobs, queues) are the same in
 * every process, and an alert takes their max.
 */
import { sql } from 'drizzle-orm';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/open';
import { rowsOf } from '../db/rowShape';

/** Seconds: from a cached look-up (a few ms) to a large export (seconds). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUERY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];

export type Metrics = ReturnType<typeof createMetrics>;

/** Node's own figures (memory, event-loop lag, GC), once per process however many apps it runs (the tests). */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 20 });
    // Gauges named like counters, which `promtool check metrics` refuses; the handle counts say little to an operator.
    for (const name of ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total'])
      processRegistry.removeSingleMetric(name);
  }
  return processRegistry;
}

/** `stopping`: whether the process has begun its graceful stop (it is then not ready, as GET /v1/health says). */
export function createMetrics(database: Database, stopping: () => boolean = () => false) {
  const own = new Registry();
  const requests = new Counter({
    name: 'shipdesk_http_requests_total',
    help: 'Requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [own],
  });
  const latency = new Histogram({
    name: 'shipdesk_http_request_duration_seconds',
    help: 'Time from a request to its answer, by method, route pattern and status class (2xx, 4xx, 5xx)',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [own],
  });
  const queryTime = new Histogram({
    name: 'shipdesk_db_query_duration_seconds',
    help: 'Time of each database query on PostgreSQL, answered or failed',
    buckets: QUERY_BUCKETS,
    registers: [own],
  });
  database.observed.onQuery((seconds) => queryTime.observe(seconds));
  new Gauge({
    name: 'shipdesk_db_pool_connections',
    help: 'Connections of each PostgreSQL pool: total open, idle, and requests waiting for one',
    labelNames: ['pool', 'state'] as const,
    registers: [own],
    collect() {
      this.reset();
      for (const { pool, total, idle, waiting } of database.observed.pools()) {
        this.set({ pool, state: 'total' }, total);
        this.set({ pool, state: 'idle' }, idle);
        this.set({ pool, state: 'waiting' }, waiting);
      }
    },
  });
  const webhookAttempts = new Counter({
    name: 'shipdesk_webhook_attempts_total',
    help: 'Webhook delivery attempts made by this process: delivered, failed (tried again later) or given up',
    labelNames: ['outcome'] as const,
    registers: [own],
  });
  queueGauges(own, database, stopping);
  // Merged once all are made: a merge takes the metrics its registries hold at the time.
  const registry = Registry.merge([processMetrics(), own]);
  return { registry, requests, latency, webhookAttempts };
}

interface QueueRow {
  webhooksWaiting: number;
  webhooksDue: number;
  webhooksFailed: number;
  webhookOldestSeconds: number | null;
  mailsQueued: number;
  mailsFailed: number;
  mailOldestSeconds: number | null;
}

/** What the jobs' and queues' gauges show, read from the database. */
async function readQueues(database: Database) {
  const jobs = rowsOf<{ name: string; at: number }>(
    await database.db.execute(
      sql`select name, extract(epoch from last_success_at)::float8 as at from scheduled_jobs where last_success_at is not null`,
    ),
  );
  const [queues] = rowsOf<QueueRow>(
    await database.db.execute(sql`select
      (select count(*)::int from webhook_deliveries where status in ('queued', 'sending')) as "webhooksWaiting",
      (select count(*)::int from webhook_deliveries
        where status in ('queued', 'sending') and next_attempt_at <= now()) as "webhooksDue",
      (select count(*)::int from webhook_deliveries where status = 'failed') as "webhooksFailed",
      (select extract(epoch from now() - min(created_at))::float8 from webhook_deliveries
        where status in ('queued', 'sending')) as "webhookOldestSeconds",
      (select count(*)::int from todo_mails where status = 'queued') as "mailsQueued",
      (select count(*)::int from todo_mails where status = 'failed') as "mailsFailed",
      (select extract(epoch from now() - min(queued_at))::float8 from todo_mails
        where status = 'queued') as "mailOldestSeconds"`),
  );
  return { jobs, queues };
}
type Read = Awaited<ReturnType<typeof readQueues>>;

/**
 * The figures every process reads alike from the database: jobs and queues. A scrape collects every gauge at once,
 * and they share one read.
 */
function queueGauges(registry: Registry, database: Database, stopping: () => boolean) {
  // A database out of reach leaves these figures out of the scrape (and shipdesk_ready at 0), not the scrape failed.
  let reading: Promise<Read | undefined> | undefined;
  const current = () =>
    (reading ??= readQueues(database)
      .catch(() => undefined)
      .finally(() => (reading = undefined)));
  new Gauge({
    name: 'shipdesk_ready',
    help: 'Whether the process takes requests: 1 while its database answers and it is not stopping (GET /v1/health)',
    registers: [registry],
    async collect() {
      this.set(!stopping() && (await current()) ? 1 : 0);
    },
  });
  const gauge = (name: string, help: string, labelNames: readonly string[], show: (gauge: Gauge, read: Read) => void) =>
    new Gauge({
      name,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        const read = await current();
        this.reset();
        if (read) show(this, read);
      },
    });
  gauge(
    'shipdesk_job_last_success_timestamp_seconds',
    'When each scheduled job (cut-off reminders, to-do mails, backups, …) last ran to its end, in Unix seconds',
    ['job'],
    (shown, { jobs }) => jobs.forEach(({ name, at }) => shown.set({ job: name }, at)),
  );
  gauge(
    'shipdesk_webhook_deliveries',
    'Webhook deliveries by state: waiting, due now, given up',
    ['state'],
    (shown, { queues }) => {
      shown.set({ state: 'waiting' }, queues.webhooksWaiting);
      shown.set({ state: 'due' }, queues.webhooksDue);
      shown.set({ state: 'failed' }, queues.webhooksFailed);
    },
  );
  gauge('shipdesk_webhook_oldest_waiting_seconds', 'Age of the oldest webhook delivery not yet sent', [], (shown, { queues }) =>
    shown.set(queues.webhookOldestSeconds ?? 0),
  );
  gauge('shipdesk_mail_outbox', 'To-do mails by status: queued, failed (given up)', ['status'], (shown, { queues }) => {
    shown.set({ status: 'queued' }, queues.mailsQueued);
    shown.set({ status: 'failed' }, queues.mailsFailed);
  });
  gauge('shipdesk_mail_oldest_queued_seconds', 'Age of the oldest to-do mail waiting to be sent', [], (shown, { queues }) =>
    shown.set(queues.mailOldestSeconds ?? 0),
  );
}
