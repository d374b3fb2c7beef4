/**
 * Every page of every role on `npm run dev` (umi's dev server with its mock) beside the same page on a fresh
 * `npm start`, in Chromium: for tests/e2e/devMock.test.ts. Writes to the file named by its argument, as JSON, what
 * each page showed on both (its table rows), the /v1 calls that failed on the dev server, what each page logged as
 * an error or a warning in the browser's console, and the dev server's terminal; screenshots of the dev server's pages go to tests/e2e/output/dev-<account>-<page>.png.
 *   node tests/support/devMockWalk.mjs <result.json>
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { desktopContext, launchChromium } from './browser.mjs';
import { accountOf, productPages } from './productPages.mjs';
import { freePort, projectRoot, signInDemo, startShipdesk } from './server.mjs';

const outputDir = path.join(projectRoot, 'tests', 'e2e', 'output');
const devLog = path.join(outputDir, 'umi-dev.log');

/** `umi dev` on a free port; resolves once it answers, with its address and a stop. */
async function startDevServer() {
  const port = await freePort();
  fs.mkdirSync(outputDir, { recursive: true });
  const out = fs.openSync(devLog, 'w');
  const child = spawn(path.join(projectRoot, 'node_modules', '.bin', 'umi'), ['dev'], {
    cwd: projectRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', BROWSER: 'none', USE_API: '' },
    stdio: ['ignore', out, out],
    detached: true,
  });
  fs.closeSync(out);
  const url = `http://127.0.0.1:${port}`;
  const stop = () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // gone already
    }
  };
  process.on('exit', stop);
  for (const deadline = Date.now() + 5 * 60_000; Date.now() < deadline;) {
    if (child.exitCode !== null) throw new Error(`umi dev stopped: ${fs.readFileSync(devLog, 'utf8').slice(-2000)}`);
    const health = await fetch(`${url}/v1/health`).catch(() => undefined);
    if (health?.ok) return { url, stop };
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  stop();
  throw new Error('umi dev did not answer within 5 minutes');
}

const slug = (pagePath) => pagePath.replace(/^\//, '').replace(/[^\w]+/g, '-') || 'root';

/** Opens the page as its account; answers its table rows, and on the dev server the /v1 calls that failed. */
async function visit(browser, base, sessions, target, { screenshot, timeout, rowsExpected = false }) {
  const account = accountOf(target);
  const session = account === 'none' ? undefined : (sessions[account] ??= await signInDemo(base, account));
  const context = await desktopContext(browser, session);
  const page = await context.newPage();
  const failed = [];
  // React and react-redux warn only in a development build: the dev server is where their warnings show.
  const said = [];
  page.on('console', (message) => {
    if (['error', 'warning'].includes(message.type())) said.push(`${message.type()}: ${message.text().slice(0, 400)}`);
  });
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/v1/') && response.status() >= 400) failed.push(`${response.status()} ${url.pathname}`);
  });
  page.on('requestfailed', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/v1/')) failed.push(`failed ${url.pathname}`);
  });
  page.setDefaultTimeout(timeout);
  let ready = true;
  try {
    await page.goto(`${base}${target.path}`);
    await target.ready(page);
    await page.waitForLoadState('networkidle');
  } catch {
    ready = false;
  }
  // Where the product shows rows, give the dev server's table (its code compiled on first use) time to fill.
  if (ready && rowsExpected)
    await page
      .locator('.ant-table-row')
      .first()
      .waitFor({ timeout: 30_000 })
      .catch(() => undefined);
  const rows = await page.locator('.ant-table-row').count();
  if (screenshot)
    await page.screenshot({ path: path.join(outputDir, `dev-${account}-${slug(target.path)}.png`), fullPage: true });
  await context.close();
  return { ready, rows, failed, said };
}

async function main() {
  const [start, dev] = await Promise.all([
    startShipdesk({ logFile: path.join(outputDir, 'start-for-dev.log') }),
    startDevServer(),
  ]);
  const browser = await launchChromium();
  const pages = [];
  try {
    const sessions = { start: {}, dev: {} };
    for (const [i, target] of productPages.entries()) {
      // The dev server compiles a page's code on its first request: the first pages get longer.
      const onStart = await visit(browser, start.url, sessions.start, target, { screenshot: false, timeout: 30_000 });
      const onDev = await visit(browser, dev.url, sessions.dev, target, {
        screenshot: true,
        timeout: i < 3 ? 180_000 : 60_000,
        rowsExpected: onStart.rows > 0,
      });
      pages.push({ path: target.path, account: accountOf(target), dev: onDev, start: onStart });
    }
  } finally {
    await browser.close();
    dev.stop();
    await start.stop();
  }
  // Give umi a moment to write out its last lines.
  await new Promise((resolve) => setTimeout(resolve, 500));
  fs.writeFileSync(process.argv[2], JSON.stringify({ pages, terminal: fs.readFileSync(devLog, 'utf8') }));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
