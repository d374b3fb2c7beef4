/**
 * Fixed-window rate limits kept in the database (table rate_limits), so that every server process behind a
 * load balancer counts the same hits. One upsert per hit; no read-modify-write race.
 */
import { eq, sql } from 'drizzle-orm';
import type { RateLimit } from '../config';
import type { Db } from '../db/open';
import { rateLimits } from '../db/schema';
import { tooManyRequests } from '../http/errors';

/** Counts a hit on `key` and throws 429 when the window's limit is passed. */
export async function hit(db: Db, key: string, { limit, windowSeconds }: RateLimit): Promise<void> {
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
  if (row.hits > limit) throw tooManyRequests();
}

/** Forgets the hits of `key` (a successful sign-in clears the account's failures). */
export async function clear(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
