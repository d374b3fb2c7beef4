import { eq, sql } from 'drizzle-orm';
import type { App } from '../app';
import { configFromEnv } from '../config';
import { sessions, users } from '../db/schema';
import { createTestApp, type TestApp } from '../testing/harness';
import { SessionCache } from './sessionCache';
import type { SessionUser } from './sessionUser';
import { sha256 } from './tokens';

const alice: SessionUser = { id: 'u-alice', name: 'alice', roles: ['user'], tokenHash: 'h-alice' };
const bob: SessionUser = { id: 'u-bob', name: 'bob', roles: ['user'], tokenHash: 'h-bob' };
const FAR = Number.MAX_SAFE_INTEGER;

describe('SessionCache', () => {
  let clock = 1_000_000;
  const listeningCache = () => {
    const cache = new SessionCache(5, () => clock);
    cache.up();
    return cache;
  };

  it('answers what it was given, for its seconds or until the session expires, whichever is first', () => {
    const cache = listeningCache();
    cache.put('h-alice', alice, FAR, cache.mark());
    cache.put('h-bob', bob, clock + 2000, cache.mark());
    expect(cache.get('h-alice')).toBe(alice);
    clock += 2000;
    expect(cache.get('h-bob')).toBeUndefined();
    expect(cache.get('h-alice')).toBe(alice);
    clock += 3000;
    expect(cache.get('h-alice')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('serves and keeps nothing while its channel is down', () => {
    const cache = new SessionCache(5, () => clock);
    cache.put('h-alice', alice, FAR, cache.mark());
    expect(cache.get('h-alice')).toBeUndefined();
    cache.up();
    cache.put('h-alice', alice, FAR, cache.mark());
    cache.down();
    expect(cache.get('h-alice')).toBeUndefined();
    cache.up();
    expect(cache.get('h-alice')).toBeUndefined();
  });

  it('does not keep a look-up that read the database before a change was heard', () => {
    const cache = listeningCache();
    const mark = cache.mark();
    cache.heard('t:h-someone-else');
    cache.put('h-alice', alice, FAR, mark);
    expect(cache.get('h-alice')).toBeUndefined();
  });

  it('drops what each notification names', () => {
    const cache = listeningCache();
    const fill = () => {
      cache.put('h-alice', alice, FAR, cache.mark());
      cache.put('h-alice-2', { ...alice, tokenHash: 'h-alice-2' }, FAR, cache.mark());
      cache.put('h-bob', bob, FAR, cache.mark());
    };
    fill();
    cache.heard('t:h-bob');
    expect([cache.get('h-alice'), cache.get('h-bob')]).toEqual([alice, undefined]);
    cache.heard('u:u-alice');
    expect(cache.size).toBe(0);
    fill();
    cache.heard('p:another-process:1');
    expect(cache.size).toBe(3);
    cache.heard('*');
    expect(cache.size).toBe(0);
  });

  it('holds at most 10 000 sessions, dropping the oldest', () => {
    const cache = listeningCache();
    for (let i = 0; i <= 10_000; i += 1) cache.put(`h-${i}`, { ...alice, tokenHash: `h-${i}` }, FAR, cache.mark());
    expect(cache.size).toBe(10_000);
    expect(cache.get('h-0')).toBeUndefined();
    expect(cache.get('h-10000')).toBeDefined();
  });
});

describe('SESSION_CACHE_SECONDS', () => {
  it('is 5 unless set, 0 turns the cache off, and nonsense is refused', () => {
    expect(configFromEnv({}).sessionCacheSeconds).toBe(5);
    expect(configFromEnv({ SESSION_CACHE_SECONDS: '0' }).sessionCacheSeconds).toBe(0);
    expect(() => configFromEnv({ SESSION_CACHE_SECONDS: '-1' })).toThrow(/SESSION_CACHE_SECONDS/);
    expect(() => configFromEnv({ SESSION_CACHE_SECONDS: 'soon' })).toThrow(/SESSION_CACHE_SECONDS/);
  });
});

describe('signed-in checks from memory, on the database', () => {
  let t: TestApp;
  /** Another server process on the same database, with a connection of its own. */
  let other: App;
  const me = (token: string, app: App = t.app) =>
    app.inject({ method: 'GET', url: '/v1/users/current', headers: { authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    t = await createTestApp();
    other = await t.anotherServer();
    await t.addUser('alice', ['user']);
    await t.addUser('bob', ['user']);
    await t.addUser('carol', ['user']);
  });
  afterAll(() => t.close());

  /** Signs in and makes one signed-in call, which leaves the session in the cache. */
  async function cachedToken(name: string): Promise<string> {
    const token = await t.login(name);
    expect((await me(token)).statusCode).toBe(200);
    expect(t.app.sessionCache?.get(sha256(token))).toMatchObject({ name });
    return token;
  }
  const settled = () => t.app.sessionCache!.settled(t.app.db);

  it('a session deleted in the database, as another process would, is refused at once', async () => {
    const token = await cachedToken('alice');
    await t.app.db.delete(sessions).where(eq(sessions.tokenHash, sha256(token)));
    await settled();
    expect((await me(token)).statusCode).toBe(401);
  });

  it('a session cut short in the database is refused', async () => {
    const token = await cachedToken('alice');
    await t.app.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.tokenHash, sha256(token)));
    await settled();
    expect((await me(token)).statusCode).toBe(401);
  });

  it('a changed role is what the next call is checked against, and a disabled account is refused', async () => {
    const token = await cachedToken('bob');
    expect((await t.call('GET', '/v1/users', { token })).statusCode).toBe(403);
    await t.app.db
      .update(users)
      .set({ roles: ['documentClerk'] })
      .where(eq(users.name, 'bob'));
    await settled();
    expect((await t.call('GET', '/v1/users', { token })).statusCode).toBe(200);
    await t.app.db.update(users).set({ status: 'disabled' }).where(eq(users.name, 'bob'));
    await settled();
    expect((await me(token)).statusCode).toBe(401);
  });

  it('a logout on one server is refused by another server on the same database', async () => {
    const token = await cachedToken('alice');
    expect((await me(token, other)).statusCode).toBe(200);
    expect(other.sessionCache?.get(sha256(token))).toBeDefined();
    expect((await t.call('POST', '/v1/auth/logout', { token })).statusCode).toBe(200);
    await other.sessionCache!.settled(other.db);
    expect((await me(token, other)).statusCode).toBe(401);
  });

  it('a password change elsewhere signs out the sessions this server holds', async () => {
    const kept = await t.login('carol');
    const ended = await t.login('carol');
    expect((await me(ended, other)).statusCode).toBe(200);
    const change = await t.call('POST', '/v1/users/current/password', {
      token: kept,
      body: { oldPassword: 'shipdesk123', password: 'newpass456' },
    });
    expect(change.json()).toMatchObject({ success: true, revoked: 1 });
    await other.sessionCache!.settled(other.db);
    expect((await me(ended, other)).statusCode).toBe(401);
    expect((await me(kept, other)).statusCode).toBe(200);
  });

  it('changes that end nothing leave the cache alone', async () => {
    const token = await cachedToken('alice');
    await t.app.db.update(users).set({ realName: '爱丽丝' }).where(eq(users.name, 'alice'));
    await t.app.db
      .update(sessions)
      .set({ expiresAt: sql`${sessions.expiresAt} + interval '1 hour'` })
      .where(eq(sessions.tokenHash, sha256(token)));
    await settled();
    expect(t.app.sessionCache?.get(sha256(token))).toBeDefined();
  });

  (process.env.DATABASE_URL ? it : it.skip)(
    'on PostgreSQL, a lost notification connection turns the cache off until it is back',
    async () => {
      const token = await cachedToken('alice');
      const cache = t.app.sessionCache!;
      const listeners = sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = 'LISTEN shipdesk_sessions'`;
      await t.app.db.execute(listeners);
      for (let waited = 0; cache.get(sha256(token)) && waited < 5000; waited += 50)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(cache.get(sha256(token))).toBeUndefined();
      expect((await me(token)).statusCode).toBe(200);
      for (let waited = 0; !cache.get(sha256(token)) && waited < 10_000; waited += 100) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        await me(token);
      }
      expect(cache.get(sha256(token))).toBeDefined();
    },
  );
});
