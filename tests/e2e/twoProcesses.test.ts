/**
 * Two server processes on one PostgreSQL behind one address, as the deployment guide runs them: each from the
 * release's archive (npm run release) unpacked into a new folder, haproxy with the guide's config file over TLS, with a certificate made by the guide's commands (tests/support/haproxy.ts), sends
 * each request to the next process, without sticky sessions. In Chromium through the proxy: sign-in on one process and the next page on the other; a to-do made through one process and
 * seen through the other; a logout that both processes refuse at once; deep list pages the same from either; the
 * scheduled cut-off job run by one process only; the database away for 5 s and the page's read retried until it is
 * back; and a rolling restart of both under reads and writes that loses no request.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import type { Browser, Page } from 'playwright-core';
import { startPostgresCluster, type PostgresCluster } from '../../server/testing/postgresCluster';
import { lineInput } from '../../server/testing/bulk';
import { startHaproxy, type Haproxy } from '../support/haproxy';
import { buildAndUnpackRelease, type UnpackedRelease } from '../support/release';
import { startShipdesk, type Shipdesk } from '../support/server.mjs';
import { DEMO_PASSWORD, launchBrowser, screenshot, settled, submitLogin, waitForPageTitle } from './support';

const root = path.resolve(__dirname, '..', '..');
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'shipdesk-two-'));
interface Process {
  name: string;
  port: number;
  server: Shipdesk;
}

let cluster: PostgresCluster;
let processes: Process[];
let proxy: Haproxy;
let release: UnpackedRelease;
let browser: Browser;

const METRICS_TOKEN = 'two-processes-metrics-0123456789';
const env = () => ({
  DATABASE_URL: cluster.url,
  JOB_TICK_SECONDS: '1',
  TRUST_PROXY: '127.0.0.1',
  SHUTDOWN_GRACE_SECONDS: '10',
  METRICS_TOKEN,
});
const startProcess = async (name: string, port?: number): Promise<Process> => {
  const dataDir = path.join(folder, name);
  fs.mkdirSync(dataDir, { recursive: true });
  const server = await startShipdesk({
    root: release.root,
    dataDir,
    port,
    env: env(),
    logFile: path.join(dataDir, 'server.log'),
  });
  return { name, port: server.port, server };
};
/** The release's admin command line (`npm run admin` there). */
const admin = (...args: string[]) =>
  promisify(execFile)(process.execPath, [path.join(release.root, 'server', 'cli.js'), ...args], {
    cwd: release.root,
    env: { ...process.env, DATABASE_URL: cluster.url },
  });

