/**
 * What the server writes under DATA_DIR is its account's only, though it was started with umask 022: after a first
 * start (a new embedded database), a mail in the outbox, an uploaded document and a backup written by the running
 * server, every folder is 0700 and every file 0600. A start on a DATA_DIR others can write warns.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServerProcess, type ServerProcess } from './testing/serverProcess';

const root = path.resolve(__dirname, '..');
let dataDir: string;
let server: ServerProcess | undefined;

beforeEach(() => {
  dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'shipdesk-modes-')), 'data');
});
afterEach(async () => {
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
});

const environment = () => ({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'info' });

/** Every entry under the folder whose mode is not 0700 (folders) or 0600 (files), with its mode. */
function tooOpen(folder: string): string[] {
  const found: string[] = [];
  const stat = fs.statSync(folder);
  if ((stat.mode & 0o777) !== 0o700) found.push(`${folder} ${(stat.mode & 0o777).toString(8)}`);
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const at = path.join(folder, entry.name);
    if (entry.isDirectory()) found.push(...tooOpen(at));
    else if ((fs.statSync(at).mode & 0o777) !== 0o600) found.push(`${at} ${(fs.statSync(at).mode & 0o777).toString(8)}`);
  }
  return found;
}

async function call(method: string, pathname: string, token?: string, body?: BodyInit, type?: string) {
  const response = await fetch(`${server!.url}${pathname}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(type ? { 'content-type': type } : {}) },
    body,
  });
  return { status: response.status, json: await response.json().catch(() => undefined) };
}

it('keeps the database, a mail, an upload and a backup for the server’s account only', async () => {
  server = await startServerProcess(environment(), { umask: 0o022 });
  expect(fs.readdirSync(path.join(dataDir, 'pglite')).length).toBeGreaterThan(5);

  expect((await call('POST', '/v1/auth/forgot', undefined, JSON.stringify({ name: 'user' }), 'application/json')).status).toBe(
    200,
  );
  expect(fs.readdirSync(path.join(dataDir, 'outbox')).some((file) => file.endsWith('.eml'))).toBe(true);

  const login = await call(
    'POST',
    '/v1/auth/login',
    undefined,
    JSON.stringify({ type: 'account', userName: 'clerk', password: 'shipdesk123' }),
    'application/json',
  );
  const [declaration] = (await call('GET', '/v1/declaration', login.json.token)).json.data;
  const form = new FormData();
  form.append(
    'file',
    new Blob([Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')], { type: 'application/pdf' }),
    '合同.pdf',
  );
  expect((await call('POST', `/v1/declaration/${declaration.key}/documents/contract`, login.json.token, form)).status).toBe(200);

  const backup = spawnSync(
    path.join(root, 'node_modules', '.bin', 'tsx'),
    [path.join(root, 'server', 'cli.ts'), 'backup', path.join(dataDir, 'backups', 'now.sql')],
    { cwd: root, env: environment(), encoding: 'utf8' },
  );
  expect([backup.status, backup.stderr]).toEqual([0, '']);
  expect(fs.existsSync(path.join(dataDir, 'backups', 'now.sql'))).toBe(true);

  expect(tooOpen(dataDir)).toEqual([]);
  expect(server.output()).not.toContain('can be written by other accounts');
}, 120_000);

it('warns at start when other accounts can write DATA_DIR', async () => {
  fs.mkdirSync(dataDir, { mode: 0o777 });
  fs.chmodSync(dataDir, 0o777);
  server = await startServerProcess(environment());
  expect(server.output()).toContain(`DATA_DIR ${dataDir} can be written by other accounts (mode 777): chmod 700 it`);
}, 120_000);
