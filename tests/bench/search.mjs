/**
 * `npm run bench:search`: the header search GET /v1/search?q= at 1 M packing lines and 200 k B/Ls on a throwaway
 * PostgreSQL, with 10 clients, against p95 ≤ 20 ms: what a clerk and a customer type — the start of a PO, of an
 * ODG item number, of a B/L number, an SO, a plan key, a whole SSCC — and the other customer (`user2`, who owns
 * none of it) typing the same start, who must find nothing as fast. The lines are `demo:generate`'s and the B/Ls
 * bench:bol's, all the demo customer `user`'s (the owner's worst case).
 *
 * Options: --lines=1000000 --bols=200000 --connections=10 --seconds=8 --warmup=2. Prints figures; exits 0.
 */
import { bolsSql } from './bolRows.mjs';
import { generateLinesInto, option, runListBench } from './listBench.mjs';
import { bearerHeaders, signInDemo } from '../support/server.mjs';

const lines = option('lines', 1_000_000);
const bols = option('bols', 200_000);
let po = '';
let odg = '';
let lineKey = '';

await runListBench({
  title: `search at ${lines.toLocaleString('en-US')} packing lines and ${bols.toLocaleString('en-US')} B/Ls`,
  database: 'shipdesk_bench_search',
  tables: ['bulk_lines', 'bills_of_lading', 'osb_orders', 'osb_plans', 'osb_containers', 'carton_labels'],
  generate: async (client) => {
    await generateLinesInto(client, lines);
    await client.query(bolsSql(bols));
    // A line deep in the table: its PO's start, its ODG item number's, and its first carton labelled.
    const [line] = (await client.query('select key, po_no, odg_item_no from bulk_lines order by key desc limit 1')).rows;
    [po, odg, lineKey] = [line.po_no, line.odg_item_no, line.key];
    await client.query(
      `insert into carton_labels (owner, po_no, carton_no) select owner, po_no, carton_from from bulk_lines where key = $1`,
      [lineKey],
    );
  },
  scenarios: async ({ user, clerk, server }) => {
    const other = bearerHeaders(await signInDemo(server.url, 'user2'));
    const sheet = await (await fetch(`${server.url}/v1/stickers?keys=${lineKey}`, { headers: user })).json();
    const q = (text) => `/v1/search?q=${encodeURIComponent(text)}`;
    const poStart = po.slice(0, -2);
    return [
      ['clerk, PO start', clerk, q(poStart)],
      ['customer, PO start', user, q(poStart.toLowerCase())],
      ['other customer, PO', other, q(poStart)],
      ['clerk, ODG item no.', clerk, q(odg.slice(0, 6))],
      ['clerk, B/L no. start', clerk, q('MAEU0101')],
      ['customer, B/L no.', user, q('MSCU01012345'.slice(0, 10))],
      ['other customer, B/L', other, q('MAEU0101')],
      ['clerk, SO start', clerk, q('BK70012')],
      ['customer, plan key', user, q('OP0000')],
      ['clerk, whole SSCC', clerk, q(`00${sheet.stickers[0].sscc}`)],
      ['clerk, nothing found', clerk, q('ZZQ-NOTHING')],
    ];
  },
});
