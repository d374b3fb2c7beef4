/**
 * `npm run bench:bundle`: the JavaScript a browser loads for a page, read from Chromium's resource timings.
 *
 * Builds dist/ when missing or stale and starts the real server (as `npm start` does, on a temporary DATA_DIR),
 * then loads each page in a fresh Chromium profile (cold cache): /user/login signed out; /shipment and
 * /shipment/packing signed in as the demo customer `user` (the token is put in storage before the page loads,
 * so only that page's own JS is counted, not the login page's). For each page it lists every script —
 * performance.getEntriesByType('resource') plus the document's <script src> tags — with the bytes Chromium
 * received (encodedBodySize, compressed as the server serves it) and the gzip size of the file's content
 * (zlib level 9; the level-6 total is shown too), against the budgets of issues 2 and 4.
 * It prints figures and exits 0 whatever they are; it fails only when a page cannot be measured.
 */
import { createRequire } from 'node:module';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { signInDemo, startShipdesk } from '../support/server.mjs';

/** Debian's Chromium and its flags, as the browser tests launch it. */
const chromiumSettings = createRequire(import.meta.url)('../support/chromium.json');

const KB = 1024;
const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;

const pages = [
  { path: '/user/login', signedIn: false, budgetKb: 250, ready: (page) => page.getByPlaceholder('用户名').waitFor() },
  // Issue 15's home page, with its lazily loaded charts drawn (the customer's weekly chart and plan doughnut).
  {
    path: '/shipment',
    signedIn: true,
    budgetKb: 500,
    ready: (page) => page.getByRole('img', { name: '订舱计划' }).waitFor(),
  },
  // Issue 4's budget for the packing list page.
  { path: '/shipment/packing', signedIn: true, budgetKb: 500, ready: (page) => pageTitle(page, '装箱单') },
  // The customer's view of 验针 (the records list); the inspector's adds the queue tab on the same chunks.
  { path: '/shipment/inspection', signedIn: true, budgetKb: 500, ready: (page) => pageTitle(page, '验针记录') },
  // Issue 11's booking pages: the customer's, then the clerk's (signed in as `clerk`).
  { path: '/osb/calendar', signedIn: true, budgetKb: 500, ready: (page) => pageTitle(page, '运价日历') },
  { path: '/osb/plan', signedIn: true, budgetKb: 500, ready: (page) => pageTitle(page, '订舱计划') },
  { path: '/osb/plan/OP00000006', signedIn: true, budgetKb: 500, ready: (page) => pageTitle(page, '订舱计划 OP00000006') },
  { path: '/account/booking', signedIn: true, budgetKb: 500, ready: (page) => pageTitle(page, '订舱记录') },
  // Issue 12's consolidation pages.
  { path: '/osb/goods', signedIn: true, budgetKb: 500, ready: (page) => pageTitle(page, '待拼柜货物') },
  { path: '/shipment/multi/', signedIn: true, budgetKb: 500, ready: (page) => pageTitle(page, '拼柜大厅') },
  { path: '/shipment/multi/container', signedIn: true, budgetKb: 500, ready: (page) => pageTitle(page, '拼柜装柜') },
  { path: '/osb/order', signedIn: 'clerk', budgetKb: 500, ready: (page) => pageTitle(page, '订舱单') },
  { path: '/osb/order/BO00000004', signedIn: 'clerk', budgetKb: 500, ready: (page) => pageTitle(page, '订舱单 BO00000004') },
  { path: '/osb/settings', signedIn: 'clerk', budgetKb: 500, ready: (page) => pageTitle(page, '订舱设置') },
  // Issue 14's declaration handover pages (the clerk's): the list and the demo's handover.
  { path: '/osb/declaration', signedIn: 'clerk', budgetKb: 500, ready: (page) => pageTitle(page, '报关交接') },
  {
    path: '/osb/declaration/CD00000001',
    signedIn: 'clerk',
    budgetKb: 500,
    ready: (page) => pageTitle(page, '报关交接 CD00000001'),
  },
  // Issue 14's loose cargo: the customer's hall, the handover, and the clerk's comparison.
  { path: '/shipment/single/', signedIn: true, budgetKb: 500, ready: (page) => pageTitle(page, '散货大厅') },
  { path: '/shipment/single/handover', signedIn: 'clerk', budgetKb: 500, ready: (page) => pageTitle(page, '订舱交接') },
  { path: '/shipment/shippingBulk', signedIn: 'clerk', budgetKb: 500, ready: (page) => pageTitle(page, '出运对比表下载') },
  // Issue 13's bill of lading pages: the list, a demo B/L waiting for the customer, and its print page.
  { path: '/shipment/multi/bol', signedIn: true, budgetKb: 500, ready: (page) => pageTitle(page, '提单') },
  {
    path: '/shipment/multi/bol/BL00000001',
    signedIn: true,
    budgetKb: 500,
    ready: (page) => pageTitle(page, '提单 [A-Z]{2,4}00000001'),
  },
  {
    path: '/shipment/multi/bol/BL00000001/print',
    signedIn: true,
    budgetKb: 500,
    ready: (page) => page.getByRole('article', { name: /^BILL OF LADING/ }).waitFor(),
  },
  // Issue 15: the colour stickers, and the pages no issue measured before (every page of the product is measured).
  { path: '/tools/colorStickers', signedIn: true, budgetKb: 500, ready: (page) => pageTitle(page, '彩贴生成') },
  {
    path: '/shipment/packing/BD00000001',
    signedIn: true,
    budgetKb: 500,
    ready: (page) => pageTitle(page, '装箱明细 BD00000001'),
  },
  { path: '/account/settings', signedIn: true, budgetKb: 500, ready: (page) => pageTitle(page, '个人设置') },
  { path: '/public/download', signedIn: false, budgetKb: 500, ready: (page) => page.getByText('用户手册').first().waitFor() },
  { path: '/user/register', signedIn: false, budgetKb: 500, ready: (page) => page.getByPlaceholder('姓名（中文）').waitFor() },
  { path: '/user/login/forgot', signedIn: false, budgetKb: 500, ready: (page) => page.getByPlaceholder('账户名').waitFor() },
  { path: '/user/reset', signedIn: false, budgetKb: 500, ready: (page) => page.getByText('重置链接无效').waitFor() },
  { path: '/user/activate', signedIn: false, budgetKb: 500, ready: (page) => page.getByText('激活失败').waitFor() },
  { path: '/maintain', signedIn: false, budgetKb: 500, ready: (page) => page.getByText('系统维护中').waitFor() },
  { path: '/403', signedIn: true, budgetKb: 500, ready: (page) => page.getByText('抱歉，你无权访问此页面。').waitFor() },
  { path: '/500', signedIn: true, budgetKb: 500, ready: (page) => page.getByText('抱歉，服务器出错了').waitFor() },
  { path: '/no-such-page', signedIn: true, budgetKb: 500, ready: (page) => page.getByText('抱歉，您访问的页面不存在').waitFor() },
];

