/**
 * Opens the database: PostgreSQL through a `pg` pool when DATABASE_URL is set, otherwise embedded PGlite
 * (a data directory, or memory for tests). Both hand out the same Drizzle type, so every query is written once.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { Client, Pool } from 'pg';
import { narrowModes } from '../dataAtRest';
import { migrationsFolder } from '../paths';
import { schema } from './schema';

/** Every query function takes this: the database or a transaction on it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A PostgreSQL database's pool whose named statements keep one generic plan (opened beside its main pool). */
const genericPlanDbs = new WeakMap<Db, Db>();

/**
 * Where statements that one generic plan serves run: `db`'s plan-keeping pool on PostgreSQL, `db` itself on PGlite
 * or in a transaction. Planning such a statement anew at every call (what the main pool asks for, as the packing
 * list's deep pages need) can cost more than running it.
 */
export const genericPlanned = (db: Db): Db => genericPlanDbs.get(db) ?? db;

/** What a `listen` subscriber hears. */
export interface ChannelListener {
  message(payload: string): void;
  /** Listening (again): from now on every notification arrives. */
  up(): void;
  /** The channel is lost (connection dropped): notifications may be missed until the next `up`. */
  down(): void;
}

export interface Database {
  /** On PostgreSQL with a second pool of the same size whose statements keep generic plans (`genericPlanned`). */
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the pending migrations. */
  migrate(): Promise<void>;
  /** LISTENs on a notification channel (NOTIFY is delivered on commit, in commit order); answers how to stop. */
  listen(channel: string, listener: ChannelListener): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** True when the data directory was created by this open (first start of the embedded database). */
  created: boolean;
  /** What the metrics read (server/metrics): each pool's connections, and every query's time on PostgreSQL. */
  observed: DatabaseObservation;
}

export interface PoolUse {
  pool: string;
  total: number;
  idle: number;
  waiting: number;
}

export interface DatabaseObservation {
  /** The pools' connections now (none on the embedded database, which has no pool). */
  pools(): PoolUse[];
  /** Calls `listener` with the seconds of every query that ends, answered or failed. */
  onQuery(listener: (seconds: number) => void): void;
}

/**
 * Times every query of a pool's connections: each connection's `query` is wrapped once, when it connects (the pool's
 * own `query` runs through it too, so nothing is counted twice).
 */
function timeQueries(pool: Pool, listeners: Set<(seconds: number) => void>) {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      if (listeners.size === 0) return query(...args);
      const started = performance.now();
      const done = () => {
        const seconds = (performance.now() - started) / 1000;
        for (const listener of listeners) listener(seconds);
      };
      // The pool's own `query` passes a callback; drizzle's transactions await a promise.
      const last = args.at(-1);
      if (typeof last === 'function') {
        args[args.length - 1] = (...results: unknown[]) => {
          done();
          return (last as (...results: unknown[]) => unknown)(...results);
        };
        return query(...args);
      }
      const answer = query(...args);
      if (answer instanceof Promise) answer.then(done, done);
      return answer;
    }) as typeof client.query;
  });
}

export type OpenOptions = { databaseUrl: string; poolSize?: number } | { dataDir: string } | { memory: true; loadDataDir?: Blob };

/** How long a request waits for a PostgreSQL connection before it is answered 503. */
const CONNECT_TIMEOUT_MS = 5000;

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if ('databaseUrl' in options) {
    const pool = new Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      // A database out of reach answers 503 within seconds instead of holding requests (server/http/errors.ts).
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // Named statements (the bulk lists prepare theirs once per shape) are planned for their values each time:
      // a generic plan cannot see LIMIT/OFFSET or which owner, and picked a full index scan for a deep page.
      options: '-c plan_cache_mode=force_custom_plan',
    });
    // A dropped connection must not take the process down: an idle one the pool replaces, and one in use (a
    // transaction between statements when the server restarts) fails its query, which answers 503.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = drizzlePg(pool, { schema });
    const planCachedPool = new Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      options: '-c plan_cache_mode=force_generic_plan',
    });
    planCachedPool.on('error', () => undefined);
    planCachedPool.on('connect', (client) => client.on('error', () => undefined));
    genericPlanDbs.set(db as unknown as Db, drizzlePg(planCachedPool, { schema }) as unknown as Db);
    const listeners = new Set<() => Promise<void>>();
    const queryListeners = new Set<(seconds: number) => void>();
    timeQueries(pool, queryListeners);
    timeQueries(planCachedPool, queryListeners);
    const use = (name: string, one: Pool): PoolUse => ({
      pool: name,
      total: one.totalCount,
      idle: one.idleCount,
      waiting: one.waitingCount,
    });
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      created: false,
      observed: {
        pools: () => [use('main', pool), use('genericPlans', planCachedPool)],
        onQuery: (listener) => queryListeners.add(listener),
      },
      migrate: () => migrateOnce(options.databaseUrl, () => migratePg(db, { migrationsFolder })),
      async listen(channel, listener) {
        const stop = await listenOnPostgres(options.databaseUrl, channel, listener);
        const stopOnce = async () => {
          listeners.delete(stopOnce);
          await stop();
        };
        listeners.add(stopOnce);
        return stopOnce;
      },
      async close() {
        await Promise.all([...listeners].map((stop) => stop()));
        await Promise.all([pool.end(), planCachedPool.end()]);
      },
    };
  }
  let client: PGlite;
  let created: boolean;
  let unlock = () => undefined as void;
  if ('dataDir' in options) {
    const dataDir = path.resolve(options.dataDir);
    created = !fs.existsSync(path.join(dataDir, 'PG_VERSION'));
    fs.mkdirSync(dataDir, { recursive: true });
    unlock = lockDataDir(dataDir);
    client = await PGlite.create({ dataDir }).catch((error) => {
      unlock();
      throw error;
    });
    narrowModes(dataDir);
  } else {
    client = await PGlite.create({ loadDataDir: options.loadDataDir });
    created = !options.loadDataDir;
  }
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    created,
    // One in-process connection: no pool to watch, and its queries are the process's own time.
    observed: { pools: () => [], onQuery: () => undefined },
    migrate: () => migratePglite(db, { migrationsFolder }),
    async listen(channel, listener) {
      // One in-process connection: it cannot drop, and it hears its own notifications.
      const unlisten = await client.listen(channel, (payload) => listener.message(payload));
      listener.up();
      return () => unlisten();
    },
    async close() {
      await client.close();
      unlock();
    },
  };
}

