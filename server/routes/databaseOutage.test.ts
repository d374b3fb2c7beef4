/**
 * The database out of reach for 5 s (a PostgreSQL server of the test's own, stopped and started again) under a read
 * and a three-line write every 50 ms: only successes and 503s with Retry-After in the error shape, never a 500;
 * every write all or nothing; the first success within 1 s of the server being back. Readiness follows the
 * database, liveness does not.
 */
import { openDatabase } from '../db/open';
import { seedLookups } from '../domain/demo/packing';
import { createLine } from '../testing/bulk';
import { createTestApp, type TestApp } from '../testing/harness';
import { startPostgresCluster, type PostgresCluster } from '../testing/postgresCluster';

let cluster: PostgresCluster;
let t: TestApp;
let token: string;

beforeAll(async () => {
  cluster = await startPostgresCluster();
  const database = await openDatabase({ databaseUrl: cluster.url, poolSize: 4 });
  await database.migrate();
  await seedLookups(database.db);
  t = await createTestApp(
    {},
    { database, openAgain: () => openDatabase({ databaseUrl: cluster.url }), dispose: () => database.close() },
  );
  await t.addUser('outage', ['user']);
  token = await t.login('outage');
}, 60_000);

afterAll(async () => {
  await t?.close();
  cluster?.remove();
});

interface Sample {
  at: number;
  kind: 'read' | 'write';
  status: number;
  retryAfter?: string;
  errorCode?: string;
}

it('answers 503 with Retry-After while the database is away, writes all or nothing, and is back within a second', async () => {
  const lines = [];
  for (let i = 0; i < 3; i += 1)
    lines.push(await createLine(t, token, { poNo: 'PO-OUT', cartonFrom: i * 10 + 1, cartonTo: i * 10 + 10 }));
  const keys = lines.map((line) => line.key);
  let versions = Object.fromEntries(lines.map((line) => [line.key, line.version]));
  const samples: Sample[] = [];
  const sample = async (
    kind: Sample['kind'],
    call: Promise<{ statusCode: number; headers: Record<string, unknown>; json(): unknown }>,
  ) => {
    const response = await call;
    const body = response.json() as { errorCode?: string };
    samples.push({
      at: Date.now(),
      kind,
      status: response.statusCode,
      retryAfter: response.headers['retry-after'] as string | undefined,
      errorCode: body.errorCode,
    });
    return response;
  };
  let write = 0;
  let running = true;
  const traffic = (async () => {
    while (running) {
      await sample('read', t.call('GET', '/v1/packing/bulkdata?poNo=PO-OUT', { token }));
      write += 1;
      const changed = await sample(
        'write',
        t.call('PATCH', '/v1/packing/multi/bulkdata/', {
          token,
          body: { keys, versions, changes: { destination: `Hamburg ${write}` } },
        }),
      );
      if (changed.statusCode === 200) {
        versions = Object.fromEntries(
          (changed.json() as { key: string; version: number }[]).map((line) => [line.key, line.version]),
        );
      } else if (changed.statusCode === 409) {
        // A write whose answer was lost with the connection may have committed: read the versions again.
        const now = (await t.call('GET', '/v1/packing/bulkdata?poNo=PO-OUT', { token })).json() as {
          data: { key: string; version: number }[];
        };
        versions = Object.fromEntries(now.data.map((line) => [line.key, line.version]));
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();

  await new Promise((resolve) => setTimeout(resolve, 1000));
  cluster.stop();
  const down = Date.now();
  const readinessDown = await t.call('GET', '/v1/health');
  const livenessDown = await t.call('GET', '/v1/health/live');
  await new Promise((resolve) => setTimeout(resolve, 5000 - (Date.now() - down)));
  cluster.start();
  const back = Date.now();
  await new Promise((resolve) => setTimeout(resolve, 3000));
  running = false;
  await traffic;

  expect([readinessDown.statusCode, readinessDown.headers['retry-after']]).toEqual([503, '2']);
  expect(livenessDown.statusCode).toBe(200);
  expect((await t.call('GET', '/v1/health')).statusCode).toBe(200);

  const statuses = [...new Set(samples.map((s) => s.status))].sort();
  expect(statuses.filter((status) => ![200, 409, 503].includes(status))).toEqual([]);
  const unavailable = samples.filter((s) => s.status === 503);
  expect(unavailable.length).toBeGreaterThan(10);
  expect(unavailable.every((s) => s.retryAfter === '2' && s.errorCode === 'DATABASE_UNAVAILABLE')).toBe(true);
  expect(samples.filter((s) => s.at < down && s.status !== 200)).toEqual([]);

  const firstBack = samples.find((s) => s.at >= back && s.status === 200);
  expect(firstBack).toBeDefined();
  expect(firstBack!.at - back).toBeLessThan(1000);

  // Every write moved the three lines together or not at all.
  const after = (await t.call('GET', '/v1/packing/bulkdata?poNo=PO-OUT', { token })).json() as {
    data: { destination: string; version: number }[];
  };
  expect(new Set(after.data.map((line) => line.destination)).size).toBe(1);
  expect(new Set(after.data.map((line) => line.version)).size).toBe(1);
  console.log(
    `outage: ${samples.length} calls, ${unavailable.length} × 503 over ${((back - down) / 1000).toFixed(1)} s, ` +
      `first success ${firstBack!.at - back} ms after the server was back`,
  );
}, 60_000);
