/** The embedded database keeps its data in its folder: written, closed, reopened, read. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { settingKeys } from '../../contract/setting/schema';
import { createUser } from '../domain/user';
import { openDatabase } from './open';
import { prepareDatabase } from './prepare';
import { settings, users } from './schema';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shipdesk-pglite-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

it('keeps rows across a close and a reopen, and refuses a second opener while open', async () => {
  const dataDir = path.join(dir, 'pglite');
  const first = await openDatabase({ dataDir });
  expect(first.created).toBe(true);
  await prepareDatabase(first);
  await createUser(
    first.db,
    { name: 'keeper', password: 'secret1', roles: ['user'], status: 'active', realName: '保存者' },
    'system',
  );
  await expect(openDatabase({ dataDir })).rejects.toThrow(/in use by process/);
  await first.close();
  expect(fs.existsSync(`${dataDir}.lock`)).toBe(false);

  const second = await openDatabase({ dataDir });
  expect(second.created).toBe(false);
  await prepareDatabase(second);
  const [row] = await second.db.select().from(users).where(eq(users.name, 'keeper'));
  expect(row).toMatchObject({ realName: '保存者', roles: ['user'], status: 'active' });
  expect(await second.db.select().from(settings)).toHaveLength(settingKeys.length);
  await second.close();
}, 60000);