/** The advisory lock that lets one process at a time migrate a PostgreSQL database (any number may start at once). */
const MIGRATION_LOCK = 7_414_201;

/** Runs `migrate` while holding the migration lock on a connection of its own; the others wait, then find nothing to do. */
async function migrateOnce(connectionString: string, migrate: () => Promise<void>) {
  const lock = new Client({ connectionString });
  lock.on('error', () => undefined);
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate();
  } finally {
    await lock.end().catch(() => undefined);
  }
}

/** A pooled connection is shared and cannot hold a LISTEN: a connection of its own, opened again when it drops. */
const RELISTEN_MS = 2000;

async function listenOnPostgres(
  connectionString: string,
  channel: string,
  listener: ChannelListener,
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a plain channel name: ${channel}`);
  let client: Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const lost = (from: Client) => {
    from.end().catch(() => undefined);
    if (client === from) {
      client = null;
      listener.down();
    }
    if (!stopped && !client && !retry) retry = setTimeout(connect, RELISTEN_MS);
  };
  async function connect() {
    retry = undefined;
    const candidate = new Client({ connectionString });
    candidate.on('notification', (note) => {
      if (note.channel === channel && client === candidate) listener.message(note.payload ?? '');
    });
    candidate.on('error', () => lost(candidate));
    candidate.on('end', () => lost(candidate));
    try {
      await candidate.connect();
      await candidate.query(`LISTEN ${channel}`);
    } catch {
      lost(candidate);
      return;
    }
    if (stopped) {
      await candidate.end().catch(() => undefined);
      return;
    }
    client = candidate;
    listener.up();
  }

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const current = client;
    client = null;
    await current?.end().catch(() => undefined);
  };
}

/**
 * PGlite is one process's database: a second process opening the same folder would corrupt it. A lock file
 * names the owner (pid and, on Linux, its start time, so that a reused pid after a crash or reboot is not
 * mistaken for it); a dead owner's lock is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  const lockFile = `${dataDir}.lock`;
  const me = processIdentity(process.pid);
  try {
    fs.writeFileSync(lockFile, me, { flag: 'wx' });
  } catch {
    const owner = fs.readFileSync(lockFile, 'utf8').trim();
    const pid = Number(owner.split(' ')[0]);
    if (pid && processIdentity(pid) === owner) {
      throw new Error(`${dataDir} is in use by process ${pid} (the server?): stop it first, PGlite allows one process`);
    }
    fs.writeFileSync(lockFile, me);
  }
  return () => fs.rmSync(lockFile, { force: true });
}

/** `pid starttime` of a running process, `pid` where /proc is missing, '' when it is gone or a zombie. */
export function processIdentity(pid: number): string {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[0] === 'Z' ? '' : `${pid} ${fields[19]}`;
  } catch {
    if (fs.existsSync('/proc/self/stat')) return '';
    try {
      process.kill(pid, 0);
      return String(pid);
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'EPERM' ? String(pid) : '';
    }
  }
}

/** The PGlite client behind a database, for dumping a migrated template in tests. */
export function pgliteClient(database: Database): PGlite {
  if (database.kind !== 'pglite') throw new Error('not a PGlite database');
  return (database.db as unknown as { $client: PGlite }).$client;
}
