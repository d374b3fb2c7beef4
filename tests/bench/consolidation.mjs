/**
 * `npm run bench:consolidation`: loading lines into a container in one call, PATCH /v1/bulkslist with
 * `containerKey` (and taking them out again with null), on the real server and a throwaway PostgreSQL holding
 * `--lines` packing lines of the demo customer; then the consolidation hall's two lists with 10 clients — the
 * customer's waiting 拼柜 lines and their open containers — and the goods-waiting list once. Targets (issue 12):
 * 500 lines loaded in one call in under 1 s; the hall's lists p95 ≤ 20 ms (the packing list's). Prints figures;
 * exits 0.
 *
 * Options: --lines=1000000 --batch=500 --rounds=5 --connections=10 --seconds=8.
 */
import { bearerHeaders, signInDemo } from '../support/server.mjs';
import { load } from './load.mjs';
import { generateLines, option, TARGET_P95_MS, withBenchDatabase, withClient } from './listBench.mjs';

const lines = option('lines', 1_000_000);
const batch = option('batch', 500);
const rounds = option('rounds', 5);
const TARGET_MS = 1000;

const timed = async (work) => {
  const started = performance.now();
  const answer = await work();
  return { answer, ms: performance.now() - started };
};

await withBenchDatabase(
  { title: `装柜: ${batch} lines a call among ${lines.toLocaleString('en-US')}`, database: 'shipdesk_bench_consolidation' },
  async ({ benchUrl, server }) => {
    generateLines(benchUrl, lines);
    // A confirmed plan of the demo customer with a box large enough for every round, and `batch` lines waiting
    // for it (passed, 待拼柜, for its port).
    const { containerKey, keys } = await withClient(benchUrl, async (client) => {
      const owner = (await client.query(`select id from users where name = 'user'`)).rows[0].id;
      const plan = (
        await client.query(`select key, pod from osb_plans where owner = $1 and status = 'CONFIRMED' limit 1`, [owner])
      ).rows[0];
      const box = await client.query(
        `insert into osb_containers (plan_key, container_type, cbm_capacity, payload_kg, owner)
         values ($1, '40HQ', 1000000, 100000000, $2) returning key`,
        [plan.key, owner],
      );
      const chosen = await client.query(
        `update bulk_lines set status = 'pendingConsolidation', inspection_result = 'pass', destination = $2
         where key in (select key from bulk_lines where owner = $1 order by key limit $3) returning key`,
        [owner, plan.pod, batch],
      );
      await client.query('vacuum analyze bulk_lines');
      return { containerKey: box.rows[0].key, keys: chosen.rows.map((row) => row.key).sort() };
    });
    const headers = { ...bearerHeaders(await signInDemo(server.url, 'user')), 'content-type': 'application/json' };
    const patch = (versions, into) =>
      fetch(`${server.url}/v1/bulkslist`, {
        method: 'PATCH',
        headers,
        body: JSON.stringify({ keys, versions, containerKey: into }),
      }).then(async (response) => {
        const body = await response.json();
        if (response.status !== 200) throw new Error(`HTTP ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
        return Object.fromEntries(body.map((line) => [line.key, line.version]));
      });

    let versions = Object.fromEntries(keys.map((key) => [key, 1]));
    const loads = [];
    const unloads = [];
    for (let round = 0; round < rounds; round += 1) {
      const loaded = await timed(() => patch(versions, containerKey));
      loads.push(loaded.ms);
      const unloaded = await timed(() => patch(loaded.answer, null));
      unloads.push(unloaded.ms);
      versions = unloaded.answer;
    }
    // The hall as the customer opens it, the batch loaded in the box.
    await patch(versions, containerKey);
    const hall = [
      ['hall: waiting lines', '/v1/packing/bulkdata?type=multi&status=pendingConsolidation&current=1&pageSize=20'],
      ['hall: open containers', '/v1/osbContainer?current=1&pageSize=100'],
    ];
    const settings = { connections: option('connections', 10), seconds: option('seconds', 8) };
    const measured = [];
    for (const [name, path] of hall) {
      await load(`${server.url}${path}`, { headers, connections: settings.connections, seconds: 2 });
      measured.push([name, await load(`${server.url}${path}`, { headers, ...settings })]);
    }
    const goods = await timed(() => fetch(`${server.url}/v1/osbGoods`, { headers }).then((r) => r.json()));
    const text = (values) => values.map((v) => v.toFixed(0)).join(' / ');
    console.log(`\nload ${keys.length} lines (ms, ${rounds} rounds):   ${text(loads)}`);
    console.log(`unload ${keys.length} lines (ms, ${rounds} rounds): ${text(unloads)}`);
    const worst = Math.max(...loads);
    console.log(`slowest load ${worst.toFixed(0)} ms — target < ${TARGET_MS} ms ${worst < TARGET_MS ? 'PASS' : 'MISS'}`);
    for (const [name, result] of measured) {
      const verdict = result.p95 <= TARGET_P95_MS ? 'PASS' : 'MISS';
      console.log(
        `${name.padEnd(24)} ${result.rps.toFixed(0).padStart(6)} req/s  p50 ${result.p50.toFixed(2)} ms  p95 ${result.p95.toFixed(2)} ms  target p95 ≤ ${TARGET_P95_MS} ms ${verdict}`,
      );
    }
    console.log(`GET /v1/osbGoods (first page, ${goods.answer.total} groups): ${goods.ms.toFixed(0)} ms`);
  },
);
