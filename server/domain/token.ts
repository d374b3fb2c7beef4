/**
 * API 令牌 (contract/token): a row of `sessions` of kind `api`, so that the sign-in check, the session cache and its
 * notifications across processes serve it as they serve a session — revoking it, or disabling its owner, stops it
 * at once everywhere. Its secret is answered once and only its SHA-256 is kept.
 */
import { and, asc, count, eq, gt, like, sql } from 'drizzle-orm';
import { TOKEN_PREFIX, tokenLimits, type ApiToken, type TokenCreate } from '../../contract/token/schema';
import { forgetSession } from '../auth/sessionCache';
import type { SessionUser } from '../auth/sessionUser';
import { newToken, sha256 } from '../auth/tokens';
import { audit } from '../db/audit';
import type { Db } from '../db/open';
import { sessions } from '../db/schema';
import { conflict, notFound } from './refusals';

const ENTITY = 'apiToken';
const idOf = (tokenHash: string) => tokenHash.slice(0, 16);
const mine = (caller: SessionUser) => and(eq(sessions.userId, caller.id), eq(sessions.kind, 'api'));

const columns = {
  tokenHash: sessions.tokenHash,
  name: sessions.name,
  scope: sessions.scope,
  createdAt: sessions.createdAt,
  expiresAt: sessions.expiresAt,
  lastSeenAt: sessions.lastSeenAt,
};
type Row = { tokenHash: string; name: string | null; scope: ApiToken['scope'] | null } & Record<
  'createdAt' | 'expiresAt' | 'lastSeenAt',
  Date
>;

/** A token as listed: it is "used" once its last sighting is later than its making (the row starts with both now). */
const toToken = (row: Row): ApiToken => ({
  id: idOf(row.tokenHash),
  name: row.name ?? '',
  scope: row.scope ?? 'read',
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  lastUsedAt: row.lastSeenAt > row.createdAt ? row.lastSeenAt.toISOString() : null,
});

/** GET /v1/tokens — the caller's live tokens, oldest first. */
export async function listTokens(db: Db, caller: SessionUser) {
  const rows = await db
    .select(columns)
    .from(sessions)
    .where(and(mine(caller), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(asc(sessions.createdAt), asc(sessions.tokenHash));
  return { data: rows.map(toToken), total: rows.length, current: 1, pageSize: tokenLimits.perPerson, success: true as const };
}

/** POST /v1/tokens — a new token of the caller, its secret answered this once. */
export async function createToken(db: Db, caller: SessionUser, input: TokenCreate): Promise<ApiToken & { token: string }> {
  const token = `${TOKEN_PREFIX}${newToken()}`;
  const tokenHash = sha256(token);
  const row = await db.transaction(async (tx) => {
    // One person's tokens are counted and added one at a time.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`apiToken:${caller.id}`}))`);
    const [{ live }] = await tx
      .select({ live: count() })
      .from(sessions)
      .where(and(mine(caller), gt(sessions.expiresAt, sql`now()`)));
    if (live >= tokenLimits.perPerson) {
      throw conflict('TOO_MANY_TOKENS', `最多 ${tokenLimits.perPerson} 个有效令牌，请先撤销不用的令牌`);
    }
    const [made] = await tx
      .insert(sessions)
      .values({
        tokenHash,
        userId: caller.id,
        kind: 'api',
        name: input.name,
        scope: input.scope,
        expiresAt: sql`now() + make_interval(days => ${input.expiresInDays})`,
      })
      .returning(columns);
    await audit(tx, {
      actor: caller.id,
      entity: ENTITY,
      entityKey: idOf(tokenHash),
      after: { name: input.name, scope: input.scope, expiresAt: made.expiresAt.toISOString() },
    });
    return made;
  });
  return { ...toToken(row as Row), token };
}

/** DELETE /v1/tokens/{id} — one of the caller's tokens, stopped at once in every process. */
export async function revokeToken(db: Db, caller: SessionUser, id: string) {
  const ended = await db.transaction(async (tx) => {
    const rows = await tx
      .delete(sessions)
      .where(and(mine(caller), like(sessions.tokenHash, `${id}%`)))
      .returning({ tokenHash: sessions.tokenHash, name: sessions.name });
    if (rows.length !== 1) throw notFound('令牌不存在或已撤销');
    await audit(tx, { actor: caller.id, entity: ENTITY, entityKey: id, before: { name: rows[0].name } });
    return rows[0];
  });
  forgetSession(db, ended.tokenHash);
  return { success: true as const, deleted: 1 };
}
