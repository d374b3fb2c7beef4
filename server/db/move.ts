/**
 * `npm run admin -- move-to-postgres`: the embedded database of DATA_DIR copied into the empty PostgreSQL database
 * of DATABASE_URL — PGlite's pg_dump as a SQL script, loaded by psql in one transaction — then checked: every
 * table's row count and every sequence the same on both. The embedded database is only read, and stays as it was;
 * the servers then start with DATABASE_URL.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import type { ServerConfig } from '../config';
import { assertEmptyPostgres, dumpServedEmbedded, secondsSince, sizeOf } from './backup';
import { embeddedDir } from './fromConfig';
import { postgresProgram } from './postgresPrograms';
import { openDatabase, pgliteClient, type Db } from './open';
import { rowsOf } from './rowShape';

const run = promisify(execFile);

/** Every table's row count and every sequence's last value, by name. */
export async function databaseContents(db: Db): Promise<Record<string, string>> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`select table_schema || '.' || table_name as name from information_schema.tables
      where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`),
  );
  const contents: Record<string, string> = {};
  for (const { name } of tables) {
    contents[name] = rowsOf<{ n: string }>(await db.execute(sql.raw(`select count(*)::text as n from ${name}`)))[0].n;
  }
  for (const { name, value } of rowsOf<{ name: string; value: string | null }>(
    await db.execute(sql`select schemaname || '.' || sequencename as name, last_value::text as value from pg_sequences`),
  )) {
    contents[`sequence ${name}`] = value ?? 'unused';
  }
  return contents;
}

export async function moveToPostgres(config: ServerConfig, log: (line: string) => void = () => undefined): Promise<string> {
  if (!config.databaseUrl) throw new Error('set DATABASE_URL to the empty PostgreSQL database to move into');
  await assertEmptyPostgres(config.databaseUrl);
  const started = Date.now();
  const embedded = await openDatabase({ dataDir: embeddedDir(config) });
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'shipdesk-move-'));
  try {
    const script = path.join(folder, 'embedded.sql');
    await dumpServedEmbedded({ dataDir: embeddedDir(config), pg: pgliteClient(embedded) }, script);
    log(`read the embedded database (${sizeOf(script)}) in ${secondsSince(started)}`);
    const loading = Date.now();
    await run(
      postgresProgram('psql'),
      ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '--single-transaction', '-d', config.databaseUrl, '-f', script],
      {
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    log(`loaded into PostgreSQL in ${secondsSince(loading)}`);
    const target = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: 1 });
    try {
      const [from, to] = [await databaseContents(embedded.db), await databaseContents(target.db)];
      const differing = Object.keys({ ...from, ...to }).filter((name) => from[name] !== to[name]);
      if (differing.length) {
        throw new Error(`the copy differs: ${differing.map((name) => `${name} ${from[name]} → ${to[name]}`).join(', ')}`);
      }
      const rows = Object.entries(from)
        .filter(([name]) => !name.startsWith('sequence '))
        .reduce((sum, [, n]) => sum + Number(n), 0);
      return `moved ${rows} rows of ${Object.keys(from).length} tables and sequences in ${secondsSince(started)}; every count and sequence checked. Start the servers with DATABASE_URL; ${embeddedDir(config)} is left as it was.`;
    } finally {
      await target.close();
    }
  } finally {
    await embedded.close();
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
