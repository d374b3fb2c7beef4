/** Several processes starting at once on one PostgreSQL: each migrates, one at a time, and every migration runs once. */
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { migrationsFolder } from '../paths';
import { startPostgresCluster, type PostgresCluster } from '../testing/postgresCluster';
import { openDatabase, type Database } from './open';

let cluster: PostgresCluster;
const opened: Database[] = [];
beforeAll(async () => {
  cluster = await startPostgresCluster();
}, 60_000);
afterAll(async () => {
  await Promise.all(opened.map((database) => database.close()));
  cluster?.remove();
});

it('three processes migrating an empty database at once apply each migration once', async () => {
  for (let i = 0; i < 3; i += 1) opened.push(await openDatabase({ databaseUrl: cluster.url, poolSize: 2 }));
  await Promise.all(opened.map((database) => database.migrate()));
  const journal = JSON.parse(fs.readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as { entries: unknown[] };
  const applied = await opened[0].db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  expect((applied as unknown as { rows: { n: number }[] }).rows[0].n).toBe(journal.entries.length);
}, 60_000);
