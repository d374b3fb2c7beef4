/** What every start does to a database before serving: migrations, then any missing setting defaults. */
import { count } from 'drizzle-orm';
import { ensureSettingDefaults } from '../domain/setting';
import type { Database } from './open';
import { users } from './schema';

export async function prepareDatabase(database: Database): Promise<void> {
  await database.migrate();
  await ensureSettingDefaults(database.db);
}

export async function hasNoUsers(database: Database): Promise<boolean> {
  const [{ n }] = await database.db.select({ n: count() }).from(users);
  return n === 0;
}
