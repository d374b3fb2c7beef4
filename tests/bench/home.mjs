/**
 * `npm run bench:home`: the home page's one call, GET /v1/user/statistics/shipment, for the customer, the clerk and
 * the inspector, on the real server and a throwaway PostgreSQL holding `--lines` packing lines of the demo customer
 * (with the demo's plans, B/Ls, declaration and calibrations) and `--inspections` inspections of the last 30 days.
 * Target (issue 15): p95 ≤ 20 ms with 10 clients at 1 M lines. Prints figures; exits 0.
 * `--sailing` containers of the customer sail this month, each holding 40 of its lines: 本月运费 splits every one of
 * them on each call (issue 50's freight per PO), the heaviest part of the customer's home.
 *
 * Options: --lines=1000000 --inspections=20000 --sailing=300 --connections=10 --seconds=8 --warmup=2.
 */
import { bearerHeaders, signInDemo } from '../support/server.mjs';
import { load } from './load.mjs';
import { generateLines, option, TARGET_P95_MS, withBenchDatabase, withClient } from './listBench.mjs';

const lines = option('lines', 1_000_000);
const inspectionCount = option('inspections', 20_000);
const sailing = option('sailing', 300);
const settings = { connections: option('connections', 10), seconds: option('seconds', 8), warmup: option('warmup', 2) };

/**
 * `sailing` copies of the customer's first booked plan, each sailing on a day of this month (China's) with a copy of
 * its first container, and 40 of the customer's generated lines loaded into each.
 */
const sailingSql = `
  create temporary table sailing as
    select n, 'OP9' || lpad(n::text, 7, '0') as plan_key, 'CT9' || lpad(n::text, 7, '0') as box_key
    from generate_series(1, ${sailing}) n;
  insert into osb_plans
    select (jsonb_populate_record(null::osb_plans, to_jsonb(p) || jsonb_build_object('key', s.plan_key, 'status', 'CONFIRMED',
      'etd', (date_trunc('month', now() at time zone 'Asia/Shanghai') + make_interval(days => s.n % 28))::date))).*
    from sailing s, (select * from osb_plans where owner = (select id from users where name = 'user')
      and status in ('CONFIRMED', 'LOADING') order by key limit 1) p;
  insert into osb_containers
    select (jsonb_populate_record(null::osb_containers, to_jsonb(c) || jsonb_build_object('key', s.box_key,
      'plan_key', s.plan_key, 'container_no', null))).*
    from sailing s, (select c.* from osb_containers c join osb_plans p on p.key = c.plan_key
      where p.owner = (select id from users where name = 'user') and p.status in ('CONFIRMED', 'LOADING')
      order by p.key, c.key limit 1) c;
  update bulk_lines b set plan_key = s.plan_key, container_key = s.box_key, status = 'allocated'
    from (select key, (row_number() over (order by key) - 1) / 40 + 1 as n from bulk_lines
      where owner = (select id from users where name = 'user') and container_key is null
      order by key limit ${sailing * 40}) picked
    join sailing s on s.n = picked.n
    where b.key = picked.key;`;

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
      await client.query(sailingSql);
      const [{ count }] = (await client.query(`select count(*)::int as count from bulk_lines where container_key like 'CT9%'`))
        .rows;
      console.log(`containers sailing this month: ${sailing}, holding ${count} lines`);
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
