/** A test app with the demo data (server/domain/demo/seed.ts) and each demo account signed in: its token and its id. */
import { eq } from 'drizzle-orm';
import { users } from '../db/schema';
import { seedDemo } from '../domain/demo/seed';
import { createTestApp, TEST_PASSWORD, type TestApp } from './harness';

export const demoNames = ['user', 'user-b', 'user2', 'clerk', 'inspector', 'admin'] as const;
export type DemoName = (typeof demoNames)[number];

export async function createDemoApp(
  config: Parameters<typeof createTestApp>[0] = {},
): Promise<{ t: TestApp; token: Record<DemoName, string>; id: Record<DemoName, string> }> {
  const t = await createTestApp(config);
  await seedDemo(t.app.db);
  const token = {} as Record<DemoName, string>;
  const id = {} as Record<DemoName, string>;
  for (const name of demoNames) {
    token[name] = await t.login(name, TEST_PASSWORD);
    [{ id: id[name] }] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.name, name));
  }
  return { t, token, id };
}
