/** The admin command's way to the running server: only with the secret, one backup at a time, a stale file ignored. */
import { spawn } from 'node:child_process';
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

it('answers a body that is not JSON with 400 and one over 4 KB with 413', async () => {
  const stop = await serveBackups(dataDir, async () => 'done');
  const post = (body: string) =>
    fetch(`http://127.0.0.1:${control().port}/backup`, {
      method: 'POST',
      headers: { authorization: `Bearer ${control().token}` },
      body,
    }).then(async (response) => [response.status, (await response.json()).error]);
  expect(await post('{"file":')).toEqual([400, 'the request is not JSON']);
  expect(await post('null')).toEqual([400, 'file: an absolute path']);
  expect(await post(JSON.stringify({ file: `/${'x'.repeat(10_000)}` }))).toEqual([413, 'the request is over 4096 bytes']);
  await stop();
});

it('says that the server died while it wrote the backup, not only that a fetch failed', async () => {
  const server = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(__dirname, '..', 'testing', 'dyingBackupServer.ts'), dataDir],
    {
      stdio: 'ignore',
    },
  );
  const exited = new Promise((resolve) => server.on('exit', resolve));
  for (const deadline = Date.now() + 30_000; !fs.existsSync(path.join(dataDir, 'control.json'));) {
    if (Date.now() > deadline) throw new Error('the serving process did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await expect(askServerForBackup(dataDir, '/x.sql')).rejects.toThrow(
    `the running server (process ${server.pid}) was writing the backup to /x.sql, but it stopped before it finished: no backup was written`,
  );
  await exited;
}, 60_000);
