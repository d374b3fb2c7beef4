/**
 * SIGTERM to a running server (its own process, as `npm start` runs it) while 10 exports are in flight: readiness
 * answers 503 at once, every export is answered in full, the process closes its port and its database and exits 0.
 * Then, idle under a proxy's health checks, it stops within 2 s of the signal.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServerProcess } from './testing/serverProcess';

const root = path.resolve(__dirname, '..');
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
let dataDir: string;
let server: ChildProcess;
let output: () => string;
let url: string;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts the server on the data folder and waits until it is ready. */
async function startServer(environment: NodeJS.ProcessEnv) {
  const started = await startServerProcess(environment);
  ({ url, child: server, output } = started);
}
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shipdesk-stop-'));
  env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', JOB_TICK_SECONDS: '1', LOG_LEVEL: 'info' };
  // A loaded machine (the other test files run beside this one) takes a while over 10 exports.
  Object.assign(env, { SHUTDOWN_GRACE_SECONDS: '120' });
  // Enough lines that an export takes a while: the requests are still running when the signal comes.
  for (const args of [['demo:seed'], ['demo:generate', '--lines', '10000']]) {
    const run = spawnSync(tsx, [path.join(root, 'server', 'cli.ts'), ...args], { cwd: root, env, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`${args[0]} failed (${run.status}): ${run.stderr}`);
  }
  await startServer(env);
}, 180_000);

afterAll(() => {
  if (server.exitCode === null) server.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('answers the 10 requests in flight, says it is not ready, and exits cleanly', async () => {
  const login = await (
    await fetch(`${url}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'account', userName: 'clerk', password: 'shipdesk123' }),
    })
  ).json();
  const headers = { authorization: `Bearer ${login.token}` };
  const exports = Array.from({ length: 10 }, () =>
    fetch(`${url}/v1/packing/bulkdata/export`, { headers }).then(async (response) => ({
      status: response.status,
      bytes: (await response.arrayBuffer()).byteLength,
    })),
  );
  await pause(300);
  const exited = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)));
  server.kill('SIGTERM');
  // Stopping: not ready (once the busy process has read the signal), so that a load balancer sends no more.
  let readiness = 0;
  for (const deadline = Date.now() + 10_000; readiness !== 503 && Date.now() < deadline; await pause(100)) {
    readiness = await fetch(`${url}/v1/health`).then(
      (response) => response.status,
      () => 0,
    );
  }
  const answers = await Promise.all(exports);
  expect(readiness).toBe(503);
  expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
  // Each is the whole workbook of some 10 000 lines.
  expect(Math.min(...answers.map((answer) => answer.bytes))).toBeGreaterThan(250_000);
  expect([
    await exited,
    output()
      .split('\n')
      .filter((line) => /unclean|error/i.test(line)),
  ]).toEqual([0, []]);
  const late = await fetch(`${url}/v1/health`).then(
    (response) => response.status,
    (error: Error & { cause?: { code?: string } }) => error.cause?.code ?? error.message,
  );
  expect(late).toBe('ECONNREFUSED');
  expect(output()).toContain('database closed, bye');
}, 200_000);

it('stops within 2 s of SIGTERM when idle, though health checks come every 250 ms', async () => {
  await startServer({ ...env, SHUTDOWN_GRACE_SECONDS: '25' });
  const checks = setInterval(() => {
    for (const check of ['/v1/health', '/v1/health/live']) fetch(`${url}${check}`).catch(() => undefined);
  }, 250);
  try {
    await pause(1500);
    const exited = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)));
    const signalled = Date.now();
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(2000);
  } finally {
    clearInterval(checks);
  }
}, 120_000);
