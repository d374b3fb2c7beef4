/**
 * `npm run bench:pages`: how fast every page of every role opens, in Chromium against the real server (as
 * `npm start` runs it, on a temporary DATA_DIR with the demo data).
 *
 * Each role works in one browser profile, as a person does all day (the cache warm after the first load, which
 * is read for a few seconds while the app loads its pages' code ahead):
 * - in the app: from the home page, the page is opened through the app's router (the browser's history and a
 *   popstate, as a menu link or the back button moves it), timed from that moment until the page is usable: its
 *   title shown, no table or card still loading, no request in flight, and the page drawn from the last answer
 *   (the last change to the page's elements, read in the page);
 * - reload: a full page load of its address (F5), timed the same way.
 * Every page several times (`--runs=5`); it prints each page's median and p95 against the targets (in the app
 * p95 ≤ 250 ms, reload p95 ≤ 900 ms) and a summary, and the first visits (run 1 of each page) on their own, whose p95
 * over all pages has the in-app target too. It exits 0 whatever the figures; it fails only when a page
 * cannot be measured. `--only=<part of a path>` measures those pages; `--each` prints every run's figures too.
 */
import { desktopContext, launchChromium } from '../support/browser.mjs';
import { accountOf, productPages } from '../support/productPages.mjs';
import { signInDemo, startShipdesk } from '../support/server.mjs';

const option = (name, fallback) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const RUNS = Number(option('runs', 5));
const only = option('only', '');
/** `--each`: every run's figures as well, in the order they were taken. */
const each = process.argv.includes('--each');
const targets = { inApp: 250, reload: 900 };
/** How long the first page is read before the timed opens start. */
const SETTLE_MS = 8000;

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
};
const ms = (value) => `${Math.round(value)} ms`;

/** Counts the page's requests in flight and remembers when the last one ended. */
function trackRequests(page) {
  const state = { pending: 0, lastDone: 0 };
  const done = () => {
    state.pending = Math.max(0, state.pending - 1);
    state.lastDone = performance.now();
  };
  page.on('request', () => (state.pending += 1));
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return state;
}

const QUIET_MS = 150;
/** Waits until no request has been in flight for QUIET_MS; answers when the last one ended. */
async function quiet(requests) {
  for (let calm = 0; calm < QUIET_MS; calm += 10) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    if (requests.pending > 0) calm = -10;
  }
  return requests.lastDone;
}

/**
 * Opens the page and answers the milliseconds until it was usable: its own readiness (its title, or what it
 * draws), no spinner or skeleton left, and the last of its requests answered.
 */
async function timeOpen(page, requests, target, open) {
  const started = performance.now();
  const pageStart = await open();
  await target.ready(page);
  await page.locator('.ant-spin-spinning, .ant-skeleton-active').first().waitFor({ state: 'detached', timeout: 15_000 });
  const shown = performance.now();
  const lastAnswer = await quiet(requests);
  // The rows of the last answer are drawn after it arrives: the page's own clock says when it last changed.
  const drawn = await page.evaluate((from) => window.__lastChange - from, pageStart ?? 0);
  return Math.max(shown - started, lastAnswer - started, drawn);
}

/**
 * Every page remembers when its content last changed (page clock: milliseconds since its navigation began). The
 * side menu's and the header's changes are left out: the menu animates its group open for a while after the page
 * is usable.
 */
