/**
 * `npm run admin -- backup <file>` and `restore <file>`, in PostgreSQL's own formats, uploaded documents included
 * (they are rows: stored_files, stored_file_chunks):
 * - on PostgreSQL (DATABASE_URL): `pg_dump --format=custom`, one consistent snapshot while the servers run; restored
 *   with `pg_restore` into an empty database;
 * - on the embedded database (DATA_DIR): PostgreSQL's pg_dump built for PGlite (@electric-sql/pglite-tools), a plain
 *   SQL script that psql can also read, of one snapshot. PGlite allows one process: while the server runs, it
 *   writes the backup itself (asked through `control.ts`) from a copy of its data folder taken between two
 *   transactions (dataDirCopy.ts), dumped by another process (embeddedDump.mjs). Restored into an empty DATA_DIR.
 * A restore brings back every row, counter and sequence: the same accounts sign in with the same passwords.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { PGlite } from '@electric-sql/pglite';
import { Client } from 'pg';
import type { ServerConfig } from '../config';
import { askServerForBackup } from './control';
import { embeddedDir } from './fromConfig';
import { copyBetweenTransactions } from './dataDirCopy';
import { lockDataDir, openDatabase, pgliteClient, type Database } from './open';
import { projectRoot } from '../paths';
import { postgresProgram } from './postgresPrograms';
import { execScript } from './sqlScript';

const run = promisify(execFile);

export const sizeOf = (file: string) => `${(fs.statSync(file).size / 1024 / 1024).toFixed(1)} MB`;
/** `12.3 s` since `started` (a Date.now()). */
export const secondsSince = (started: number) => `${((Date.now() - started) / 1000).toFixed(1)} s`;

/** Writes a SQL script of the PGlite data folder `dataDir`, which no process has open, to `file` (embeddedDump.mjs). */
export async function writeEmbeddedDump(dataDir: string, file: string): Promise<void> {
  const script = path.join(projectRoot, 'server', 'db', 'embeddedDump.mjs');
  const { stderr } = await run(process.execPath, [script, dataDir, file], { maxBuffer: 16 * 1024 * 1024 }).catch(
    (error: Error & { stderr?: string }) => {
      throw new Error(`pg_dump of the embedded database failed: ${error.stderr?.trim() || error.message}`);
    },
  );
  if (stderr.trim()) throw new Error(`pg_dump of the embedded database said: ${stderr.trim()}`);
}

/**
 * An embedded database to back up: its data folder, and its client when this process has it open (then a copy is
 * dumped, taken between two transactions; without one, nobody has the folder open and it is dumped as it is).
 */
export interface EmbeddedSource {
  dataDir: string;
  pg?: PGlite;
}

/** The served database when it is the embedded one (a backup of it is written by this process). */
export const servedEmbedded = (config: ServerConfig, database: Database): EmbeddedSource | undefined =>
  database.kind === 'pglite' ? { pg: pgliteClient(database), dataDir: embeddedDir(config) } : undefined;

/** Writes a SQL script of an embedded database this process has open, from a copy taken between two transactions. */
export async function dumpServedEmbedded(embedded: Required<EmbeddedSource>, file: string): Promise<void> {
  // The copy goes beside the database (the same disk, DATA_DIR's permissions) and is gone after the dump.
  const copy = fs.mkdtempSync(path.join(path.dirname(embedded.dataDir), 'backup-copy-'));
  try {
    await copyBetweenTransactions(embedded.pg, embedded.dataDir, copy);
    await writeEmbeddedDump(copy, file);
  } finally {
    // Not rmSync: removing the copy's thousands of files held every request back for a quarter of a second.
    await fs.promises.rm(copy, { recursive: true, force: true });
  }
}

/** The file written as `<file>.partial` and renamed when whole, so that a cut-off backup is never taken for one. */
async function writeWhole(file: string, write: (partial: string) => Promise<void>): Promise<void> {
  const partial = `${file}.partial`;
  try {
    await write(partial);
    fs.renameSync(partial, file);
  } finally {
    fs.rmSync(partial, { force: true });
  }
}

/**
 * Writes a backup to `file`: of DATABASE_URL by pg_dump, else of `embedded` (the server's PGlite, or a folder the
 * command holds locked); answers what was done.
 */
export async function writeBackup(config: ServerConfig, file: string, embedded?: EmbeddedSource): Promise<string> {
  const target = path.resolve(file);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const started = Date.now();
  await writeWhole(target, async (partial) => {
    if (config.databaseUrl) {
      await run(
        postgresProgram('pg_dump'),
        ['--format=custom', '--no-owner', `--file=${partial}`, `--dbname=${config.databaseUrl}`],
        { maxBuffer: 16 * 1024 * 1024 },
      );
      return;
    }
    if (!embedded) throw new Error('no database to back up: neither DATABASE_URL nor an embedded database');
    const { dataDir, pg } = embedded;
    await (pg ? dumpServedEmbedded({ dataDir, pg }, partial) : writeEmbeddedDump(dataDir, partial));
  });
  return `backup written to ${target} (${sizeOf(target)}, ${secondsSince(started)})`;
}

/**
 * Writes a backup of the configured database to `file`: pg_dump on PostgreSQL; on the embedded database the
 * running server writes it, or, when none runs, this process opens DATA_DIR for it.
 */
export async function backupDatabase(config: ServerConfig, file: string): Promise<string> {
  if (config.databaseUrl) return writeBackup(config, file);
  const byServer = await askServerForBackup(config.dataDir, path.resolve(file));
  if (byServer) return byServer;
  if (!fs.existsSync(path.join(embeddedDir(config), 'PG_VERSION')))
    throw new Error(`no database in ${embeddedDir(config)}: nothing to back up (is DATA_DIR right?)`);
  const unlock = lockDataDir(embeddedDir(config));
  try {
    return await writeBackup(config, file, { dataDir: embeddedDir(config) });
  } finally {
    unlock();
  }
}

/** Restores `file` (a backup of `backupDatabase`) into the configured database, which must be empty. */
export async function restoreDatabase(config: ServerConfig, file: string): Promise<string> {
  const source = path.resolve(file);
  if (!fs.existsSync(source)) throw new Error(`no such file: ${source}`);
  const started = Date.now();
  if (config.databaseUrl) {
    await assertEmptyPostgres(config.databaseUrl);
    await run(
      postgresProgram('pg_restore'),
      ['--no-owner', '--exit-on-error', '--single-transaction', `--dbname=${config.databaseUrl}`, source],
      {
        maxBuffer: 16 * 1024 * 1024,
      },
    );
  } else {
    const dir = embeddedDir(config);
    if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) {
      throw new Error(`${dir} is not empty: restore into a new DATA_DIR (the database there is left as it is)`);
    }
    const database = await openDatabase({ dataDir: dir });
    try {
      const client = pgliteClient(database);
      await execScript(source, (batch) => client.exec(batch));
    } finally {
      await database.close();
    }
  }
  return `restored ${source} (${secondsSince(started)})`;
}

/** Refuses a PostgreSQL database that has Shipdesk's tables (or any in public). */
export async function assertEmptyPostgres(url: string) {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      "select count(*)::int as n from information_schema.tables where table_schema in ('public', 'drizzle')",
    );
    if (rows[0].n > 0) throw new Error('the database of DATABASE_URL has tables: restore into an empty database');
  } finally {
    await client.end();
  }
}
