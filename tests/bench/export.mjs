/**
 * `npm run bench:export`: 导出 of the lists on the real server and a throwaway PostgreSQL — 100 000 B/Ls and
 * 100 000 booking plans of the demo customer, exported whole by the customer and by the clerk, and filtered.
 * Each export runs on a server process of its own, started for it (its memory is the export's, not what earlier
 * work left in the heap). Prints the time to the last byte of each workbook, its size, its rows, and the server's
 * resident memory at rest and at its peak, sampled while it streams. Targets (issue 28): 100 000 rows in under
 * 10 s and under 200 MB RSS. Exits 0.
 *
 * Options: --rows=100000 --rounds=2.
 */
import fs from 'node:fs';
import zlib from 'node:zlib';
import { bearerHeaders, signInDemo, startShipdesk } from '../support/server.mjs';
import { bolsSql } from './bolRows.mjs';
import { option, withBenchDatabase, withClient } from './listBench.mjs';
import { plansSql } from './planRows.mjs';

const rows = option('rows', 100_000);
const rounds = option('rounds', 2);
const TARGET_S = 10;
const TARGET_MB = 200;

/** The data rows of the workbook (its sheet's rows but the header), read from its XML. */
function rowsOf(file) {
  let at = file.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = file.readUInt16LE(at + 10);
  at = file.readUInt32LE(at + 16);
  for (let n = 0; n < count; n += 1) {
    const nameLength = file.readUInt16LE(at + 28);
    const name = file.toString('utf8', at + 46, at + 46 + nameLength);
    if (name === 'xl/worksheets/sheet1.xml') {
      const local = file.readUInt32LE(at + 42);
      const start = local + 30 + file.readUInt16LE(local + 26) + file.readUInt16LE(local + 28);
      const xml = zlib.inflateRawSync(file.subarray(start, start + file.readUInt32LE(at + 20))).toString();
      return (xml.match(/<row /g) ?? []).length - 1;
    }
    at += 46 + nameLength + file.readUInt16LE(at + 30) + file.readUInt16LE(at + 32);
  }
  throw new Error('no sheet in the workbook');
}

/** The process's resident set in MB, from /proc (Linux). */
const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

await withBenchDatabase(
  {
    title: `导出 of ${rows.toLocaleString('en-US')} B/Ls and ${rows.toLocaleString('en-US')} plans`,
    database: 'shipdesk_bench_export',
  },
  async ({ benchUrl, server }) => {
    await withClient(benchUrl, async (client) => {
      await client.query(plansSql(rows));
      await client.query(bolsSql(rows));
      for (const table of ['osb_plans', 'bills_of_lading']) await client.query(`vacuum analyze ${table}`);
    });
    const scenarios = [
      ['B/Ls, customer, all', 'user', '/v1/bol/export'],
      ['B/Ls, clerk, all by ETD', 'clerk', '/v1/bol/export?sorter=etd:ascend'],
      ['B/Ls, clerk, 已签发', 'clerk', '/v1/bol/export?status=ISSUED'],
      ['plans, customer, all', 'user', '/v1/osbplan/export'],
      ['plans, clerk, USLAX', 'clerk', '/v1/osbplan/export?pod=USLAX'],
    ];
    await server.stop();
    console.log(
      `${'export'.padEnd(26)} ${'rows'.padStart(8)} ${'MB'.padStart(6)} ${'first ms'.padStart(9)} ${'last s'.padStart(7)} ${'at rest'.padStart(8)} ${'peak'.padStart(8)}  target < ${TARGET_S} s, < ${TARGET_MB} MB`,
    );
    for (let round = 1; round <= rounds; round += 1) {
      for (const [name, account, path] of scenarios) {
        const own = await startShipdesk({ env: { DATABASE_URL: benchUrl, LOG_LEVEL: 'warn' } });
        try {
          const headers = bearerHeaders(await signInDemo(own.url, account));
          const before = rssMb(own.pid);
          let peak = before;
          const sampler = setInterval(() => (peak = Math.max(peak, rssMb(own.pid))), 25);
          const started = performance.now();
          const response = await fetch(`${own.url}${path}`, { headers });
          if (response.status !== 200) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
          const chunks = [];
          let firstByteMs;
          for await (const chunk of response.body) {
            firstByteMs ??= performance.now() - started;
            chunks.push(chunk);
          }
          const seconds = (performance.now() - started) / 1000;
          clearInterval(sampler);
          const file = Buffer.concat(chunks);
          const rows = rowsOf(file);
          const ok = seconds < TARGET_S && peak < TARGET_MB;
          console.log(
            `${`${name} (${round})`.padEnd(26)} ${String(rows).padStart(8)} ${(file.length / 1024 / 1024).toFixed(1).padStart(6)} ${firstByteMs.toFixed(0).padStart(9)} ${seconds.toFixed(1).padStart(7)} ${`${before.toFixed(0)} MB`.padStart(8)} ${`${peak.toFixed(0)} MB`.padStart(8)}  ${ok ? 'PASS' : 'MISS'}`,
          );
        } finally {
          await own.stop();
        }
      }
    }
  },
);
