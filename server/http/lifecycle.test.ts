import Fastify, { type FastifyInstance } from 'fastify';
import { systemEndpoints } from '../../contract/system';
import { QUIET_MS, trackLifecycle, type Lifecycle } from './lifecycle';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let app: FastifyInstance;
let lifecycle: Lifecycle;
let url: string;
let polling: ReturnType<typeof setInterval> | undefined;

beforeEach(async () => {
  app = Fastify();
  lifecycle = trackLifecycle(app);
  const answer = async () => ({ status: lifecycle.stopping ? 'stopping' : 'ok' });
  app.get(systemEndpoints.health.path, answer);
  app.get(systemEndpoints.live.path, answer);
  app.get('/slow', async () => {
    await pause(3000);
    return { done: true };
  });
  url = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(async () => {
  clearInterval(polling);
  await app.close();
});

/** A proxy's readiness and liveness checks every 250 ms, as the deployment guide's haproxy does. */
const checkEvery250ms = () => {
  polling = setInterval(() => {
    for (const check of [systemEndpoints.health.path, systemEndpoints.live.path]) fetch(`${url}${check}`).catch(() => undefined);
  }, 250);
};

test('an idle server under health checks stops at once, not after its grace period', async () => {
  checkEvery250ms();
  await pause(1000);
  const started = Date.now();
  expect(await lifecycle.stop(25_000)).toBe(true);
  expect(Date.now() - started).toBeLessThan(300);
});

test('a 3 s request in flight is answered, and the stop follows right after it', async () => {
  checkEvery250ms();
  const slow = fetch(`${url}/slow`).then(async (response) => ({ status: response.status, body: await response.json() }));
  await pause(200);
  const started = Date.now();
  const stopped = lifecycle.stop(25_000).then((answered) => ({ answered, ms: Date.now() - started }));
  expect(await slow).toEqual({ status: 200, body: { done: true } });
  const { answered, ms } = await stopped;
  expect(answered).toBe(true);
  // The request's remaining 2.8 s, then the quiet moment, and no more.
  expect(ms).toBeGreaterThan(2500);
  expect(ms).toBeLessThan(2800 + QUIET_MS + 400);
});

test('the grace period stays the upper bound: a request longer than it is cut off', async () => {
  fetch(`${url}/slow`).catch(() => undefined);
  await pause(200);
  const started = Date.now();
  expect(await lifecycle.stop(1000)).toBe(false);
  expect(Date.now() - started).toBeLessThan(1500);
});
