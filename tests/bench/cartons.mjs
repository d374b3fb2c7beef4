/**
 * `npm run bench:cartons`: a scan — GET /v1/cartons/{sscc}, a carton by the SSCC on its sticker — at 1 M packing
 * lines on a throwaway PostgreSQL, against the scan target of issue 27 (p95 ≤ 20 ms with 10 scanners at once).
 * The lines are `demo:generate`'s (the demo customer `user`'s); each line's first carton gets a label (1 M serials,
 * as printing the stickers gives them). Measured: the customer scanning their own carton as a scanner sends it
 * (`00` + 18 digits), the clerk scanning the same carton, and the printed `(00) …` text typed in.
 *
 * Then receiving by scan (POST /v1/handover/{key}/scans) on the same 1 M lines, after a warm-up: 10 clerks at 10
 * handovers at once, each scanning a carton every 200 ms; the same with no pause, each scanning its 500 cartons one
 * after the other (p50 / p95 of every scan, and of the first and the last 50: a flat line has the 500th as fast as
 * the first); one clerk alone scanning 500; and 10 clerks scanning into one handover (its row lock makes them queue,
 * each carton counted once). Every scan is checked as answered `received`.
 *
 * Options: --lines=1000000 --connections=10 --seconds=8 --warmup=2 --cartons=500. Prints figures; exits 0 whatever
 * they are.
 */
import { generateLinesInto, option, runListBench, TARGET_P95_MS, withClient } from './listBench.mjs';
import { connection, jsonRequest } from './load.mjs';

const lines = option('lines', 1_000_000);
const cartons = option('cartons', 500);
const SCANNERS = 10;
/** The handovers scanned into: one for each of the 10 clerks at once, one for the clerk alone, one shared by 10. */
const HANDOVERS = SCANNERS + 2;
/**
 * Before them, each clerk scans the cartons of a handover of its own that is not measured: a server process serves
 * for days, and the first scans of a fresh one (its code compiled, its connections opened) are not the ones a clerk
 * meets.
 */
const WARM_UP_CARTONS = 100;
/**
 * Scanners at work: a clerk scans a carton, sets it down and picks up the next, about one a second. Paced at one scan
 * each 200 ms (five times that), 10 clerks at once measure what a scan costs when the server is not saturated; the
 * runs above, with no pause at all, measure how many scans a second it takes and what a scan waits once it is.
 */
const PACE_MS = 200;
const PACED_CARTONS = 100;
let scanned = '';
const ms = (value) => value.toFixed(2);
/** The q-quantile of `values` (nearest rank). */
function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

