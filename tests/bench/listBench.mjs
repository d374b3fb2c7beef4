/**
 * What the list benchmarks share (bench:inspection, bench:booking): a throwaway database on the PostgreSQL that
 * tests/support/with-postgres.sh started (DATABASE_URL), the demo accounts (`npm run admin -- demo:seed`), rows
 * generated in SQL and analysed, the real server on it, and each scenario measured with N clients against the
 * packing list's latency target (p95 ≤ 20 ms with 10 clients). `--only=text` measures the scenarios whose name
 * holds the text. Prints figures; exits 0 whatever they are.
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import pg from 'pg';
import { bearerHeaders, projectRoot, signInDemo, startShipdesk } from '../support/server.mjs';
import { load } from './load.mjs';

export const TARGET_P95_MS = 20;

/** `--name=value` of the command line as text, or `fallback`. */
export function textOption(name, fallback) {
  const arg = process.argv.slice(2).find((a) => a.startsWith(`--${name}=`));
  return arg ? arg.slice(arg.indexOf('=') + 1) : fallback;
}
/** `--name=value` of the command line, as a number, or `fallback`. */
export const option = (name, fallback) => Number(textOption(name, fallback));

/** `lines` packing lines of the demo customer in the database at `url` (`npm run admin -- demo:generate`). */
export function generateLines(url, lines) {
  execFileSync('npm', ['run', '--silent', 'admin', '--', 'demo:generate', '--lines', String(lines)], {
    cwd: projectRoot,
    env: { ...process.env, DATABASE_URL: url },
    stdio: 'ignore',
  });
}

/** As generateLines, into the database `client` is connected to (a list benchmark's `generate`). */
export async function generateLinesInto(client, lines) {
  const { rows } = await client.query('select current_database() as name');
  generateLines(Object.assign(new URL(process.env.DATABASE_URL), { pathname: `/${rows[0].name}` }).toString(), lines);
}

export async function withClient(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const ms = (value) => value.toFixed(2);

/**
 * A throwaway database `database` on the PostgreSQL of DATABASE_URL with the demo accounts, the real server on it,
 * `work({ benchUrl, server })`, then the server stopped and the database dropped.
 */
export async function withBenchDatabase({ title, database, connections }, work) {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    console.error('DATABASE_URL is not set: run it through its npm script (a throwaway PostgreSQL)');
    process.exit(1);
  }
  const benchUrl = Object.assign(new URL(adminUrl), { pathname: `/${database}` }).toString();
  console.log(`${title}, PostgreSQL${connections ? `, ${connections} clients` : ''}`);
  console.log(
    `host: ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}`,
  );
  await withClient(adminUrl, async (client) => {
    await client.query(`drop database if exists ${database}`);
    await client.query(`create database ${database}`);
  });
  // The demo accounts (and the schema): only the embedded database seeds itself on a first start.
  execFileSync('npm', ['run', '--silent', 'admin', '--', 'demo:seed'], {
    cwd: projectRoot,
    env: { ...process.env, DATABASE_URL: benchUrl },
    stdio: 'ignore',
  });
  const server = await startShipdesk({ env: { DATABASE_URL: benchUrl, LOG_LEVEL: 'warn' } });
  try {
    await work({ benchUrl, server });
  } finally {
    await server.stop();
    await withClient(adminUrl, (client) => client.query(`drop database if exists ${database}`));
  }
}

/**
 * Runs one list benchmark: `generate(client)` fills the database (synchronous commits, then VACUUM ANALYZE of
 * `tables`), `scenarios({ user, clerk, server })` names the calls as [label, headers, path] (or a promise of them,
 * for scenarios that ask the server first); `after({ user, clerk, server, benchUrl })`, if given, measures what
 * is no GET on the same data.
 */
export async function runListBench({ title, database, tables, generate, scenarios, after }) {
  const settings = { connections: option('connections', 10), seconds: option('seconds', 8), warmup: option('warmup', 2) };
  await withBenchDatabase({ title, database, connections: settings.connections }, async ({ benchUrl, server }) => {
    const started = performance.now();
    await withClient(benchUrl, async (client) => {
      // Flushed at commit (the throwaway server commits asynchronously): VACUUM marks a page all-visible only
      // once its inserter's commit is on disk, and deep pages want index-only scans.
      await client.query('set synchronous_commit = on');
      await generate(client);
      for (const table of tables) await client.query(`vacuum analyze ${table}`);
      // The generated pages written out now, not by a checkpoint during the first scenario.
      await client.query('checkpoint');
    });
    console.log(`generated in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);

    const callers = {
      user: bearerHeaders(await signInDemo(server.url, 'user')),
      clerk: bearerHeaders(await signInDemo(server.url, 'clerk')),
    };
    console.log(
      `${'call'.padEnd(22)} ${'total'.padStart(8)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}  target p95 ≤ ${TARGET_P95_MS} ms`,
    );
    // --only=text measures the scenarios whose name holds the text.
    const only = textOption('only', '');
    for (const [name, headers, path] of (await scenarios({ ...callers, server })).filter(([label]) => label.includes(only))) {
      const first = await fetch(`${server.url}${path}`, { headers });
      const body = await first.json();
      if (first.status !== 200) throw new Error(`${path}: HTTP ${first.status} ${JSON.stringify(body)}`);
      await load(`${server.url}${path}`, { headers, connections: settings.connections, seconds: settings.warmup });
      const result = await load(`${server.url}${path}`, {
        headers,
        connections: settings.connections,
        seconds: settings.seconds,
      });
      // A list's total (or its rows); a single record counts one.
      const total = body.total !== undefined ? `${body.total}${body.totalIsEstimate ? '+' : ''}` : `${body.data?.length ?? 1}`;
      console.log(
        `${name.padEnd(22)} ${total.padStart(8)} ${result.rps.toFixed(0).padStart(8)} ${ms(result.p50).padStart(8)} ${ms(result.p95).padStart(8)}  ${result.p95 <= TARGET_P95_MS ? 'PASS' : 'MISS'}${result.failures ? ` (${result.failures} failed)` : ''}`,
      );
    }
    await after?.({ ...callers, server, benchUrl });
  });
}
