/**
 * `npm run bench:home`: the home page's one call, GET /v1/user/statistics/shipment, for the customer, the clerk and
 * the inspector, on the real server and a throwaway PostgreSQL holding `--lines` packing lines of the demo customer
 * (with the demo's plans, B/Ls, declaration and calibrations) and `--inspections` inspections of the last 30 days.
 * Target (issue 15): p95 ≤ 20 ms with 10 clients at 1 M lines. Prints figures; exits 0.
 *
 * Options: --lines=1000000 --inspections=20000 --connections=10 --seconds=8 --warmup=2.
 */
import { bearerHeaders, signInDemo } from '../support/server.mjs';
import { load } from './load.mjs';
import { generateLines, option, TARGET_P95_MS, withBenchDatabase, withClient } from './listBench.mjs';

const lines = option('lines', 1_000_000);
const inspectionCount = option('inspections', 20_000);
const settings = { connections: option('connections', 10), seconds: option('seconds', 8), warmup: option('warmup', 2) };

/** Inspections of random generated lots over the last 30 days, one in 50 failed (a busy factory's rate). */
const inspectionsSql = `
  insert into inspections (po_no, line_keys, lines, lot_qty, mode, sample_size, detector_id, sensitivity_fe_mm, calibrated_at,
    inspected_qty, passed_qty, alarm_qty, fragments, result, owner, inspector, inspected_at)
  select b.po_no, array[b.key], jsonb_build_array(jsonb_build_object('key', b.key, 'cartonFrom', b.carton_from,
      'cartonTo', b.carton_to, 'totalQty', b.total_qty)), b.total_qty, 'sample', 32, 'MD-' || (n % 6), 1.0, now(),
    32, 32 - (n % 50 = 0)::int, (n % 50 = 0)::int, '[]'::jsonb, case when n % 50 = 0 then 'fail' else 'pass' end, b.owner,
    (select id from users where name = 'inspector'), now() - make_interval(mins => (n * 2)::int)
  from (select key, row_number() over () as n from bulk_lines tablesample system (5) limit ${inspectionCount}) as picked
  join bulk_lines b on b.key = picked.key`;

await withBenchDatabase(
  {
    title: `出运首页 at ${lines.toLocaleString('en-US')} lines`,
    database: 'shipdesk_bench_home',
    connections: settings.connections,
  },
  async ({ benchUrl, server }) => {
    const started = performance.now();
    generateLines(benchUrl, lines);
    await withClient(benchUrl, async (client) => {
      await client.query('set synchronous_commit = on');
      const { rowCount } = await client.query(inspectionsSql);
      console.log(`inspections added: ${rowCount}`);
      // Every table, the trigger-kept counters too: a steady state, not autovacuum catching up during the run.
      await client.query('vacuum analyze');
    });
    console.log(`generated in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
    console.log(
      `${'caller'.padEnd(12)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}  target p95 ≤ ${TARGET_P95_MS} ms`,
    );
    for (const name of ['user', 'documentClerk', 'inspector']) {
      const account = name === 'documentClerk' ? 'clerk' : name;
      const headers = bearerHeaders(await signInDemo(server.url, account));
      const url = `${server.url}/v1/user/statistics/shipment`;
      const first = await fetch(url, { headers });
      if (first.status !== 200) throw new Error(`${account}: HTTP ${first.status} ${await first.text()}`);
      await load(url, { headers, connections: settings.connections, seconds: settings.warmup });
      const result = await load(url, { headers, connections: settings.connections, seconds: settings.seconds });
      console.log(
        `${name.padEnd(12)} ${result.rps.toFixed(0).padStart(8)} ${result.p50.toFixed(2).padStart(8)} ${result.p95.toFixed(2).padStart(8)}  ${result.p95 <= TARGET_P95_MS ? 'PASS' : 'MISS'}${result.failures ? ` (${result.failures} failed)` : ''}`,
      );
    }
  },
);
