/**
 * Test databases. A migrated template is made once per jest run (globalSetup): on PGlite a dump of a migrated
 * data directory (~5 s to create, ~1 s to load), on PostgreSQL (DATABASE_URL) a template database that each
 * test file copies with CREATE DATABASE … TEMPLATE. Every test file gets a database of its own.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { Client } from 'pg';
import { openDatabase, pgliteClient, type Database, type Db } from '../db/open';
import { schema } from '../db/schema';
import { ensureSettingDefaults } from '../domain/setting';

const DUMP_ENV = 'SHIPDESK_TEST_PGLITE_DUMP';
const TEMPLATE_ENV = 'SHIPDESK_TEST_TEMPLATE_DB';

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function admin<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** globalSetup: makes the migrated template and says where it is through the environment the workers inherit. */
export async function prepareTemplate(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `shipdesk_template_${process.pid}_${randomBytes(3).toString('hex')}`;
    await admin(url, (client) => client.query(`CREATE DATABASE ${name}`));
    const database = await openDatabase({ databaseUrl: withDatabase(url, name), poolSize: 1 });
    await database.migrate();
    await ensureSettingDefaults(database.db);
    await database.close();
    process.env[TEMPLATE_ENV] = name;
    return;
  }
  const database = await openDatabase({ memory: true });
  await database.migrate();
  await ensureSettingDefaults(database.db);
  const dump = await pgliteClient(database).dumpDataDir('none');
  await database.close();
  const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'shipdesk-test-')), 'template.tar');
  await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
  process.env[DUMP_ENV] = file;
}

/** globalTeardown */
export async function removeTemplate(): Promise<void> {
  const url = process.env.DATABASE_URL;
  const template = process.env[TEMPLATE_ENV];
  if (url && template) {
    await admin(url, async (client) => {
      const { rows } = await client.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2`,
        [template, `${template}_f%`],
      );
      for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    });
  }
  const dump = process.env[DUMP_ENV];
  if (dump) await fs.rm(path.dirname(dump), { recursive: true, force: true });
}

export interface TestDatabase {
  database: Database;
  /**
   * The same database opened again, as another server process would open it. PGlite allows one connection:
   * there it is a second Drizzle instance on the same client (its own prepared statements and caches).
   */
  openAgain(): Promise<Database>;
  /** Closes the database and drops it. */
  dispose(): Promise<void>;
}

/** An empty database, not migrated (a test of the migrations themselves), dropped by `dispose`. */
export async function emptyDatabase(): Promise<Pick<TestDatabase, 'database' | 'dispose'>> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ memory: true });
    return { database, dispose: () => database.close() };
  }
  // Named like the template's copies, so that globalTeardown drops it too if a test dies first.
  const name = `${process.env[TEMPLATE_ENV]}_f${randomBytes(4).toString('hex')}`;
  await admin(url, (client) => client.query(`CREATE DATABASE ${name}`));
  const database = await openDatabase({ databaseUrl: withDatabase(url, name), poolSize: 2 });
  return {
    database,
    async dispose() {
      await database.close();
      await admin(url, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/** A fresh, migrated database for one test file. */
export async function freshDatabase(): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const template = process.env[TEMPLATE_ENV];
    if (!template) throw new Error(`${TEMPLATE_ENV} is not set: run the API tests through jest's api project (globalSetup)`);
    const name = `${template}_f${randomBytes(4).toString('hex')}`;
    await admin(url, (client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
    const database = await openDatabase({ databaseUrl: withDatabase(url, name), poolSize: 4 });
    const others: Database[] = [];
    return {
      database,
      async openAgain() {
        const other = await openDatabase({ databaseUrl: withDatabase(url, name), poolSize: 2 });
        others.push(other);
        return other;
      },
      async dispose() {
        await Promise.all(others.map((other) => other.close()));
        await database.close();
        await admin(url, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      },
    };
  }
  const dump = process.env[DUMP_ENV];
  if (!dump) throw new Error(`${DUMP_ENV} is not set: run the API tests through jest's api project (globalSetup)`);
  const database = await openDatabase({ memory: true, loadDataDir: new Blob([await fs.readFile(dump)]) });
  return {
    database,
    openAgain: async () => {
      const db = drizzlePglite(pgliteClient(database), { schema }) as unknown as Db;
      return { ...database, db, close: async () => undefined };
    },
    dispose: () => database.close(),
  };
}
