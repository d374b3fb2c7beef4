/**
 * `npm run bench:bundle`: the JavaScript a browser loads for a page, read from Chromium's resource timings.
 *
 * Builds dist/ when missing or stale and starts the real server (as `npm start` does, on a temporary DATA_DIR),
 * then loads each page in a fresh Chromium profile (cold cache): /user/login signed out; /shipment and
 * /shipment/packing signed in as the demo customer `user` (the token is put in storage before the page loads,
 * so only that page's own JS is counted, not the login page's). For each page it lists every script —
 * performance.getEntriesByType('resource') plus the document's <script src> tags — with the bytes Chromium
 * received (encodedBodySize, compressed as the server serves it) and the gzip size of the file's content
 * (zlib level 9; the level-6 total is shown too), against the budgets of issues 2, 4 and 59.
 * It prints figures and exits 0 whatever they are; it fails only when a page cannot be measured.
 */
import zlib from 'node:zlib';
import { desktopContext, launchChromium } from '../support/browser.mjs';
import { accountOf, productPages as pages } from '../support/productPages.mjs';
import { signInDemo, startShipdesk } from '../support/server.mjs';

const KB = 1024;
/** src/layouts/prefetch.ts's PREFETCH_DELAY_MS: no page's own script starts that late after its navigation. */
const PREFETCH_FROM_MS = 3000;
const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;

/** Loads one page in a fresh profile and answers its scripts with their sizes. */
async function measure(browser, url, target, session) {
  const context = await desktopContext(browser, session);
  const page = await context.newPage();
  const encodings = new Map();
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script') {
      encodings.set(response.url(), (await response.allHeaders())['content-encoding'] ?? 'identity');
    }
  });
  await page.goto(`${url}${target.path}`);
  await target.ready(page);
  await page.waitForLoadState('networkidle');
  const landed = new URL(page.url()).pathname;
  if (landed !== target.path) throw new Error(`${target.path} ended on ${landed}`);

  // The page's own JS: what it asked for before the app starts loading the menu's other pages ahead
  // (src/layouts/prefetch.ts, PREFETCH_DELAY_MS after the frame shows).
  const { entries, tags } = await page.evaluate(
    (prefetchFrom) => ({
      entries: performance
        .getEntriesByType('resource')
        .filter((entry) => entry.initiatorType === 'script' || /\.m?js(\?|$)/.test(new URL(entry.name).pathname))
        .filter((entry) => entry.startTime < prefetchFrom)
        .map((entry) => ({ url: entry.name, transferred: entry.encodedBodySize })),
      tags: [...document.querySelectorAll('script[src]')].map((script) => script.src),
    }),
    PREFETCH_FROM_MS,
  );
  await context.close();

  const byUrl = new Map(entries.map((entry) => [entry.url, entry]));
  for (const src of tags) if (!byUrl.has(src)) byUrl.set(src, { url: src, transferred: undefined });
  const files = [];
  for (const entry of byUrl.values()) {
    const response = await fetch(entry.url, { headers: { 'accept-encoding': 'identity' } });
    if (!response.ok) throw new Error(`${entry.url}: HTTP ${response.status}`);
    const content = Buffer.from(await response.arrayBuffer());
    files.push({
      name: new URL(entry.url).pathname.replace(/^\//, ''),
      transferred: entry.transferred,
      encoding: encodings.get(entry.url) ?? '?',
      raw: content.length,
      gzip9: zlib.gzipSync(content, { level: 9 }).length,
      gzip6: zlib.gzipSync(content, { level: 6 }).length,
    });
  }
  return files.sort((a, b) => b.gzip9 - a.gzip9);
}

const sum = (files, key) => files.reduce((total, file) => total + (file[key] ?? 0), 0);

async function main() {
  console.log('Building dist/ if stale and starting the server (npm start, temporary DATA_DIR)…');
  const server = await startShipdesk({ env: { LOG_LEVEL: 'warn' } });
  const browser = await launchChromium();
  const results = [];
  try {
    const sessions = {
      user: await signInDemo(server.url),
      clerk: await signInDemo(server.url, 'clerk'),
      inspector: await signInDemo(server.url, 'inspector'),
      admin: await signInDemo(server.url, 'admin'),
    };
    console.log(`Chromium ${browser.version()}, cold cache per page, server ${server.url}`);
    console.log(
      'transferred = encodedBodySize (as served, encoding shown); gzip = zlib level 9 of the content; KB = 1024 bytes\n',
    );
    // --only=text measures the pages whose path holds the text.
    const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length) ?? '';
    // --as=clerk measures the pages of one account (user, clerk, inspector, admin; signed out: none).
    const as = process.argv.find((arg) => arg.startsWith('--as='))?.slice('--as='.length);
    for (const target of pages.filter((candidate) => candidate.path.includes(only) && (!as || accountOf(candidate) === as))) {
      const files = await measure(browser, server.url, target, sessions[accountOf(target)]);
      const total = {
        files: files.length,
        transferred: sum(files, 'transferred'),
        raw: sum(files, 'raw'),
        gzip9: sum(files, 'gzip9'),
        gzip6: sum(files, 'gzip6'),
      };
      const verdict = total.gzip9 <= target.budgetKb * KB ? 'PASS' : 'OVER';
      results.push({ target, total, verdict });
      console.log(`${target.path}${target.signedIn ? `  (signed in as ${accountOf(target)})` : ''}`);
      console.log(`  ${'file'.padEnd(56)} ${'raw'.padStart(10)} ${'transferred'.padStart(16)} ${'gzip -9'.padStart(10)}`);
      for (const file of files) {
        const transferred = file.transferred === undefined ? 'n/a' : `${kb(file.transferred)} ${file.encoding}`;
        console.log(
          `  ${file.name.padEnd(56)} ${kb(file.raw).padStart(10)} ${transferred.padStart(16)} ${kb(file.gzip9).padStart(10)}`,
        );
      }
      console.log(
        `  ${`total: ${total.files} files`.padEnd(56)} ${kb(total.raw).padStart(10)} ${kb(total.transferred).padStart(16)} ${kb(total.gzip9).padStart(10)}`,
      );
      console.log(`  budget ${target.budgetKb} KB gzip → ${verdict}\n`);
    }
  } finally {
    await browser.close();
    await server.stop();
  }

  console.log('Summary (gzip of the JS each page loads; budgets: login ≤ 230 KB, every other page ≤ 450 KB)');
  console.log(
    `  ${'page'.padEnd(20)} ${'files'.padStart(5)} ${'transferred'.padStart(12)} ${'gzip -9'.padStart(10)} ${'gzip -6'.padStart(10)} ${'budget'.padStart(8)}  verdict`,
  );
  for (const { target, total, verdict } of results) {
    console.log(
      `  ${target.path.padEnd(20)} ${String(total.files).padStart(5)} ${kb(total.transferred).padStart(12)} ${kb(total.gzip9).padStart(10)} ${kb(total.gzip6).padStart(10)} ${`${target.budgetKb} KB`.padStart(8)}  ${verdict}`,
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