async function call<T>(base: string, method: string, pathname: string, token?: string, body?: unknown) {
  const response = await fetch(`${base}${pathname}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    data: (response.headers.get('content-type')?.startsWith('application/json') ? JSON.parse(text) : text) as T,
    servedBy: response.headers.get('x-served-by'),
  };
}
/** A browser profile on the site: the trial certificate is not trusted by Chromium, as by any browser. */
const siteContext = () =>
  browser.newContext({ baseURL: proxy.url, ignoreHTTPSErrors: true, viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
const direct = (name: string) => `http://127.0.0.1:${processes.find((p) => p.name === name)?.port}`;
const credentials = (userName: string) => ({ type: 'account', userName, password: DEMO_PASSWORD });
const signInApi = async (base: string, userName: string) =>
  (await call<{ token: string }>(base, 'POST', '/v1/auth/login', undefined, credentials(userName))).data.token;
const signInThroughProxy = async (userName: string) =>
  (await proxy.call<{ token: string }>('POST', '/v1/auth/login', undefined, credentials(userName))).data.token;

async function databaseCount(query: string): Promise<number> {
  const client = new Client({ connectionString: cluster.url });
  await client.connect();
  try {
    return (await client.query(query)).rows[0].n;
  } finally {
    await client.end();
  }
}

/** The `/v1` answers the page received, with the process that served each. */
function servedCalls(page: Page) {
  const calls: { method: string; path: string; status: number; servedBy: string | null }[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/v1/'))
      calls.push({
        method: response.request().method(),
        path: url.pathname,
        status: response.status(),
        servedBy: response.headers()['x-served-by'] ?? null,
      });
  });
  return calls;
}

beforeAll(async () => {
  release = buildAndUnpackRelease(path.join(folder, 'install'));
  cluster = await startPostgresCluster();
  await admin('demo:seed');
  await admin('demo:generate', '--lines', '3000');
  processes = await Promise.all([startProcess('p1'), startProcess('p2')]);
  proxy = await startHaproxy(folder, [processes[0].port, processes[1].port]);
  browser = await launchBrowser();
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await proxy?.close();
  await Promise.all((processes ?? []).map((p) => p.server.stop()));
  cluster?.remove();
  fs.rmSync(folder, { recursive: true, force: true });
});

test('the processes run from the release alone: unpacked outside the checkout, without build tools', () => {
  expect(path.relative(root, release.root).startsWith('..')).toBe(true);
  for (const tool of ['umi', 'webpack', 'typescript', 'tsx', 'jest']) {
    expect([tool, fs.existsSync(path.join(release.root, 'node_modules', tool))]).toEqual([tool, false]);
  }
  expect(fs.existsSync(path.join(release.root, 'dist', 'index.html'))).toBe(true);
  console.log(`release: ${release.summary}`);
});

test('sign-in through one process, the next page through the other; a logout both refuse at once', async () => {
  const context = await siteContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const calls = servedCalls(page);
  await page.goto('/user/login');
  await submitLogin(page, 'user');
  await waitForPageTitle(page, '出运首页');
  await page.goto('/shipment/packing');
  await waitForPageTitle(page, '装箱单');
  await page.getByText(/^共 [\d,]+ 条$/).waitFor();
  await screenshot(page, 'two-processes-01-packing');

  const login = calls.find((c) => c.path === '/v1/auth/login');
  expect(login?.status).toBe(200);
  const signedIn = calls.slice(calls.indexOf(login!) + 1).filter((c) => c.status === 200);
  // Every signed-in call after the sign-in succeeded, and the other process served some of them.
  expect(calls.filter((c) => c.status >= 400)).toEqual([]);
  expect(new Set(signedIn.map((c) => c.servedBy))).toEqual(new Set(['p1', 'p2']));
  expect(signedIn.some((c) => c.servedBy !== login!.servedBy)).toBe(true);

  const token = (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
  await page.getByText('陈客户').hover();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await page.waitForURL((url) => url.pathname === '/user/login');
  const after = await Promise.all(['p1', 'p2'].map((name) => call(direct(name), 'GET', '/v1/users/current', token)));
  expect(after.map((answer) => answer.status)).toEqual([401, 401]);
  expect(errors).toEqual([]);
  await context.close();
});

test('a to-do made through one process shows on the clerk’s page through the proxy, and through the other', async () => {
  const context = await siteContext();
  const page = await context.newPage();
  await page.goto('/user/login');
  await submitLogin(page, 'clerk');
  await waitForPageTitle(page, '出运首页');
  await page.getByLabel('通知').click();
  await page.getByRole('tab', { name: /待办/ }).click();

  const user = await signInApi(direct('p1'), 'user');
  const drafts = await call<{ data: { key: string; version: number }[] }>(direct('p1'), 'GET', '/v1/osbplan?status=DRAFT', user);
  const [draft] = drafts.data.data;
  expect(draft).toBeDefined();
  const submitted = await call(direct('p1'), 'PUT', `/v1/osbplan/${draft.key}`, user, {
    status: 'SUBMITTED',
    version: draft.version,
  });
  expect(submitted.status).toBe(200);

  const clerkOnP2 = await signInApi(direct('p2'), 'clerk');
  const notices = await call<{ data: { title: string }[] }>(direct('p2'), 'GET', '/v1/notices?type=event', clerkOnP2);
  expect(notices.data.data.map((n) => n.title)).toContain(`订舱计划 ${draft.key} 待订舱`);
  await page.getByText(`订舱计划 ${draft.key} 待订舱`).waitFor({ timeout: 30_000 });
  await screenshot(page, 'two-processes-02-clerk-todo');
  await context.close();
});

test('a deep page of a long list is the same whichever process serves it', async () => {
  const user = await signInThroughProxy('user');
  const context = await siteContext();
  const page = await context.newPage();
  await page.goto('/user/login');
  await submitLogin(page, 'user');
  await waitForPageTitle(page, '出运首页');
  await page.goto('/shipment/packing');
  await page.getByText(/^共 [\d,]+ 条$/).waitFor();
  const lastPage = page.locator('.ant-pagination-item').last();
  const [listed] = await Promise.all([
    page.waitForResponse((response) => /\/v1\/packing\/bulkdata\?.*current=(?!1&)/.test(response.url())),
    lastPage.click(),
  ]);
  const pathname = new URL(listed.url()).pathname + new URL(listed.url()).search;
  const keys = (answer: { data: { key: string }[] }) => answer.data.map((line) => line.key);
  const shown = keys(await listed.json());
  expect(shown.length).toBeGreaterThan(0);
  for (const name of ['p1', 'p2']) {
    const answer = await call<{ data: { key: string }[] }>(direct(name), 'GET', pathname, user);
    expect(keys(answer.data)).toEqual(shown);
  }
  await page.getByRole('cell', { name: shown[0] }).first().waitFor();
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, 'two-processes-03-deep-page');
  await context.close();
});

test('the cut-off job ran once across the two processes', async () => {
  expect(await databaseCount("select runs::int as n from scheduled_jobs where name = 'cutOffReminders'")).toBe(1);
  const ran = processes.map(
    (p) => (fs.readFileSync(p.server.logFile, 'utf8').match(/"job":"cutOffReminders".*scheduled job ran/g) ?? []).length,
  );
  expect(ran.sort()).toEqual([0, 1]);
});

test('each process counts what haproxy sent it: together the requests sent; each answer carries haproxy’s id', async () => {
  const live = 'shipdesk_http_requests_total{method="GET",route="/v1/health/live",status="200"}';
  const countOf = async ({ server }: Process) => {
    const scrape = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(scrape.status).toBe(200);
    const line = (await scrape.text()).split('\n').find((row) => row.startsWith(`${live} `));
    return line ? Number(line.slice(live.length + 1)) : 0;
  };
  const before = await Promise.all(processes.map(countOf));
  const sent = 60;
  const answers = await Promise.all(Array.from({ length: sent }, () => proxy.call('GET', '/v1/health/live')));
  expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
  const counted = (await Promise.all(processes.map(countOf))).map((count, i) => count - before[i]);
  expect(counted.reduce((sum, count) => sum + count, 0)).toBe(sent);
  expect(counted.every((count) => count > 0)).toBe(true);
  const ids = answers.map((answer) => answer.headers['x-request-id']);
  expect(ids.every((id) => /^[0-9A-F]{20,64}$/.test(String(id)))).toBe(true);
  expect(new Set(ids).size).toBe(sent);
  // Through haproxy too, the metrics are the operator's only.
  expect((await proxy.call('GET', '/metrics')).status).toBe(403);
});

test('PostgreSQL away for 5 s: the page says 系统繁忙 once, retries its read, and fills when the database is back', async () => {
  const context = await siteContext();
  const page = await context.newPage();
  const calls = servedCalls(page);
  await page.goto('/user/login');
  await submitLogin(page, 'user');
  await waitForPageTitle(page, '出运首页');
  await page.goto('/shipment/packing');
  await page.getByText(/^共 [\d,]+ 条$/).waitFor();
  const before = calls.length;

  cluster.stop();
  const stoppedAt = Date.now();
  await page.getByRole('button', { name: '查 询' }).click();
  const busy = page.locator('.ant-notification-notice').filter({ hasText: '系统繁忙，请稍后再试' });
  await busy.getByText('正在自动重试…').waitFor();
  await settled(busy);
  await screenshot(page, 'two-processes-04-database-away');
  await new Promise((resolve) => setTimeout(resolve, 5000 - (Date.now() - stoppedAt)));
  expect(await busy.count()).toBe(1);
  const listed = page.waitForResponse((r) => r.url().includes('/v1/packing/bulkdata?') && r.status() === 200, {
    timeout: 20_000,
  });
  cluster.start();
  await listed;
  await busy.waitFor({ state: 'hidden' });
  await page.getByText(/^共 [\d,]+ 条$/).waitFor();
  await screenshot(page, 'two-processes-05-database-back');

  const during = calls.slice(before);
  expect(during.filter((c) => c.status === 503).length).toBeGreaterThan(0);
  expect(during.filter((c) => c.status !== 200 && c.status !== 503)).toEqual([]);
  await context.close();
}, 60_000);

test('a rolling restart behind haproxy under ten clients: every answer 2xx, no write lost, never both down', async () => {
  const user = await signInThroughProxy('user');
  const answers: { status: number; servedBy: string | null; at: number }[] = [];
  const failures: string[] = [];
  let created = 0;
  let running = true;
  const worker = async (n: number) => {
    for (let i = 0; running; i += 1) {
      const write = i % 3 === 0;
      const answer = write
        ? await proxy.call('POST', '/v1/packing/multi/bulkdata', user, lineInput({ poNo: `ROLL-${n}-${i}` }))
        : await proxy.call('GET', `/v1/packing/bulkdata?current=${1 + (i % 50)}&pageSize=20`, user);
      answers.push({ status: answer.status, servedBy: answer.servedBy, at: Date.now() });
      if (answer.status >= 300)
        failures.push(`${answer.status} from ${answer.servedBy ?? 'haproxy'}: ${JSON.stringify(answer.data)}`);
      if (write && answer.status === 201) created += 1;
    }
  };
  // Both processes' readiness, every 20 ms: how long neither was ready.
  let bothDownMs = 0;
  let polling = true;
  const poller = (async () => {
    while (polling) {
      const began = Date.now();
      const ready = await Promise.all(
        processes.map(({ port }) =>
          fetch(`http://127.0.0.1:${port}/v1/health`, { signal: AbortSignal.timeout(1000) }).then(
            (response) => response.ok,
            () => false,
          ),
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (!ready.includes(true)) bothDownMs += Date.now() - began;
    }
  })();
  const workers = Array.from({ length: 10 }, (_, n) => worker(n));
  const restarts: string[] = [];
  const stopTimes: number[] = [];
  for (const index of [0, 1]) {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const { name, port, server } = processes[index];
    const signalled = Date.now();
    await server.stop();
    const stopped = Date.now();
    stopTimes.push(stopped - signalled);
    processes[index] = await startProcess(name, port);
    // Ready as haproxy sees it: the restarted process answers through the proxy again.
    const started = Date.now();
    while (!answers.some((answer) => answer.servedBy === name && answer.at > started)) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    restarts.push(`${name}: stopped in ${stopped - signalled} ms, back behind haproxy ${Date.now() - stopped} ms later`);
  }
  await new Promise((resolve) => setTimeout(resolve, 1000));
  running = false;
  await Promise.all(workers);
  polling = false;
  await poller;

  const byHaproxy = answers.filter((answer) => answer.status >= 300 && !answer.servedBy).length;
  const byApp = answers.filter((answer) => answer.status >= 300 && answer.servedBy).length;
  const saved = await databaseCount("select count(*)::int as n from bulk_lines where po_no like 'ROLL-%'");
  console.log(
    [
      `rolling restart behind haproxy: ${answers.length} requests (${created} writes answered 201, ${saved} saved)`,
      `non-2xx: ${byHaproxy} from haproxy, ${byApp} from the app; both down ${bothDownMs} ms`,
      ...restarts,
    ].join('\n'),
  );
  expect(failures).toEqual([]);
  expect(answers.length).toBeGreaterThan(100);
  expect(saved).toBe(created);
  expect(bothDownMs).toBe(0);
  // Health checks do not hold a stop up: each process left within a few seconds, not after its 10 s grace.
  expect(Math.max(...stopTimes)).toBeLessThan(5000);
}, 180_000);

test('plain HTTP is sent to HTTPS, and HTTPS answers carry HSTS', async () => {
  const redirect = await fetch(`${proxy.httpUrl}/shipment/packing?x=1`, { redirect: 'manual' });
  expect(redirect.status).toBe(301);
  expect(redirect.headers.get('location')).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/shipment\/packing\?x=1$/);
  const site = await proxy.call('GET', '/v1/health');
  expect(site.status).toBe(200);
  expect(site.headers['strict-transport-security']).toBe('max-age=31536000');
});
