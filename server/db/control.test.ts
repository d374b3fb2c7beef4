/** The admin command's way to the running server: only with the secret, one backup at a time, a stale file ignored. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { askServerForBackup, serveBackups } from './control';

let dataDir: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shipdesk-control-'));
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const control = () => JSON.parse(fs.readFileSync(path.join(dataDir, 'control.json'), 'utf8'));

it('asks the server, which answers what it wrote; the file is for its account only and goes with it', async () => {
  const asked: string[] = [];
  const stop = await serveBackups(dataDir, async (file) => {
    asked.push(file);
    return `backup written to ${file}`;
  });
  expect(fs.statSync(path.join(dataDir, 'control.json')).mode & 0o777).toBe(0o600);
  expect(await askServerForBackup(dataDir, '/backups/a.sql')).toBe(
    `backup written to /backups/a.sql by the running server (process ${process.pid})`,
  );
  expect(asked).toEqual(['/backups/a.sql']);
  await stop();
  expect(fs.existsSync(path.join(dataDir, 'control.json'))).toBe(false);
  expect(await askServerForBackup(dataDir, '/backups/b.sql')).toBeUndefined();
});

it('refuses a caller without the secret, a relative path and a second backup while one runs', async () => {
  let finish = () => undefined as void;
  const stop = await serveBackups(dataDir, () => new Promise((resolve) => (finish = () => resolve('done'))));
  const url = `http://127.0.0.1:${control().port}/backup`;
  const post = (token: string, file: unknown) =>
    fetch(url, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: JSON.stringify({ file }) });
  expect((await post('guess', '/x.sql')).status).toBe(403);
  expect((await post(control().token, 'x.sql')).status).toBe(400);
  const first = askServerForBackup(dataDir, '/first.sql');
  await new Promise((resolve) => setTimeout(resolve, 100));
  await expect(askServerForBackup(dataDir, '/second.sql')).rejects.toThrow('a backup is being written');
  finish();
  expect(await first).toMatch(/^done by the running server/);
  await stop();
});

it('takes a file left by a server that is gone for no server', async () => {
  fs.writeFileSync(path.join(dataDir, 'control.json'), JSON.stringify({ pid: 2 ** 22 + 1, port: 1, token: 'x' }));
  expect(await askServerForBackup(dataDir, '/x.sql')).toBeUndefined();
});