const recordChanges = () => {
  window.__lastChange = 0;
  new MutationObserver((records) => {
    const inContent = records.some((record) => {
      const element = record.target.nodeType === 1 ? record.target : record.target.parentElement;
      return element && !element.closest('.ant-layout-sider, .ant-layout-header, .ant-pro-sider, .ant-pro-global-header');
    });
    if (inContent) window.__lastChange = performance.now();
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
};

/** Opens `path` in the app (history and popstate); answers the page clock at that moment. */
const openInApp = (page, path) =>
  page.evaluate((to) => {
    const at = performance.now();
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
    return at;
  }, path);

async function main() {
  console.log('Building dist/ if stale and starting the server (npm start, temporary DATA_DIR)…');
  const server = await startShipdesk({ env: { LOG_LEVEL: 'warn' } });
  const browser = await launchChromium();
  const results = [];
  try {
    console.log(`Chromium ${browser.version()}, ${RUNS} runs a page, server ${server.url}\n`);
    const pages = productPages.filter(
      (target) => target.signedIn && target.path.includes(only) && !target.path.startsWith('/40'),
    );
    for (const account of [...new Set(pages.map((target) => accountOf(target)))]) {
      const session = await signInDemo(server.url, account);
      const context = await desktopContext(browser, session);
      await context.addInitScript(recordChanges);
      const page = await context.newPage();
      const requests = trackRequests(page);
      const home = productPages.find((target) => target.path === '/shipment' && accountOf(target) === account);
      const stickers = productPages.find((target) => target.path === '/tools/colorStickers');
      // The first load fills the cache, as the first page of a working day does; then the person reads it for a
      // few seconds, while the app loads the code of the menu's pages (layouts/prefetch.ts).
      await timeOpen(page, requests, home, () => page.goto(`${server.url}/shipment`).then(() => 0));
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      await quiet(requests);
      for (const target of pages.filter((candidate) => accountOf(candidate) === account)) {
        const inApp = [];
        const reload = [];
        // Opened in the app from the home page; the home page itself from the colour stickers.
        const from = target.path === '/shipment' ? stickers : home;
        for (let run = 0; run < RUNS; run += 1) {
          if (new URL(page.url()).pathname !== from.path) {
            await timeOpen(page, requests, from, () => openInApp(page, from.path));
          }
          inApp.push(await timeOpen(page, requests, target, () => openInApp(page, target.path)));
          reload.push(await timeOpen(page, requests, target, () => page.goto(`${server.url}${target.path}`).then(() => 0)));
        }
        const figures = {
          inApp: { median: quantile(inApp, 0.5), p95: quantile(inApp, 0.95) },
          reload: { median: quantile(reload, 0.5), p95: quantile(reload, 0.95) },
        };
        const verdict = figures.inApp.p95 <= targets.inApp && figures.reload.p95 <= targets.reload ? 'PASS' : 'MISS';
        // Run 1 is the page's first visit in this tab: its code and reads were not asked before.
        results.push({ account, path: target.path, figures, verdict, firstVisit: inApp[0] });
        console.log(
          `${account.padEnd(9)} ${target.path.padEnd(36)} in app ${ms(figures.inApp.median).padStart(7)} / p95 ${ms(figures.inApp.p95).padStart(7)}   reload ${ms(figures.reload.median).padStart(7)} / p95 ${ms(figures.reload.p95).padStart(7)}   ${verdict}`,
        );
        if (each) console.log(`          in app ${inApp.map(ms).join(', ')}; reload ${reload.map(ms).join(', ')}`);
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  const all = (mode) => results.map((result) => result.figures[mode].p95);
  console.log(
    `\nSummary: ${results.length} pages; in the app p95 ≤ ${targets.inApp} ms on ${all('inApp').filter((v) => v <= targets.inApp).length}, ` +
      `worst ${ms(Math.max(...all('inApp')))}; reload p95 ≤ ${targets.reload} ms on ${all('reload').filter((v) => v <= targets.reload).length}, ` +
      `worst ${ms(Math.max(...all('reload')))}; ${results.filter((r) => r.verdict === 'MISS').length} MISS`,
  );
  const first = results.map((result) => result.firstVisit);
  const firstP95 = quantile(first, 0.95);
  const slowest = results.reduce((worst, result) => (result.firstVisit > worst.firstVisit ? result : worst));
  console.log(
    `First visits (run 1 of each page, in the app): median ${ms(quantile(first, 0.5))}, p95 ${ms(firstP95)} ` +
      `(target ≤ ${targets.inApp} ms: ${firstP95 <= targets.inApp ? 'PASS' : 'MISS'}), slowest ${ms(slowest.firstVisit)} ` +
      `(${slowest.account} ${slowest.path})`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
