/**
 * Migrations 0036–0037 (客户公司) on a copy of the demo data as it stood before them, on the database the tests run
 * on (PGlite, or PostgreSQL with DATABASE_URL): every table keeps its rows, each customer account becomes a company
 * of its own and its manager, and every owned row belongs to its owner's company.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { seedDemo } from '../domain/demo/seed';
import { migrationsFolder } from '../paths';
import { emptyDatabase, freshDatabase, type TestDatabase } from '../testing/databases';
import type { Db } from './open';
import { rowsOf } from './rowShape';

const FIRST_OF_COMPANIES = '0036_companies';
const ownedTables = [
  'bulk_lines',
  'inspections',
  'osb_plans',
  'osb_changes',
  'osb_orders',
  'osb_containers',
  'bills_of_lading',
  'customs_declarations',
  'loose_bookings',
  'tnt_events',
  'webhook_subscriptions',
];

let demo: TestDatabase;
let before: Pick<TestDatabase, 'database' | 'dispose'>;
let folder: string;
beforeAll(async () => {
  demo = await freshDatabase();
  await seedDemo(demo.database.db);
  before = await emptyDatabase();
  // The migrations up to the companies, as a release before them shipped them.
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'shipdesk-migrations-'));
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'));
  const last = journal.entries.findIndex((entry: { tag: string }) => entry.tag === FIRST_OF_COMPANIES);
  expect(last).toBeGreaterThan(0);
  fs.mkdirSync(path.join(folder, 'meta'));
  fs.writeFileSync(
    path.join(folder, 'meta/_journal.json'),
    JSON.stringify({ ...journal, entries: journal.entries.slice(0, last) }),
  );
  for (const entry of journal.entries.slice(0, last))
    fs.copyFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  const { db, kind } = before.database;
  await (kind === 'pglite'
    ? migratePglite(db as never, { migrationsFolder: folder })
    : migratePg(db as never, { migrationsFolder: folder }));
}, 120_000);
afterAll(async () => {
  await before?.dispose();
  await demo?.dispose();
  fs.rmSync(folder, { recursive: true, force: true });
});

const tablesOf = async (db: Db) =>
  rowsOf<{ name: string }>(
    await db.execute(sql`select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`),
  ).map((row) => row.name);
const countOf = async (db: Db, table: string) =>
  rowsOf<{ n: number }>(await db.execute(sql.raw(`select count(*)::int as n from "${table}"`)))[0].n;

it('keeps every row of every table, makes each customer a company, and files each owned row under its owner’s', async () => {
  const old = before.database.db;
  const tables = await tablesOf(old);
  expect(tables).not.toContain('companies');
  // The demo as the old schema holds it: each table's rows, its own columns only, triggers and keys left aside.
  await old.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    for (const table of tables) {
      const [{ rows }] = rowsOf<{ rows: string }>(
        await demo.database.db.execute(sql.raw(`select coalesce(json_agg(t), '[]')::text as rows from "${table}" t`)),
      );
      await tx.execute(
        sql`insert into ${sql.identifier(table)} overriding system value select * from json_populate_recordset(null::${sql.identifier(table)}, ${rows}::json)`,
      );
    }
  });
  const counted = Object.fromEntries(await Promise.all(tables.map(async (table) => [table, await countOf(old, table)])));
  expect(counted.bulk_lines).toBeGreaterThan(0);
  expect(counted.osb_plans).toBeGreaterThan(0);

  await before.database.migrate();

  for (const table of tables) expect([table, await countOf(old, table)]).toEqual([table, counted[table]]);
  const customers = rowsOf<{ name: string; company: string | null; manager: boolean }>(
    await old.execute(
      sql`select name, company_key as company, is_manager as manager from users where 'user' = any(roles) order by name`,
    ),
  );
  expect(customers.length).toBe(3);
  expect(customers.every((customer) => customer.company && customer.manager)).toBe(true);
  expect(new Set(customers.map((customer) => customer.company)).size).toBe(3);
  expect(await countOf(old, 'companies')).toBe(3);
  for (const table of ownedTables) {
    const [misfiled] = rowsOf<{ n: number; owned: number }>(
      await old.execute(
        sql.raw(`select count(*) filter (where t.owner_company is distinct from u.company_key)::int as n,
        count(*) filter (where t.owner_company is not null)::int as owned
        from "${table}" t join users u on u.id = t.owner`),
      ),
    );
    expect([table, misfiled.n]).toEqual([table, 0]);
    if (['bulk_lines', 'osb_plans', 'inspections'].includes(table)) expect(misfiled.owned).toBeGreaterThan(0);
  }
  // A row made after the migration is filed under its owner's company by the database.
  const [user] = customers.filter((customer) => customer.name === 'user');
  const [{ company }] = rowsOf<{ company: string }>(
    await old.execute(sql`insert into webhook_subscriptions (name, callback_url, secret, event_types, owner)
      select 'x', 'https://example.com', 's', '{plan.confirmed}', id from users where name = 'user' returning owner_company as company`),
  );
  expect(company).toBe(user.company);
}, 120_000);
