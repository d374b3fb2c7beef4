/**
 * `npm run bench:api`: requests/s and latency of GET /v1/users/current on the real server, next to a bare
 * Fastify route that answers the same JSON from memory — what the app's layers (token check against the
 * database, the user query, validation, serialization, logging) cost on top of Fastify itself.
 *
 * Servers, each a spawned process so that the load generator (this process) does not share its event loop:
 *   - bare:  Fastify 5, one route, logger off, the JSON captured from the real server;
 *   - app:   the real server as `npm start` runs it (dist/ built if stale, compiled server, PGlite on a fresh
 *            temporary DATA_DIR, demo accounts), with its default request logging (LOG_LEVEL=info, to a file);
 *   - app, LOG_LEVEL=warn: the same without the two log lines per request.
 * Load (load.mjs): C keep-alive connections on loopback, each sending its next request when the previous answer
 * is read, for a fixed time after a warm-up. Options: --connections=10 --seconds=5 --warmup=2.
 * It prints figures and exits 0; it fails only when a server cannot be measured.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bearerHeaders, freePort, signInDemo, startShipdesk } from '../support/server.mjs';
import { load } from './load.mjs';

const self = fileURLToPath(import.meta.url);
const ROUTE = '/v1/users/current';

const options = Object.fromEntries(
  process.argv
    .slice(2)
    .map((arg) => /^--(\w+)=(\d+(?:\.\d+)?)$/.exec(arg))
    .filter(Boolean)
    .map(([, key, value]) => [key, Number(value)]),
);
const connections = options.connections ?? 10;
const seconds = options.seconds ?? 5;
const warmup = options.warmup ?? 2;

/** `node api.mjs --bare <port> <json file>`: the bare Fastify server. */
async function bareServer(port, jsonFile) {
  const { default: Fastify } = await import('fastify');
  const body = JSON.parse(fs.readFileSync(jsonFile, 'utf8'));
  const app = Fastify({ logger: false });
  app.get(ROUTE, async () => body);
  await app.listen({ port: Number(port), host: '127.0.0.1' });
  process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
  process.send?.('ready');
}

async function measure(label, url, headers) {
  process.stdout.write(`  ${label}: warm-up ${warmup} s, measuring ${seconds} s… `);
  await load(url, { headers, connections, seconds: warmup });
  const result = await load(url, { headers, connections, seconds });
  console.log(`${Math.round(result.rps)} req/s`);
  if (result.failures) console.log(`    ${result.failures} requests failed or answered non-200`);
  return { label, ...result };
}

async function startBare(body) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shipdesk-bench-'));
  const jsonFile = path.join(dir, 'current-user.json');
  fs.writeFileSync(jsonFile, JSON.stringify(body));
  const port = await freePort();
  const child = spawn(process.execPath, [self, '--bare', String(port), jsonFile], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`the bare server exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Measures GET /v1/users/current on a freshly started real server with the given log level. */
async function measureApp(label, logLevel) {
  const server = await startShipdesk({ env: { LOG_LEVEL: logLevel } });
  try {
    const headers = bearerHeaders(await signInDemo(server.url));
    const answer = await fetch(`${server.url}${ROUTE}`, { headers });
    if (!answer.ok) throw new Error(`${ROUTE}: HTTP ${answer.status}`);
    const body = await answer.json();
    return { result: await measure(label, `${server.url}${ROUTE}`, headers), body, headers };
  } finally {
    await server.stop();
  }
}

async function main() {
  const [cpu] = os.cpus();
  console.log(
    `GET ${ROUTE}: ${connections} connections, ${warmup} s warm-up + ${seconds} s, loopback, load generator in this process`,
  );
  console.log(
    `node ${process.version}, ${os.cpus().length} × ${cpu?.model ?? 'cpu'}, load average ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}\n`,
  );
  console.log('Starting the real server (npm start: PGlite on a temporary DATA_DIR, demo accounts), measuring:');
  const info = await measureApp('app, LOG_LEVEL=info (npm start)', 'info');
  const warn = await measureApp('app, LOG_LEVEL=warn', 'warn');

  const bare = await startBare(info.body);
  let bareResult;
  try {
    bareResult = await measure('bare Fastify, same JSON from memory', `${bare.url}${ROUTE}`, info.headers);
  } finally {
    await bare.stop();
  }

  const rows = [bareResult, info.result, warn.result];
  const ms = (value) => value.toFixed(2);
  console.log(
    `\n${'server'.padEnd(38)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)} ${'req/s vs bare'.padStart(14)} ${'p95 vs bare'.padStart(12)}`,
  );
  for (const row of rows) {
    console.log(
      `${row.label.padEnd(38)} ${String(Math.round(row.rps)).padStart(8)} ${ms(row.p50).padStart(8)} ${ms(row.p95).padStart(8)} ${ms(row.p99).padStart(8)} ${ms(row.max).padStart(8)} ${`${((row.rps / bareResult.rps) * 100).toFixed(1)} %`.padStart(14)} ${`${(row.p95 / bareResult.p95).toFixed(1)} ×`.padStart(12)}`,
    );
  }
  console.log(
    `\nratio app/bare (npm start): ${(info.result.rps / bareResult.rps).toFixed(3)} of the requests/s, ${(info.result.p95 / bareResult.p95).toFixed(1)} × the p95`,
  );
}

if (process.argv[2] === '--bare') {
  await bareServer(process.argv[3], process.argv[4]);
} else {
  await main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
