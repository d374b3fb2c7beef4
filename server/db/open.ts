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
import { Pool } from 'pg';
import { migrationsFolder } from '../paths';
import { schema } from './schema';

/** Every query function takes this: the database or a transaction on it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the pending migrations. */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** True when the data directory was created by this open (first start of the embedded database). */
  created: boolean;
}

export type OpenOptions =
  | { databaseUrl: string; poolSize?: number }
  | { dataDir: string }
  | { memory: true; loadDataDir?: Blob };

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if ('databaseUrl' in options) {
    const pool = new Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // A dropped idle connection must not take the process down; the pool replaces it.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema });
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      created: false,
      migrate: () => migratePg(db, { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  let created = false;
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
  } else {
    client = await PGlite.create({ loadDataDir: options.loadDataDir });
    created = !options.loadDataDir;
  }
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    created,
    migrate: () => migratePglite(db, { migrationsFolder }),
    async close() {
      await client.close();
      unlock();
    },
  };
}

/**
 * PGlite is one process's database: a second process opening the same folder would corrupt it. A lock file
 * with the owner's pid keeps the admin command line off a running server's data; a dead owner's lock is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  const lockFile = `${dataDir}.lock`;
  try {
    fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
  } catch {
    const owner = Number(fs.readFileSync(lockFile, 'utf8'));
    if (owner && isAlive(owner)) {
      throw new Error(`${dataDir} is in use by process ${owner} (the server?): stop it first, PGlite allows one process`);
    }
    fs.writeFileSync(lockFile, String(process.pid));
  }
  return () => fs.rmSync(lockFile, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The PGlite client behind a database, for dumping a migrated template in tests. */
export function pgliteClient(database: Database): PGlite {
  if (database.kind !== 'pglite') throw new Error('not a PGlite database');
  return (database.db as unknown as { $client: PGlite }).$client;
}