const pageTitle = (page, title) =>
  page
    .locator('.ant-page-header-heading-title')
    .filter({ hasText: new RegExp(`^${title}$`) })
    .waitFor();

/** Loads one page in a fresh profile and answers its scripts with their sizes. */
async function measure(browser, url, target, session) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  if (session) {
    // What the login model stores after a sign-in with 自动登录 (src/models/login.ts).
    await context.addInitScript(
      ({ token, authority }) => {
        localStorage.setItem('token', token);
        localStorage.setItem('authority', JSON.stringify(authority));
        localStorage.setItem('autoLogin', 'true');
        sessionStorage.setItem('signedIn', '1');
      },
      { token: session.token, authority: session.currentAuthority },
    );
  }
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

  const { entries, tags } = await page.evaluate(() => ({
    entries: performance
      .getEntriesByType('resource')
      .filter((entry) => entry.initiatorType === 'script' || /\.m?js(\?|$)/.test(new URL(entry.name).pathname))
      .map((entry) => ({ url: entry.name, transferred: entry.encodedBodySize })),
    tags: [...document.querySelectorAll('script[src]')].map((script) => script.src),
  }));
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
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || chromiumSettings.executablePath,
    args: chromiumSettings.args,
  });
  const results = [];
  try {
    const sessions = { true: await signInDemo(server.url), clerk: await signInDemo(server.url, 'clerk') };
    console.log(`Chromium ${browser.version()}, cold cache per page, server ${server.url}`);
    console.log(
      'transferred = encodedBodySize (as served, encoding shown); gzip = zlib level 9 of the content; KB = 1024 bytes\n',
    );
    // --only=text measures the pages whose path holds the text.
    const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length) ?? '';
    for (const target of pages.filter((candidate) => candidate.path.includes(only))) {
      const files = await measure(browser, server.url, target, target.signedIn ? sessions[target.signedIn] : undefined);
      const total = {
        files: files.length,
        transferred: sum(files, 'transferred'),
        raw: sum(files, 'raw'),
        gzip9: sum(files, 'gzip9'),
        gzip6: sum(files, 'gzip6'),
      };
      const verdict = total.gzip9 <= target.budgetKb * KB ? 'PASS' : 'OVER';
      results.push({ target, total, verdict });
      console.log(
        `${target.path}${target.signedIn ? `  (signed in as ${target.signedIn === true ? 'user' : target.signedIn})` : ''}`,
      );
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

  console.log('Summary (gzip of the JS each page loads; budgets: login ≤ 250 KB, signed-in pages ≤ 500 KB)');
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
