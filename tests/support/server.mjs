/**
 * Starts the real Shipdesk server for browser tests and benchmarks: exactly what `npm start` runs (`node <its
 * flags> server/launch.mjs start`, which builds the SPA when dist/ is missing or older than its sources and
 * compiles the server when stale), on a free loopback port, with a fresh temporary DATA_DIR (so the embedded
 * database is empty and the demo accounts are seeded) and PUBLIC_URL pointing at it (so mailed links open here).
 * Plain ESM so that jest's globalSetup and the `node tests/bench/*.mjs` scripts share it.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { projectRoot, startArguments } from '../../server/startCommand.mjs';

export { projectRoot, startArguments };

/** The password of the demo accounts the first start seeds. */
export const DEMO_PASSWORD = 'shipdesk123';

/** Signs a demo account in through the API; answers the login answer (token, currentAuthority). */
export async function signInDemo(url, userName = 'user') {
  const response = await fetch(`${url}/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'account', userName, password: DEMO_PASSWORD }),
  });
  const answer = await response.json();
  if (answer.status !== 'ok') throw new Error(`the demo account ${userName} cannot sign in: ${JSON.stringify(answer)}`);
  return answer;
}

/** The headers of an API call made with a login answer's token. */
export const bearerHeaders = (session) => ({ authorization: `Bearer ${session.token}`, accept: 'application/json' });

/** A TCP port nobody listens on right now (the kernel picks it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The last lines of a file, to explain a failed start. */
function tail(file, lines = 40) {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/**
 * Starts the server and resolves once GET /v1/health answers 200.
 * @param {object} [options]
 * @param {string} [options.logFile] where the server's output goes (default: server.log in the data dir)
 * @param {Record<string,string>} [options.env] extra environment (e.g. LOG_LEVEL)
 * @param {number} [options.timeoutMs] how long a start (a umi build included) may take
 * @param {string} [options.dataDir] an existing DATA_DIR to use (e.g. a database a benchmark generated); kept on stop
 * @param {number} [options.port] the port to listen on (a restarted process takes its old one); a free one by default
 * @param {string} [options.root] an unpacked release to run (npm run release) instead of the checkout
 * @returns {Promise<{url: string, port: number, dataDir: string, outboxDir: string, logFile: string, pid: number, stop: () => Promise<void>}>}
 */
export async function startShipdesk({
  logFile,
  env = {},
  timeoutMs = 10 * 60_000,
  dataDir: givenDataDir,
  port: givenPort,
  root = projectRoot,
} = {}) {
  const dataDir = givenDataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'shipdesk-'));
  const port = givenPort ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const log = logFile ?? path.join(dataDir, 'server.log');
  fs.mkdirSync(path.dirname(log), { recursive: true });
  const out = fs.openSync(log, 'a');
  const child = spawn(process.execPath, startArguments(root), {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: url, ...env },
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  let exited = null;
  const exit = new Promise((resolve) => child.on('exit', (code, signal) => resolve((exited = { code, signal }))));
  // A test runner that dies must not leave the server behind.
  const killOnExit = () => child.exitCode === null && child.kill('SIGKILL');
  process.on('exit', killOnExit);

  const removeDataDir = () => {
    if (!givenDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const stop = async () => {
    process.off('exit', killOnExit);
    if (!exited) {
      child.kill('SIGTERM');
      let timer;
      const finished = await Promise.race([exit, new Promise((resolve) => (timer = setTimeout(resolve, 15_000, null)))]);
      clearTimeout(timer);
      if (!finished) {
        child.kill('SIGKILL');
        await exit;
      }
    }
    removeDataDir();
  };

  const deadline = Date.now() + timeoutMs;
  let building = false;
  for (;;) {
    if (exited) {
      const why = tail(log);
      removeDataDir();
      throw new Error(`the server exited during start-up (${JSON.stringify(exited)}):\n${why}`);
    }
    if (Date.now() > deadline) {
      const why = tail(log);
      await stop();
      throw new Error(`the server did not answer /v1/health within ${timeoutMs / 1000} s:\n${why}`);
    }
    try {
      const response = await fetch(`${url}/v1/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (!building && tail(log, 5).includes('umi build')) {
      building = true;
      console.error(`[shipdesk] dist/ is missing or stale: the server runs umi build first (log: ${log})`);
    }
    await sleep(250);
  }
  return { url, port, dataDir, outboxDir: path.join(dataDir, 'outbox'), logFile: log, pid: child.pid, stop };
}
