/**
 * Backup → restore round trips, on the embedded database and on PostgreSQL: the demo data and an uploaded
 * document backed up, restored into an empty database, then the same rows in every table, the same sequences, the
 * demo customer signs in, and the document's bytes are the same.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { Client } from 'pg';
import { DEMO_PASSWORD } from '../../demo/accounts';
import { buildApp } from '../app';
import { defaultConfig } from '../config';
import { seedDemo } from '../domain/demo/seed';
import { storedFileStream, storeFile } from '../domain/storedFiles';
import { startPostgresCluster, type PostgresCluster } from '../testing/postgresCluster';
import { backupDatabase, restoreDatabase, servedEmbedded, writeBackup } from './backup';
import { serveBackups } from './control';
import { databaseContents } from './move';
import { openDatabase, type Database } from './open';
import { prepareDatabase } from './prepare';
import { rowsOf } from './rowShape';

let folder: string;
let cluster: PostgresCluster;
beforeAll(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'shipdesk-backup-'));
  cluster = await startPostgresCluster();
}, 60_000);
afterAll(() => {
  cluster?.remove();
  fs.rmSync(folder, { recursive: true, force: true });
});

/** The demo data and a 600 KB document (three chunks); answers the document's id and bytes. */
async function fill(database: Database) {
  await prepareDatabase(database);
  await seedDemo(database.db);
  const bytes = randomBytes(600 * 1024);
  return { id: await storeFile(database.db, bytes), bytes };
}

async function check(database: Database, before: Record<string, string>, document: { id: string; bytes: Buffer }) {
  expect(await databaseContents(database.db)).toEqual(before);
  const chunks: Buffer[] = [];
  for await (const chunk of storedFileStream(database.db, document.id)) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).equals(document.bytes)).toBe(true);
  const app = await buildApp({ db: database, config: { outboxDir: path.join(folder, 'outbox') } });
  const login = await app.inject({
    method: 'POST',
    url: '/v1/auth/login',
    payload: { type: 'account', userName: 'user', password: DEMO_PASSWORD },
  });
  expect(login.json().status).toBe('ok');
  const lines = await app.inject({
    method: 'GET',
    url: '/v1/packing/bulkdata',
    headers: { authorization: `Bearer ${login.json().token}` },
  });
  expect(lines.json().total).toBeGreaterThan(20);
  await app.close();
}

it('the embedded database: a SQL script that restores into an empty DATA_DIR', async () => {
  const source = defaultConfig({ dataDir: path.join(folder, 'a') });
  const database = await openDatabase({ dataDir: path.join(source.dataDir, 'pglite') });
  const document = await fill(database);
  const before = await databaseContents(database.db);
  await database.close();
  const file = path.join(folder, 'embedded.sql');
  expect(await backupDatabase(source, file)).toMatch(/^backup written to/);
  expect(fs.readFileSync(file, 'utf8')).toContain('PostgreSQL database dump');

  const target = defaultConfig({ dataDir: path.join(folder, 'b') });
  await restoreDatabase(target, file);
  await expect(restoreDatabase(target, file)).rejects.toThrow('is not empty');
  const restored = await openDatabase({ dataDir: path.join(target.dataDir, 'pglite') });
  try {
    await check(restored, before, document);
  } finally {
    await restored.close();
  }
}, 120_000);

it('the embedded database while the server runs: the server writes one snapshot, between transactions', async () => {
  const config = defaultConfig({ dataDir: path.join(folder, 'serving') });
  const database = await openDatabase({ dataDir: path.join(config.dataDir, 'pglite') });
  await prepareDatabase(database);
  const stopServing = await serveBackups(config.dataDir, (file) => writeBackup(config, file, servedEmbedded(config, database)));
  // Transactions of two rows each run all the while: a snapshot has both rows of each or neither.
  await database.db.execute(sql`create table pairs (n int not null, half int not null)`);
  let writing = true;
  let written = 0;
  const writer = (async () => {
    while (writing) {
      const n = written;
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into pairs values (${n}, 1)`);
        await new Promise((resolve) => setTimeout(resolve, 2));
        await tx.execute(sql`insert into pairs values (${n}, 2)`);
      });
      written += 1;
    }
  })();
  const file = path.join(folder, 'serving.sql');
  try {
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Another process may not open the folder, so the command asks the server.
    expect(await backupDatabase(config, file)).toMatch(
      new RegExp(`^backup written to .* by the running server \\(process ${process.pid}\\)$`),
    );
  } finally {
    writing = false;
    await writer;
    await stopServing();
    await database.close();
  }
  expect(fs.existsSync(path.join(config.dataDir, 'control.json'))).toBe(false);
  const target = defaultConfig({ dataDir: path.join(folder, 'serving-restored') });
  await restoreDatabase(target, file);
  const restored = await openDatabase({ dataDir: path.join(target.dataDir, 'pglite') });
  try {
    const rows = rowsOf<{ pairs: number; halves: number }>(
      await restored.db.execute(sql`select count(distinct n)::int as pairs, count(*)::int as halves from pairs`),
    );
    expect(rows[0].pairs).toBeGreaterThan(0);
    expect(rows[0].pairs).toBeLessThan(written);
    expect(rows[0].halves).toBe(rows[0].pairs * 2);
  } finally {
    await restored.close();
  }
}, 120_000);

it('PostgreSQL: pg_dump’s custom format, taken while the database serves, restored with pg_restore', async () => {
  const database = await openDatabase({ databaseUrl: cluster.url, poolSize: 2 });
  const document = await fill(database);
  const before = await databaseContents(database.db);
  const file = path.join(folder, 'shipdesk.dump');
  // Taken while the database is open and in use.
  const [made] = await Promise.all([
    backupDatabase(defaultConfig({ databaseUrl: cluster.url }), file),
    database.db.execute(sql`select count(*) from bulk_lines`),
  ]);
  expect(made).toMatch(/^backup written to/);
  await database.close();
  expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('PGDMP');

  const admin = new Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query('create database restored');
  await admin.end();
  const restoredUrl = cluster.url.replace(/\/postgres$/, '/restored');
  await restoreDatabase(defaultConfig({ databaseUrl: restoredUrl }), file);
  await expect(restoreDatabase(defaultConfig({ databaseUrl: restoredUrl }), file)).rejects.toThrow('has tables');
  const restored = await openDatabase({ databaseUrl: restoredUrl, poolSize: 2 });
  try {
    await check(restored, before, document);
  } finally {
    await restored.close();
  }
}, 120_000);
