/**
 * `npm run bench:cartons`: a scan — GET /v1/cartons/{sscc}, a carton by the SSCC on its sticker — at 1 M packing
 * lines on a throwaway PostgreSQL, against the scan target of issue 27 (p95 ≤ 20 ms with 10 scanners at once).
 * The lines are `demo:generate`'s (the demo customer `user`'s); each line's first carton gets a label (1 M serials,
 * as printing the stickers gives them). Measured: the customer scanning their own carton as a scanner sends it
 * (`00` + 18 digits), the clerk scanning the same carton, and the printed `(00) …` text typed in.
 *
 * Options: --lines=1000000 --connections=10 --seconds=8 --warmup=2. Prints figures; exits 0 whatever they are.
 */
import { execFileSync } from 'node:child_process';
import { option, runListBench } from './listBench.mjs';
import { projectRoot } from '../support/server.mjs';

const lines = option('lines', 1_000_000);
let scanned = '';

await runListBench({
  title: `箱码 scan at ${lines.toLocaleString('en-US')} packing lines`,
  database: 'shipdesk_bench_cartons',
  tables: ['bulk_lines', 'carton_labels'],
  generate: async (client) => {
    const { rows } = await client.query('select current_database() as name');
    const url = Object.assign(new URL(process.env.DATABASE_URL), { pathname: `/${rows[0].name}` }).toString();
    execFileSync('npm', ['run', '--silent', 'admin', '--', 'demo:generate', '--lines', String(lines)], {
      cwd: projectRoot,
      env: { ...process.env, DATABASE_URL: url },
      stdio: 'ignore',
    });
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
});
