/**
 * `npm run bench:compare`: the shipping-bulk comparison (GET /v1/shipping/bulkdata/compare, xlsx, and its page's
 * figures, …/compare/summary) over `--lines` packing lines of the demo customer on the real server and a
 * throwaway PostgreSQL. Prints the time to the last byte of the workbook, its size and rows, and the server's
 * resident memory sampled while it streams. Targets (issue 14): 1 M lines in under 30 s, memory under 300 MB —
 * with costs (issue 50): every line pays freight, the multi lines in shipped containers (25 a box, 5 boxes a plan,
 * a third split by weight), the single ones in loose bookings (10 a booking), so that the workbook's 运费 columns
 * split every box and booking in the database. Exits 0.
 *
 * Options: --lines=1000000 --rounds=2 --costs=1 (0: the lines alone, as before issue 50).
 */
import fs from 'node:fs';
import { bearerHeaders, signInDemo } from '../support/server.mjs';
import { generateLines, option, withBenchDatabase, withClient } from './listBench.mjs';

const lines = option('lines', 1_000_000);
const rounds = option('rounds', 2);
const costs = option('costs', 1) === 1;
const TARGET_S = 30;
const TARGET_MB = 300;

/** Puts every generated line where it pays freight: the multi lines in containers, the single ones in loose bookings. */
async function bookEveryLine(url) {
  const started = performance.now();
  await withClient(url, async (client) => {
    const [{ owner, multi, single }] = (
      await client.query(`select min(owner::text) as owner, count(*) filter (where type = 'multi')::int as multi,
        count(*) filter (where type = 'single')::int as single from bulk_lines`)
    ).rows;
    const plans = Math.ceil(multi / 125);
    const bookings = Math.ceil(single / 10);
    await client.query('begin');
    await client.query(
      `insert into osb_plans (osb_factory, carrier, pol, pod, etd, eta, week_no, container_type, quantity, price_snapshot,
        status, owner)
      select 'BENCH', 'MSCU', 'CNSHA', 'USLAX', date '2026-01-05' + g % 300, date '2026-02-05' + g % 300, '2026-W01', '40HQ',
        5, jsonb_build_object('priceKey', 'PR-BENCH', 'carrier', 'MSCU', 'sailingDate', '2026-01-05',
          'amount', 1800 + g % 700, 'currency', 'USD', 'fixedAt', now()), 'SHIPPED', $1
      from generate_series(0, $2 - 1) g`,
      [owner, plans],
    );
    await client.query(
      `insert into osb_containers (plan_key, container_type, cbm_capacity, payload_kg, freight_basis, active, owner)
      select p.key, '40HQ', 68, 26540, case when c = 0 then 'gw' else 'cbm' end, false, $1
      from osb_plans p cross join generate_series(0, 4) c where p.osb_factory = 'BENCH'`,
      [owner],
    );
    await client.query(
      `insert into loose_bookings (destination, forwarder, cfs_cut_off, line_count, carton_count, total_qty, total_gw, cbm,
        status, documents, owner)
      select 'Los Angeles', '中外运', date '2026-01-05' + g % 300, 10, 200, 0, 0, 0.5 + g % 20, 'RECEIVED', '{}', $1
      from generate_series(0, $2 - 1) g`,
      [owner, bookings],
    );
    await client.query(`update bulk_lines l set container_key = b.key
      from (select key, row_number() over (order by key) - 1 as n from bulk_lines where type = 'multi') x
      join (select key, row_number() over (order by key) - 1 as i from osb_containers) b on b.i = x.n / 25
      where l.key = x.key`);
    await client.query(`update bulk_lines l set plan_key = b.key
      from (select key, row_number() over (order by key) - 1 as n from bulk_lines where type = 'single') x
      join (select key, row_number() over (order by key) - 1 as i from loose_bookings) b on b.i = x.n / 10
      where l.key = x.key`);
    await client.query('commit');
    await client.query('vacuum analyze bulk_lines');
    console.log(
      `costs: ${multi.toLocaleString('en-US')} lines in ${(plans * 5).toLocaleString('en-US')} containers of ` +
        `${plans.toLocaleString('en-US')} plans, ${single.toLocaleString('en-US')} in ` +
        `${bookings.toLocaleString('en-US')} loose bookings (${((performance.now() - started) / 1000).toFixed(0)} s)`,
    );
  });
}

/** The process's resident set in MB, from /proc (Linux). */
const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

await withBenchDatabase(
  { title: `出运对比表 over ${lines.toLocaleString('en-US')} lines`, database: 'shipdesk_bench_compare' },
  async ({ benchUrl, server }) => {
    generateLines(benchUrl, lines);
    if (costs) await bookEveryLine(benchUrl);
    const headers = bearerHeaders(await signInDemo(server.url, 'clerk'));
    console.log(`server memory before: ${rssMb(server.pid).toFixed(0)} MB`);

    for (let round = 1; round <= rounds; round += 1) {
      let started = performance.now();
      const summary = await (await fetch(`${server.url}/v1/shipping/bulkdata/compare/summary`, { headers })).json();
      const summaryMs = performance.now() - started;
      const { totals } = summary;
      console.log(
        `round ${round}: summary ${summaryMs.toFixed(0)} ms — ${totals.lineCount.toLocaleString('en-US')} lines, ` +
          `${totals.poCount.toLocaleString('en-US')} POs, ${totals.differingPoCount.toLocaleString('en-US')} differing`,
      );

      let peak = rssMb(server.pid);
      const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid))), 50);
      started = performance.now();
      const response = await fetch(`${server.url}/v1/shipping/bulkdata/compare`, { headers });
      if (response.status !== 200) throw new Error(`HTTP ${response.status}: ${await response.text()}`);
      let bytes = 0;
      let firstByteMs;
      for await (const chunk of response.body) {
        firstByteMs ??= performance.now() - started;
        bytes += chunk.length;
      }
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      const verdict = (ok) => (ok ? 'PASS' : 'MISS');
      console.log(
        `round ${round}: workbook ${(bytes / 1024 / 1024).toFixed(1)} MB, first byte ${firstByteMs.toFixed(0)} ms, ` +
          `last byte ${seconds.toFixed(1)} s (target < ${TARGET_S} s: ${verdict(seconds < TARGET_S)}), ` +
          `server memory peak ${peak.toFixed(0)} MB (target < ${TARGET_MB} MB: ${verdict(peak < TARGET_MB)})`,
      );
    }
  },
);
