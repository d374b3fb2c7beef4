/**
 * Scheduled work that runs once across server processes: each process ticks, and a job runs in the process whose
 * transaction moves the job's `next_run_at` on (an UPDATE … WHERE next_run_at <= now: a second process waits for the
 * row and then finds it moved). The job's writes commit with that move, or neither does.
 */
import { and, eq, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/open';
import { scheduledJobs } from '../db/schema';

export interface Job<Claimed = unknown> {
  name: string;
  everySeconds: number;
  /** The first run is one interval after the job is first seen, not at once (a daily backup). */
  waitFirst?: boolean;
  /** Runs in the transaction that claims the run: its writes commit with the claim, or neither does. */
  run?(tx: Db, now: Date): Promise<Claimed>;
  /**
   * Runs after the claim commits, outside it, with what `run` answered: long work with a snapshot of its own (a
   * backup), or what must not be undone by a rollback (mail claimed by `run`).
   */
  afterClaim?(now: Date, claimed: Claimed | undefined): Promise<void>;
}

/** Runs `job` when it is due and no other process has; answers whether this call ran it. */
export async function runIfDue<Claimed>(db: Db, job: Job<Claimed>, now = new Date()): Promise<boolean> {
  let ran: Claimed | undefined;
  const claimed = await db.transaction(async (tx) => {
    const firstRunAt = job.waitFirst ? new Date(now.getTime() + job.everySeconds * 1000) : now;
    await tx.insert(scheduledJobs).values({ name: job.name, nextRunAt: firstRunAt }).onConflictDoNothing();
    const [claimed] = await tx
      .update(scheduledJobs)
      .set({
        nextRunAt: new Date(now.getTime() + job.everySeconds * 1000),
        lastRunAt: now,
        runs: sql`${scheduledJobs.runs} + 1`,
      })
      .where(and(eq(scheduledJobs.name, job.name), lte(scheduledJobs.nextRunAt, now)))
      .returning({ name: scheduledJobs.name });
    if (!claimed) return false;
    ran = await job.run?.(tx, now);
    return true;
  });
  if (!claimed) return false;
  await job.afterClaim?.(now, ran);
  await db
    .update(scheduledJobs)
    .set({ lastSuccessAt: sql`now()` })
    .where(eq(scheduledJobs.name, job.name));
  return true;
}

/** Ticks every `tickSeconds` while the app is up; a failed run is logged and tried again at the next tick. */
export function scheduleJobs(app: FastifyInstance, db: Db, jobs: readonly Job[], tickSeconds = 30): void {
  let running: Promise<void> | undefined;
  let closing = false;
  const runJobs = async () => {
    for (const job of jobs) {
      if (closing) return;
      try {
        if (await runIfDue(db, job)) app.log.info({ job: job.name }, 'scheduled job ran');
      } catch (err) {
        app.log.error({ err, job: job.name }, 'scheduled job failed');
      }
    }
  };
  const tick = () => {
    if (running || closing) return;
    running = runJobs().finally(() => (running = undefined));
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(tick, tickSeconds * 1000);
    timer.unref();
    tick();
  });
  // A stop lets the job running finish (its own transaction) and starts no other, before the pools close.
  app.addHook('onClose', async () => {
    closing = true;
    clearInterval(timer);
    await running;
  });
}
