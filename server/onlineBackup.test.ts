/**
 * A backup of the embedded database while the server serves, as `npm run admin -- backup` asks for it, with 30 MB
 * of documents stored: readiness, polled every 20 ms all the while, never waits over 200 ms, and the server's memory
 * grows by under 100 MB (the copy is of files, the dump in a process of its own). The backup restores into a new
 * DATA_DIR.
 */
import { randomBytes } from 'node:crypto';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startServerProcess, type ServerProcess } from './testing/serverProcess';

const root = path.resolve(__dirname, '..');
const admin = (env: NodeJS.ProcessEnv, ...args: string[]) =>
  promisify(execFile)(path.join(root, 'node_modules', '.bin', 'tsx'), [path.join(root, 'server', 'cli.ts'), ...args], {
    cwd: root,
    env,
  });
let folder: string;
let server: ServerProcess;

beforeAll(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'shipdesk-online-backup-'));
});
afterAll(async () => {
  if (server?.child.exitCode === null) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  fs.rmSync(folder, { recursive: true, force: true });
});

const residentMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

it('keeps readiness under 200 ms and memory under +100 MB while it backs up 30 MB of documents', async () => {
  const env = { ...process.env, DATA_DIR: path.join(folder, 'data'), DATABASE_URL: '', LOG_LEVEL: 'warn' };
  server = await startServerProcess(env);
  const login = await fetch(`${server.url}/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'account', userName: 'clerk', password: 'shipdesk123' }),
  }).then((response) => response.json());
  const headers = { authorization: `Bearer ${login.token}` };
  const { data } = await fetch(`${server.url}/v1/declaration`, { headers }).then((response) => response.json());
  // Three documents of 10 MB that do not compress: 30 MB of stored rows.
  for (const document of ['contract', 'invoice', 'packingList']) {
    const form = new FormData();
    const content = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(10 * 1024 * 1024 - 20), Buffer.from('\n%%EOF\n')]);
    form.append('file', new Blob([content], { type: 'application/pdf' }), `${document}.pdf`);
    const uploaded = await fetch(`${server.url}/v1/declaration/${data[0].key}/documents/${document}`, {
      method: 'POST',
      headers,
      body: form,
    });
    expect([document, uploaded.status]).toEqual([document, 200]);
  }

  const before = residentMb(server.child.pid!);
  let peak = before;
  const polls: number[] = [];
  let backingUp = true;
  const poller = (async () => {
    while (backingUp) {
      const started = performance.now();
      const response = await fetch(`${server.url}/v1/health`);
      polls.push(performance.now() - started);
      expect(response.status).toBe(200);
      peak = Math.max(peak, residentMb(server.child.pid!));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const file = path.join(folder, 'online.sql');
  const { stdout } = await admin(env, 'backup', file).finally(() => (backingUp = false));
  await poller;
  expect(stdout).toMatch(/backup written to .* by the running server/);
  expect(fs.statSync(file).size).toBeGreaterThan(30 * 1024 * 1024);
  console.log(
    `online backup: ${polls.length} readiness polls, slowest ${Math.round(Math.max(...polls))} ms; ` +
      `server RSS ${Math.round(before)} → peak ${Math.round(peak)} MB; ${stdout.trim()}`,
  );
  expect(Math.max(...polls)).toBeLessThan(200);
  expect(peak - before).toBeLessThan(100);

  // The backup is whole: it restores into a new DATA_DIR, whose accounts the admin command lists.
  const restoredEnv = { ...env, DATA_DIR: path.join(folder, 'restored') };
  await admin(restoredEnv, 'restore', file);
  const restored = await admin(restoredEnv, 'user:list');
  expect(restored.stdout).toContain('clerk');
}, 300_000);
