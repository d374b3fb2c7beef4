/**
 * The scheduled backup, proven with two server processes on one PostgreSQL, every 3.6 s (BACKUP_EVERY_HOURS=0.001)
 * into one shared folder keeping 2: each run is written by one process only, the older files are removed, and the
 * newest restores into an empty database with the row count of every table and every sequence of the source.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { databaseContents } from './db/move';
import { openDatabase } from './db/open';
import { startPostgresCluster, type PostgresCluster } from './testing/postgresCluster';
import { startServerProcess, type ServerProcess } from './testing/serverProcess';

const root = path.resolve(__dirname, '..');
let folder: string;
let cluster: PostgresCluster;
const processes: ServerProcess[] = [];

const admin = (env: NodeJS.ProcessEnv, ...args: string[]) =>
  promisify(execFile)(path.join(root, 'node_modules', '.bin', 'tsx'), [path.join(root, 'server', 'cli.ts'), ...args], {
    cwd: root,
    env,
  });

beforeAll(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'shipdesk-scheduled-'));
  cluster = await startPostgresCluster();
}, 120_000);
afterAll(async () => {
  for (const server of processes) {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
  }
  cluster?.remove();
  fs.rmSync(folder, { recursive: true, force: true });
});

async function contentsOf(url: string) {
  const database = await openDatabase({ databaseUrl: url, poolSize: 1 });
  try {
    return await databaseContents(database.db);
  } finally {
    await database.close();
  }
}

it('writes each scheduled backup once across two processes, keeps the newest 2, and the newest restores whole', async () => {
  const backups = path.join(folder, 'backups');
  const env = { ...process.env, DATABASE_URL: cluster.url, LOG_LEVEL: 'info', JOB_TICK_SECONDS: '1' };
  await admin(env, 'demo:seed');
  const serving = { ...env, BACKUP_EVERY_HOURS: '0.001', BACKUP_KEEP: '2', BACKUP_DIR: backups };
  for (const name of ['p1', 'p2']) {
    processes.push(await startServerProcess({ ...serving, DATA_DIR: path.join(folder, name) }));
  }
  const written = () =>
    processes.flatMap((server) =>
      [...server.output().matchAll(/backup written to (\S+)/g)].map((match) => path.basename(match[1])),
    );
  for (const deadline = Date.now() + 90_000; written().length < 4; await new Promise((resolve) => setTimeout(resolve, 500))) {
    if (Date.now() > deadline) throw new Error(`4 scheduled backups did not come within 90 s: ${written().join(', ')}`);
  }
  for (const server of processes) {
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }

  const names = written();
  // Once each: no run written twice, by one process or by both.
  expect(new Set(names).size).toBe(names.length);
  const writers = processes.map((server) => (server.output().match(/backup written to/g) ?? []).length);
  const runs = new Client({ connectionString: cluster.url });
  await runs.connect();
  const { rows } = await runs.query("select runs::int as n from scheduled_jobs where name = 'backup'");
  await runs.query('create database restored');
  await runs.end();
  expect(rows[0].n).toBe(names.length);
  // The newest 2 stay; the older ones were removed.
  const kept = fs.readdirSync(backups).filter((file) => file.endsWith('.dump'));
  expect(kept).toEqual([...names].sort().slice(-2));

  const newest = path.join(backups, kept[kept.length - 1]);
  const restoredUrl = cluster.url.replace(/\/postgres$/, '/restored');
  await admin({ ...env, DATABASE_URL: restoredUrl }, 'restore', newest);
  expect(await contentsOf(restoredUrl)).toEqual(await contentsOf(cluster.url));
  console.log(
    `scheduled backups: ${names.length} runs written by the processes as ${JSON.stringify(writers)}; kept ${kept.join(', ')}`,
  );
}, 240_000);
