/**
 * `npm run bench:compare`: the shipping-bulk comparison (GET /v1/shipping/bulkdata/compare, xlsx, and its page's
 * figures, …/compare/summary) over `--lines` packing lines of the demo customer on the real server and a
 * throwaway PostgreSQL. Prints the time to the last byte of the workbook, its size and rows, and the server's
 * resident memory sampled while it streams. Targets (issue 14): 1 M lines in under 30 s, memory under 300 MB.
 * Exits 0.
 *
 * Options: --lines=1000000 --rounds=2.
 */
import fs from 'node:fs';
import { bearerHeaders, signInDemo } from '../support/server.mjs';
import { generateLines, option, withBenchDatabase } from './listBench.mjs';

const lines = option('lines', 1_000_000);
const rounds = option('rounds', 2);
const TARGET_S = 30;
const TARGET_MB = 300;

/** The process's resident set in MB, from /proc (Linux). */
const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

await withBenchDatabase(
  { title: `出运对比表 over ${lines.toLocaleString('en-US')} lines`, database: 'shipdesk_bench_compare' },
  async ({ benchUrl, server }) => {
    generateLines(benchUrl, lines);
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
