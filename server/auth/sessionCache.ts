/**
 * Signed-in checks kept in memory for a few seconds, while sessions still live in the database (DESIGN.md §1:
 * any process serves any request). Every change that can end a session or alter what the check answers makes
 * the database notify on commit (triggers of migration 0003); each process listening drops the entries named,
 * so a logout, a revoked session or a disabled account reaches every process as soon as it commits. While the
 * channel is down (a dropped connection) nothing is served from memory. The process that makes a change also
 * drops its own entries at once (`forgetSession`, `forgetUserSessions`), not waiting for its notification.
 */
import { sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Database, Db } from '../db/open';
import type { SessionUser } from './sessionUser';

/** The channel the triggers of migration 0003 notify on. */
export const SESSION_CHANNEL = 'shipdesk_sessions';

/** Past this many entries the oldest go first: a bound on memory, whatever tokens are thrown at the server. */
const MAX_ENTRIES = 10_000;

interface Entry {
  user: SessionUser;
  until: number;
}

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private listening = false;
  /** Moves on every change heard: a look-up that read the database before one must not store what it read. */
  private generation = 0;
  private readonly pingPrefix = `p:${randomBytes(6).toString('hex')}:`;
  private pingsSent = 0;
  private pingsHeard = 0;
  private readonly waiting = new Map<number, () => void>();

  constructor(
    private readonly seconds: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(tokenHash: string): SessionUser | undefined {
    if (!this.listening) return undefined;
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.until > this.now()) return entry.user;
    this.entries.delete(tokenHash);
    return undefined;
  }

  /** Taken before the database is read, handed to `put` with what was read. */
  mark(): number {
    return this.generation;
  }

  /** Keeps a session found in the database until `expiresAt` (ms) or for `seconds`, whichever comes first. */
  put(tokenHash: string, user: SessionUser, expiresAt: number, mark: number): void {
    if (!this.listening || mark !== this.generation) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(tokenHash, { user, until: Math.min(expiresAt, this.now() + this.seconds * 1000) });
  }

  forgetToken(tokenHash: string): void {
    this.generation += 1;
    this.entries.delete(tokenHash);
  }

  forgetUser(userId: string): void {
    this.generation += 1;
    for (const [tokenHash, entry] of this.entries) if (entry.user.id === userId) this.entries.delete(tokenHash);
  }

  forgetAll(): void {
    this.generation += 1;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  /** A notification of the channel: 't:<token hash>', 'u:<user id>', '*', or one of this cache's pings. */
  heard(payload: string): void {
    if (payload.startsWith('t:')) this.forgetToken(payload.slice(2));
    else if (payload.startsWith('u:')) this.forgetUser(payload.slice(2));
    else if (payload.startsWith(this.pingPrefix)) this.pong(Number(payload.slice(this.pingPrefix.length)));
    else if (!payload.startsWith('p:')) this.forgetAll();
  }

  up(): void {
    this.forgetAll();
    this.listening = true;
  }

  down(): void {
    this.listening = false;
    this.forgetAll();
    this.pong(this.pingsSent);
  }

  /**
   * Resolves once every change committed before the call has been heard (a notification of its own, sent
   * after them, came back: a channel delivers in commit order). For tests of changes made by "another process".
   */
  async settled(db: Db): Promise<void> {
    if (!this.listening) return;
    const ping = (this.pingsSent += 1);
    const heard = new Promise<void>((resolve) => this.waiting.set(ping, resolve));
    await db.execute(sql`select pg_notify(${SESSION_CHANNEL}, ${this.pingPrefix + ping})`);
    await heard;
  }

  private pong(upTo: number): void {
    this.pingsHeard = Math.max(this.pingsHeard, upTo);
    for (const [ping, resolve] of this.waiting) {
      if (ping > this.pingsHeard) continue;
      this.waiting.delete(ping);
      resolve();
    }
  }
}

const cachesByDb = new WeakMap<Db, Set<SessionCache>>();

/**
 * A cache of `seconds` for the signed-in checks on `database`, listening to its notifications; null when
 * `seconds` is 0 (every request asks the database). `stop` ends the listening.
 */
export async function startSessionCache(
  database: Database,
  seconds: number,
  onChannel: (state: 'up' | 'down') => void = () => undefined,
): Promise<{ cache: SessionCache; stop: () => Promise<void> } | null> {
  if (seconds <= 0) return null;
  const cache = new SessionCache(seconds);
  const unlisten = await database.listen(SESSION_CHANNEL, {
    message: (payload) => cache.heard(payload),
    up: () => {
      cache.up();
      onChannel('up');
    },
    down: () => {
      cache.down();
      onChannel('down');
    },
  });
  let caches = cachesByDb.get(database.db);
  if (!caches) cachesByDb.set(database.db, (caches = new Set()));
  caches.add(cache);
  return {
    cache,
    async stop() {
      caches.delete(cache);
      await unlisten();
      cache.down();
    },
  };
}

/** Drops a session from this process's caches on `db` (other processes hear the database's notification). */
export function forgetSession(db: Db, tokenHash: string): void {
  for (const cache of cachesByDb.get(db) ?? []) cache.forgetToken(tokenHash);
}

/** Drops a user's sessions from this process's caches on `db`. */
export function forgetUserSessions(db: Db, userId: string): void {
  for (const cache of cachesByDb.get(db) ?? []) cache.forgetUser(userId);
}
