/**
 * `npm run bench:inspection`: the 验针 record list GET /v1/inspection on the real server at 200 k records on a
 * throwaway PostgreSQL (tests/support/with-postgres.sh sets DATABASE_URL), against the packing list's latency
 * target (p95 ≤ 20 ms with 10 clients). `npm run admin -- demo:seed` makes the demo accounts; the records are
 * then generated in one statement (every one the demo customer `user`'s: the owner's worst case, a tenth of them
 * failed with a fragment) and analysed. Measured: owner-filtered (`user`) and clerk-wide (`clerk`), first page and
 * page 500 (offset 9 980), the default order (failures first, newest first), and the records of one line.
 *
 * Options: --records=200000 --connections=10 --seconds=8 --warmup=2. Prints figures; exits 0 whatever they are.
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import pg from 'pg';
import { bearerHeaders, projectRoot, signInDemo, startShipdesk } from '../support/server.mjs';
import { load } from './load.mjs';

const TARGET_P95_MS = 20;

function option(name, fallback) {
  const arg = process.argv.slice(2).find((a) => a.startsWith(`--${name}=`));
  return Number(arg ? arg.slice(arg.indexOf('=') + 1) : fallback);
}
const settings = {
  records: option('records', 200_000),
  connections: option('connections', 10),
  seconds: option('seconds', 8),
  warmup: option('warmup', 2),
};

const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) {
  console.error('DATABASE_URL is not set: run it as `npm run bench:inspection` (a throwaway PostgreSQL)');
  process.exit(1);
}
const database = 'shipdesk_bench_inspection';
const benchUrl = (() => {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
})();

async function withClient(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** `count` records of `user`, inspected by `inspector`, one a minute back from now; every tenth failed. */
const generateSql = (count) => `
  insert into inspections (po_no, line_keys, lines, lot_qty, mode, sample_size, detector_id, sensitivity_fe_mm,
    calibrated_at, inspected_qty, passed_qty, alarm_qty, fragments, result, owner, inspector, inspected_at)
  select 'PO' || lpad((g % 20000)::text, 6, '0'),
    array['BD' || lpad(g::text, 8, '0')],
    jsonb_build_array(jsonb_build_object('key', 'BD' || lpad(g::text, 8, '0'), 'cartonFrom', 1, 'cartonTo', 10, 'totalQty', 240)),
    240, 'sample', 50, 'MD-0' || (g % 5), 1.0, now() - make_interval(mins => g + 5),
    50, case when g % 10 = 0 then 49 else 50 end, case when g % 10 = 0 then 1 else 0 end,
    case when g % 10 = 0 then '[{"type":"brokenNeedle","lengthMm":10,"cartonNo":3}]'::jsonb else '[]'::jsonb end,
    case when g % 10 = 0 then 'fail' else 'pass' end,
    (select id from users where name = 'user'), (select id from users where name = 'inspector'),
    now() - make_interval(mins => g)
  from generate_series(1, ${count}) as g`;

const ms = (value) => value.toFixed(2);

async function main() {
  console.log(
    `验针 record list at ${settings.records.toLocaleString('en-US')} records, PostgreSQL, ${settings.connections} clients`,
  );
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
    const started = performance.now();
    await withClient(benchUrl, async (client) => {
      // Flushed at commit (the throwaway server commits asynchronously): VACUUM marks a page all-visible only
      // once its inserter's commit is on disk, and deep pages want index-only scans.
      await client.query('set synchronous_commit = on');
      await client.query(generateSql(settings.records));
      await client.query('vacuum analyze inspections');
    });
    console.log(`generated in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);

    const owner = bearerHeaders(await signInDemo(server.url, 'user'));
    const clerk = bearerHeaders(await signInDemo(server.url, 'clerk'));
    const scenarios = [
      ['owner first page', owner, '/v1/inspection?current=1&pageSize=20'],
      ['owner page 500', owner, '/v1/inspection?current=500&pageSize=20'],
      ['clerk first page', clerk, '/v1/inspection?current=1&pageSize=20'],
      ['clerk page 500', clerk, '/v1/inspection?current=500&pageSize=20'],
      ['owner, one line', owner, '/v1/inspection?lineKey=BD00012345'],
      ['clerk, PO prefix', clerk, '/v1/inspection?poNo=PO0123&current=1&pageSize=20'],
    ];
    console.log(
      `${'call'.padEnd(18)} ${'total'.padStart(8)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}  target p95 ≤ ${TARGET_P95_MS} ms`,
    );
    for (const [name, headers, path] of scenarios) {
      const first = await fetch(`${server.url}${path}`, { headers });
      const body = await first.json();
      if (first.status !== 200) throw new Error(`${path}: HTTP ${first.status} ${JSON.stringify(body)}`);
      await load(`${server.url}${path}`, { headers, connections: settings.connections, seconds: settings.warmup });
      const result = await load(`${server.url}${path}`, {
        headers,
        connections: settings.connections,
        seconds: settings.seconds,
      });
      const total = `${body.total}${body.totalIsEstimate ? '+' : ''}`;
      console.log(
        `${name.padEnd(18)} ${total.padStart(8)} ${result.rps.toFixed(0).padStart(8)} ${ms(result.p50).padStart(8)} ${ms(result.p95).padStart(8)}  ${result.p95 <= TARGET_P95_MS ? 'PASS' : 'MISS'}${result.failures ? ` (${result.failures} failed)` : ''}`,
      );
    }
  } finally {
    await server.stop();
    await withClient(adminUrl, (client) => client.query(`drop database if exists ${database}`));
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
