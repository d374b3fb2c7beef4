/**
 * The move from the embedded database to PostgreSQL: the demo and 100 000 generated lines copied into an empty
 * PostgreSQL by `moveToPostgres`, checked table by table, the embedded copy untouched; then the API answers the same
 * lists on both, to the customer and to the clerk, deep pages included.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_PASSWORD } from '../../demo/accounts';
import { buildApp, type App } from '../app';
import { defaultConfig } from '../config';
import { seedDemo } from '../domain/demo/seed';
import { generateBulkLines } from '../domain/demo/packing';
import { startPostgresCluster, type PostgresCluster } from '../testing/postgresCluster';
import { databaseContents, moveToPostgres } from './move';
import { openDatabase, type Database } from './open';
import { prepareDatabase } from './prepare';

let folder: string;
let cluster: PostgresCluster;
const opened: Database[] = [];
const apps: App[] = [];
beforeAll(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'shipdesk-move-test-'));
  cluster = await startPostgresCluster();
}, 60_000);
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await Promise.all(opened.map((database) => database.close()));
  cluster?.remove();
  fs.rmSync(folder, { recursive: true, force: true });
});

/** What the API lists to `name` on `app`: the first page, a deep page, plans, B/Ls, orders (the clerk). */
async function lists(app: App, name: string) {
  const login = await app.inject({
    method: 'POST',
    url: '/v1/auth/login',
    payload: { type: 'account', userName: name, password: DEMO_PASSWORD },
  });
  const headers = { authorization: `Bearer ${login.json().token}` };
  const get = async (url: string) => {
    const body = (await app.inject({ method: 'GET', url, headers })).json();
    return 'data' in body ? { total: body.total, data: body.data } : body;
  };
  const urls = ['/v1/packing/bulkdata?pageSize=50', '/v1/packing/bulkdata?current=200&pageSize=50', '/v1/osbplan', '/v1/bol'];
  if (name === 'clerk') urls.push('/v1/osbOrder', '/v1/declaration', '/v1/user/statistics/shipment');
  return Promise.all(urls.map(get));
}

it('moves the demo and 100 000 lines, checks them, leaves the embedded copy, and the API answers the same', async () => {
  const config = defaultConfig({
    dataDir: path.join(folder, 'data'),
    databaseUrl: cluster.url,
    outboxDir: path.join(folder, 'outbox'),
  });
  const embedded = await openDatabase({ dataDir: path.join(config.dataDir, 'pglite') });
  await prepareDatabase(embedded);
  await seedDemo(embedded.db);
  await generateBulkLines(embedded.db, { owner: 'user', lines: 100_000 });
  const before = await databaseContents(embedded.db);
  await embedded.close();

  const lines: string[] = [];
  const started = Date.now();
  expect(await moveToPostgres(config, (line) => lines.push(line))).toMatch(/^moved \d+ rows .* every count and sequence checked/);
  console.log(`move of the demo and 100 000 lines: ${Date.now() - started} ms (${lines.join('; ')})`);

  const reopened = await openDatabase({ dataDir: path.join(config.dataDir, 'pglite') });
  const moved = await openDatabase({ databaseUrl: cluster.url, poolSize: 4 });
  opened.push(reopened, moved);
  expect(await databaseContents(reopened.db)).toEqual(before);
  expect(await databaseContents(moved.db)).toEqual(before);

  const [onEmbedded, onPostgres] = await Promise.all(
    [reopened, moved].map(async (database) => {
      const app = await buildApp({ db: database, config: { outboxDir: config.outboxDir } });
      apps.push(app);
      return { user: await lists(app, 'user'), clerk: await lists(app, 'clerk') };
    }),
  );
  expect(onPostgres.user[1].data.length).toBe(50);
  expect(onPostgres).toEqual(onEmbedded);
  await expect(moveToPostgres(config)).rejects.toThrow('has tables');
}, 240_000);
