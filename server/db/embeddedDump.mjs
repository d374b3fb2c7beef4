/**
 * `node server/db/embeddedDump.mjs <PGlite data folder> <file>`: PostgreSQL's pg_dump built for PGlite
 * (@electric-sql/pglite-tools) over a data folder nobody else has open, written to <file> as a SQL script. It runs
 * in a process of its own (backup.ts starts it), so that a dump — seconds of WebAssembly per large table, the whole
 * script in memory — neither holds up the server's event loop nor grows its memory. Plain JavaScript: the
 * checkout and a release (deploy/release.mjs copies it) run it alike.
 */
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';

const [dataDir, file] = process.argv.slice(2);
if (!dataDir || !file) {
  console.error('usage: node server/db/embeddedDump.mjs <PGlite data folder> <file>');
  process.exit(2);
}
const pg = await PGlite.create({ dataDir });
try {
  const dump = await pgDump({ pg, args: ['--no-owner'] });
  // PGlite is 17, and the dump sets 17's transaction_timeout (to its default, 0), which PostgreSQL 15 and 16 refuse.
  fs.writeFileSync(file, (await dump.text()).replace(/^SET transaction_timeout = 0;$/m, ''));
} finally {
  await pg.close();
}