await runListBench({
  title: `箱码 scan at ${lines.toLocaleString('en-US')} packing lines`,
  database: 'shipdesk_bench_cartons',
  tables: ['bulk_lines', 'carton_labels'],
  generate: async (client) => {
    await generateLinesInto(client, lines);
    await client.query(`insert into carton_labels (owner, po_no, carton_no)
      select owner, po_no, carton_from from bulk_lines order by key on conflict do nothing`);
    // A carton of a line deep in the table: the one scanned.
    scanned = (await client.query('select key from bulk_lines order by key desc limit 1')).rows[0].key;
  },
  scenarios: async ({ user, clerk, server }) => {
    const sheet = await (await fetch(`${server.url}/v1/stickers?keys=${scanned}`, { headers: user })).json();
    const { sscc, ssccText } = sheet.stickers[0];
    return [
      ['customer, scanner', user, `/v1/cartons/00${sscc}`],
      ['clerk, scanner', clerk, `/v1/cartons/00${sscc}`],
      ['customer, printed text', user, `/v1/cartons/${encodeURIComponent(ssccText)}`],
    ];
  },
  after: async ({ user, clerk, server, benchUrl }) => {
    const handovers = await withClient(benchUrl, (client) => confirmedHandovers(client, HANDOVERS, cartons, 'SCAN'));
    const warmUps = await withClient(benchUrl, (client) => confirmedHandovers(client, SCANNERS, WARM_UP_CARTONS, 'WARM'));
    const paced = await withClient(benchUrl, (client) => confirmedHandovers(client, SCANNERS, PACED_CARTONS, 'PACED'));
    /** The SSCCs on the stickers of each handover's cartons. */
    const stickersOf = async (list) => {
      const codes = [];
      for (const { poNo } of list) {
        const sheet = await (await fetch(`${server.url}/v1/stickers?poNo=${poNo}`, { headers: user })).json();
        codes.push(sheet.stickers.map((sticker) => sticker.sscc));
      }
      return codes;
    };
    const ssccs = await stickersOf(handovers);
    const warmUpSsccs = await stickersOf(warmUps);
    const pacedSsccs = await stickersOf(paced);
    // Each clerk's scanner on a keep-alive connection of its own, as the load generator's: Node's fetch would spend
    // a share of the 2 cores the server needs. Every scan must answer 200; the counts are checked at the end.
    const port = Number(new URL(server.url).port);
    /**
     * Scans `codes` one after the other into `key`, each `pace` ms after the last began, the first after `offset` ms
     * (clerks do not scan in step): the latency of each.
     */
    const scanAll = async (key, codes, pace = 0, offset = 0) => {
      const client = connection(port);
      const latencies = [];
      const begun = performance.now() + offset;
      for (const [i, code] of codes.entries()) {
        const wait = begun + i * pace - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const request = jsonRequest('POST', `${server.url}/v1/handover/${key}/scans`, clerk, { sscc: `00${code}` });
        const started = performance.now();
        const status = await client.get(request);
        latencies.push(performance.now() - started);
        if (status !== 200) throw new Error(`scan ${code} into ${key}: HTTP ${status}`);
      }
      client.close();
      return latencies;
    };

    await Promise.all(warmUps.map(({ key }, i) => scanAll(key, warmUpSsccs[i])));
    console.log(`\nreceiving by scan: ${cartons} cartons a handover, each scan answered 'received'`);
    console.log(
      `${'scanners'.padEnd(36)} ${'scans'.padStart(6)} ${'scans/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'first 50 p50'.padStart(13)} ${'last 50 p50'.padStart(12)}  target p95 ≤ ${TARGET_P95_MS} ms`,
    );
    /** Runs `scanners` (each answers its latencies) at once and prints their figures as `name`. */
    const report = async (name, scanners) => {
      const started = performance.now();
      const runs = await Promise.all(scanners.map((scan) => scan()));
      const seconds = (performance.now() - started) / 1000;
      const all = runs.flat();
      const first = runs.flatMap((run) => run.slice(0, 50));
      const last = runs.flatMap((run) => run.slice(-50));
      console.log(
        `${name.padEnd(36)} ${String(all.length).padStart(6)} ${String(Math.round(all.length / seconds)).padStart(8)} ${ms(quantile(all, 0.5)).padStart(8)} ${ms(quantile(all, 0.95)).padStart(8)} ${ms(quantile(first, 0.5)).padStart(13)} ${ms(quantile(last, 0.5)).padStart(12)}  ${quantile(all, 0.95) <= TARGET_P95_MS ? 'PASS' : 'MISS'}`,
      );
    };
    await report(
      `${SCANNERS} clerks, a scan each ${PACE_MS} ms`,
      paced.map(
        ({ key }, i) =>
          () =>
            scanAll(key, pacedSsccs[i], PACE_MS, (i * PACE_MS) / SCANNERS),
      ),
    );
    await report(
      `${SCANNERS} clerks, ${SCANNERS} handovers, no pause`,
      handovers.slice(0, SCANNERS).map(
        ({ key }, i) =>
          () =>
            scanAll(key, ssccs[i]),
      ),
    );
    await report('1 clerk, 1 handover, no pause', [() => scanAll(handovers[SCANNERS].key, ssccs[SCANNERS])]);
    const shared = handovers[SCANNERS + 1].key;
    const share = Math.ceil(cartons / SCANNERS);
    await report(
      `${SCANNERS} clerks, 1 handover, no pause`,
      Array.from({ length: SCANNERS }, (_, i) => () => scanAll(shared, ssccs[SCANNERS + 1].slice(i * share, (i + 1) * share))),
    );
    const counted = await withClient(benchUrl, (client) =>
      client.query('select key, cartons_scanned from loose_bookings where key = any($1) order by key', [
        handovers.map((handover) => handover.key),
      ]),
    );
    const short = counted.rows.filter((row) => row.cartons_scanned !== cartons);
    console.log(short.length ? `COUNT WRONG: ${JSON.stringify(short)}` : `every handover counts ${cartons} cartons once`);
  },
});

/**
 * `count` confirmed 散货 bookings of the demo customer, each holding one line of `cartons` cartons (a generated line
 * made loose, of a PO of its own named after `tag`) with every carton's label printed: what the clerks scan into.
 */
async function confirmedHandovers(client, count, cartons, tag) {
  const { rows: picked } = await client.query(
    `select key, owner from bulk_lines where owner = (select id from users where name = 'user') and po_no not like 'BENCH-%'
     order by key limit $1`,
    [count],
  );
  const handovers = [];
  for (const [i, line] of picked.entries()) {
    const poNo = `BENCH-${tag}-${i + 1}`;
    const { rows } = await client.query(
      `insert into loose_bookings (destination, forwarder, cfs_cut_off, line_count, carton_count, total_qty, total_gw,
         cbm, status, documents, owner)
       values ('Hamburg', '德迅', '2099-12-01', 1, $1::int, $1::int, $1::float8, 1, 'CONFIRMED',
         '{"packingList":false,"invoice":false,"entryNotice":false}', $2) returning key`,
      [cartons, line.owner],
    );
    const [{ key }] = rows;
    await client.query(
      `update bulk_lines set type = 'single', status = 'allocated', plan_key = $1, po_no = $2, carton_from = 1,
         carton_to = $3, carton_count = $3 where key = $4`,
      [key, poNo, cartons, line.key],
    );
    await client.query(`insert into carton_labels (owner, po_no, carton_no) select $1, $2, n from generate_series(1, $3) n`, [
      line.owner,
      poNo,
      cartons,
    ]);
    handovers.push({ key, poNo });
  }
  await client.query('vacuum analyze bulk_lines, carton_labels, loose_bookings');
  return handovers;
}
