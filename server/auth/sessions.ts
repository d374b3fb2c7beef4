/** Sessions: opaque bearer tokens, stored as SHA-256 with a sliding expiry. */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Role } from '../../contract/shared/common';
import type { TokenScope } from '../../contract/token/codes';
import type { Db } from '../db/open';
import { sessions, users } from '../db/schema';
import { runPrepared } from '../db/statements';
import { forgetSession, forgetUserSessions, type SessionCache } from './sessionCache';
import type { SessionUser } from './sessionUser';
import { newToken, sha256 } from './tokens';

/** Extending the expiry on every request would write on every read; once an hour is enough. */
const SLIDE_AFTER_SECONDS = 3600;

export async function createSession(db: Db, userId: string, ttlHours: number): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    tokenHash: sha256(token),
    userId,
    expiresAt: sql`now() + make_interval(hours => ${ttlHours})`,
  });
  return token;
}

/**
 * The active user behind a bearer token, or null when the token is unknown, expired or its user not active.
 * `cache` answers a token it saw in the last few seconds (see sessionCache.ts for how it stays true).
 */
export async function findSession(
  db: Db,
  token: string,
  ttlHours: number,
  cache?: SessionCache | null,
): Promise<SessionUser | null> {
  const tokenHash = sha256(token);
  const cached = cache?.get(tokenHash);
  if (cached) return cached;
  const mark = cache?.mark() ?? 0;
  // Every signed-in request runs this: prepared once, and written as two key lookups rather than a join,
  // which the planner (asked to plan each run, db/open.ts) plans in about half the time.
  const hashParam = sql.placeholder('tokenHash');
  const [row] = await runPrepared(
    db,
    'sessionUser',
    () =>
      db
        .select({
          id: users.id,
          name: users.name,
          roles: users.roles,
          company: users.companyKey,
          // An API token's first use is marked at once, so that its page can say it was used.
          stale: sql<boolean>`(select ${sessions.lastSeenAt} < now() - make_interval(secs => ${SLIDE_AFTER_SECONDS})
            or (${sessions.kind} = 'api' and ${sessions.lastSeenAt} = ${sessions.createdAt})
            from ${sessions} where ${sessions.tokenHash} = ${hashParam})`,
          expiresAt: sql<number>`(select extract(epoch from ${sessions.expiresAt})::float8 * 1000 from ${sessions} where ${sessions.tokenHash} = ${hashParam})`,
          scope: sql<TokenScope | null>`(select ${sessions.scope} from ${sessions} where ${sessions.tokenHash} = ${hashParam})`,
        })
        .from(users)
        .where(
          and(
            eq(
              users.id,
              sql`(select ${sessions.userId} from ${sessions} where ${sessions.tokenHash} = ${hashParam} and ${sessions.expiresAt} > now())`,
            ),
            eq(users.status, 'active'),
          ),
        ),
    { tokenHash },
  );
  if (!row) return null;
  if (row.stale) {
    await db
      .update(sessions)
      .set({
        lastSeenAt: sql`now()`,
        // A system account's token made for a year keeps its year; an API token keeps the expiry it was made with.
        ...(row.scope ? {} : { expiresAt: sql`greatest(${sessions.expiresAt}, now() + make_interval(hours => ${ttlHours}))` }),
      })
      .where(eq(sessions.tokenHash, tokenHash));
  }
  const user: SessionUser = Object.freeze({
    id: row.id,
    name: row.name,
    roles: Object.freeze(row.roles) as Role[],
    tokenHash,
    ...(row.company ? { company: row.company } : {}),
    ...(row.scope ? { scope: row.scope } : {}),
  });
  cache?.put(tokenHash, user, row.expiresAt, mark);
  return user;
}

export async function revokeSession(db: Db, token: string): Promise<void> {
  const tokenHash = sha256(token);
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
  forgetSession(db, tokenHash);
}

/**
 * Signs the user out everywhere, or everywhere but `keepTokenHash`. Returns how many sessions ended. In a
 * transaction, the caller calls `forgetUserSessions` on the database once it has committed.
 */
export async function revokeUserSessions(db: Db, userId: string, keepTokenHash?: string): Promise<number> {
  // A person's sessions: their API tokens live until they expire or are revoked on the token page.
  const mine = and(eq(sessions.userId, userId), eq(sessions.kind, 'session'));
  const ended = await db
    .delete(sessions)
    .where(keepTokenHash ? and(mine, ne(sessions.tokenHash, keepTokenHash)) : mine)
    .returning({ tokenHash: sessions.tokenHash });
  forgetUserSessions(db, userId);
  return ended.length;
}
