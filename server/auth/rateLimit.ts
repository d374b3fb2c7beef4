/**
 * Fixed-window rate limits kept in the database (table rate_limits), so that every server process behind a
 * load balancer counts the same hits. One upsert per hit; no read-modify-write race.
 */
import { eq, sql } from 'drizzle-orm';
import type { RateLimit } from '../config';
import type { Db } from '../db/open';
import { rateLimits } from '../db/schema';
import { tooManyRequests } from '../domain/refusals';

/** Counts a hit on `key` and throws 429 when the window's limit is passed. */
export async function hit(db: Db, key: string, limit: RateLimit): Promise<void> {
  if ((await addHit(db, key, limit.windowSeconds)) > limit.limit) throw tooManyRequests();
}

/** The hits of `key` in its current window (0 when the window has passed). */
export async function hitsOf(db: Db, key: string, windowSeconds: number): Promise<number> {
  const [row] = await db
    .select({ hits: rateLimits.hits })
    .from(rateLimits)
    .where(sql`${rateLimits.key} = ${key} and ${rateLimits.windowStart} > now() - make_interval(secs => ${windowSeconds})`);
  return row?.hits ?? 0;
}

/** Whether `key` has used up its window's limit (checked before the work that would count a failure). */
export async function atLimit(db: Db, key: string, { limit, windowSeconds }: RateLimit): Promise<boolean> {
  return (await hitsOf(db, key, windowSeconds)) >= limit;
}

/** Counts a hit on `key` and answers the window's count, without refusing anything. */
export async function addHit(db: Db, key: string, windowSeconds: number): Promise<number> {
  const expired = sql`${rateLimits.windowStart} <= now() - make_interval(secs => ${windowSeconds})`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: sql`now()`, hits: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${expired} then 1 else ${rateLimits.hits} + 1 end`,
        windowStart: sql`case when ${expired} then now() else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ hits: rateLimits.hits });
  return row.hits;
}

/** Forgets the hits of `key` (a successful sign-in clears the account's failures). */
export async function clear(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
