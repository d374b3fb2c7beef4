/**
 * Backup, restore and the move to PostgreSQL at size: the demo plus `--lines` generated packing lines (default
 * 1 000 000) in a fresh embedded database, then, each through `npm run admin` as an operator runs it:
 * the embedded backup and its restore into a new DATA_DIR, the embedded backup again while `npm start` serves it
 * (with the longest wait of a request made meanwhile: the snapshot holds the database), the move into an empty
 * PostgreSQL, and that database's backup and its restore into another empty one. Prints each step's time and the
 * files' sizes.
 *   npm run bench:backup -- [--lines=1000000]
 * Runs under tests/support/with-postgres.sh (DATABASE_URL is the throwaway server's).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { projectRoot, startShipdesk } from '../support/server.mjs';

const lines = Number(/--lines=(\d+)/.exec(process.argv.join(' '))?.[1] ?? 1_000_000);
const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) throw new Error('run it through npm run bench:backup (a throwaway PostgreSQL)');
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'shipdesk-bench-backup-'));
const tsx = path.join(projectRoot, 'node_modules', '.bin', 'tsx');
const cli = path.join(projectRoot, 'server', 'cli.ts');

const admin = async (env, ...args) => {
  const started = performance.now();
  await promisify(execFile)(tsx, [cli, ...args], { cwd: projectRoot, env: { ...process.env, DATABASE_URL: '', ...env } });
  return (performance.now() - started) / 1000;
};
const createDatabase = async (name) => {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  return serverUrl.replace(/\/[^/]*$/, `/${name}`);
};
const megabytes = (file) => `${(fs.statSync(file).size / 1024 / 1024).toFixed(1)} MB`;
const row = (what, seconds, size = '') => console.log(`  ${what.padEnd(44)} ${seconds.toFixed(1).padStart(7)} s  ${size}`);

/** The embedded backup asked of the running server, while a request asks the database every 50 ms. */
async function backupWhileServing(dataDir) {
  const server = await startShipdesk({ dataDir });
  try {
    let slowest = 0;
    let asking = true;
    const asker = (async () => {
      while (asking) {
        const started = performance.now();
        await fetch(`${server.url}/v1/health`);
        slowest = Math.max(slowest, performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const file = path.join(folder, 'serving.sql');
    row('backup, embedded, by the running server', await admin({ DATA_DIR: dataDir }, 'backup', file), megabytes(file));
    asking = false;
    await asker;
    console.log(`  ${'longest wait of a request meanwhile'.padEnd(44)} ${Math.round(slowest).toString().padStart(7)} ms`);
  } finally {
    await server.stop();
  }
}

try {
  const embedded = { DATA_DIR: path.join(folder, 'a') };
  await admin(embedded, 'demo:seed');
  const generated = await admin(embedded, 'demo:generate', '--lines', String(lines));
  console.log(`\nBackup, restore and move with the demo + ${lines.toLocaleString('en')} packing lines`);
  row('generate the lines (embedded)', generated);
  const sqlFile = path.join(folder, 'embedded.sql');
  row('backup, embedded (SQL script)', await admin(embedded, 'backup', sqlFile), megabytes(sqlFile));
  row('restore, embedded into a new DATA_DIR', await admin({ DATA_DIR: path.join(folder, 'b') }, 'restore', sqlFile));
  await backupWhileServing(embedded.DATA_DIR);
  const moved = await createDatabase('moved');
  row('move-to-postgres (dump, psql, check)', await admin({ ...embedded, DATABASE_URL: moved }, 'move-to-postgres'));
  const dumpFile = path.join(folder, 'postgres.dump');
  row('backup, PostgreSQL (pg_dump custom)', await admin({ DATABASE_URL: moved }, 'backup', dumpFile), megabytes(dumpFile));
  const restored = await createDatabase('restored');
  row('restore, PostgreSQL (pg_restore)', await admin({ DATABASE_URL: restored }, 'restore', dumpFile));
} finally {
  fs.rmSync(folder, { recursive: true, force: true });
}
