import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../db/open';
import { takeOverlapping } from './oneStatementAtATime';

const url = process.env.DATABASE_URL ?? '';
let database: Database | undefined;
afterAll(() => database?.close());

(url ? it : it.skip)('on PostgreSQL, notes statements started together in a transaction, not one after another', async () => {
  database = await openDatabase({ databaseUrl: url, poolSize: 1 });
  const { db } = database;
  await db.transaction(async (tx) => [await tx.execute(sql`select 1 as one`), await tx.execute(sql`select 2 as two`)]);
  expect(takeOverlapping()).toEqual([]);
  await db.transaction((tx) => Promise.all([tx.execute(sql`select 1 as one`), tx.execute(sql`select 2 as two`)]));
  expect(takeOverlapping()).toEqual(['select 2 as two']);
});
