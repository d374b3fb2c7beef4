/**
 * kill -9 during a declaration document's upload leaves nothing half-written: a server of its own (the real start,
 * as `npm start` runs it, on a data directory of its own) is killed at several moments of a 10 MB upload
 * — while the body arrives, while its chunks are written, around the short transaction that adds the row and
 * ticks the document — and started again on the same data. Each time, a ticked document has its file, and the
 * file it serves is the whole upload, byte for byte; an upload cut off before its row leaves the document unticked.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Declaration } from '../../contract/declaration/schema';
import { startArguments } from '../support/server.mjs';

const root = path.resolve(__dirname, '..', '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shipdesk-kill-'));
const file = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(10 * 1024 * 1024 - 1024)]);
let port: number;
let server: ChildProcess;

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(free));
    });
  });
const url = (pathname: string) => `http://127.0.0.1:${port}${pathname}`;

async function start() {
  const log = fs.openSync(path.join(dataDir, 'server.log'), 'a');
  server = spawn(process.execPath, startArguments(), {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  for (let tries = 0; tries < 600; tries += 1) {
    try {
      if ((await fetch(url('/v1/health'))).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not start');
}

async function clerkToken(): Promise<string> {
  const response = await fetch(url('/v1/auth/login'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'account', userName: 'clerk', password: 'shipdesk123' }),
  });
  return (await response.json()).token;
}

beforeAll(async () => {
  port = await freePort();
  await start();
}, 120_000);
afterAll(async () => {
  if (server.exitCode === null) {
    server.kill('SIGTERM');
    await once(server, 'exit');
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('a 10 MB upload killed at any moment leaves no ticked document without its whole file', async () => {
  let token = await clerkToken();
  const pending = await fetch(url('/v1/declaration?status=PENDING'), { headers: { authorization: `Bearer ${token}` } });
  const [declaration] = (await pending.json()).data as Declaration[];
  expect(declaration.documents.declarationElements).toBe(false);
  const documentUrl = url(`/v1/declaration/${declaration.key}/documents/declarationElements`);
  const outcomes: string[] = [];
  for (const killAfterMs of [50, 150, 450, 800, 1200, 2000]) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)]), '申报要素.pdf');
    const upload = fetch(documentUrl, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } })
      .then((response) => response.status)
      .catch(() => 'cut off');
    await new Promise((resolve) => setTimeout(resolve, killAfterMs));
    server.kill('SIGKILL');
    await once(server, 'exit');
    const answered = await upload;
    await start();
    token = await clerkToken();
    const detail = (await (
      await fetch(url(`/v1/declaration/${declaration.key}`), { headers: { authorization: `Bearer ${token}` } })
    ).json()) as Declaration;
    const ticked = detail.documents.declarationElements;
    outcomes.push(`${killAfterMs} ms: upload ${answered}, ${ticked ? 'ticked' : 'not ticked'}`);
    // A ticked document has its file, and a file's row has all of its bytes.
    expect([killAfterMs, ticked, Boolean(detail.files.declarationElements)]).toEqual([killAfterMs, ticked, ticked]);
    if (ticked) {
      const served = await fetch(documentUrl, { headers: { authorization: `Bearer ${token}` } });
      expect(Buffer.from(await served.arrayBuffer()).equals(file)).toBe(true);
      break;
    }
    // The upload that answered 200 before the kill ticked it: then the loop has ended above.
    expect(answered).not.toBe(200);
  }
  console.log(`[upload kill] ${outcomes.join('; ')}`);
  // The kills fell both before and after the upload's transaction.
  expect([outcomes.some((o) => o.endsWith('not ticked')), outcomes.at(-1)?.endsWith(', ticked')]).toEqual([true, true]);
}, 300_000);
