/**
 * Two server processes on one PostgreSQL behind one address, as a deployment runs them: a round-robin proxy
 * (tests/support/roundRobin.mjs) sends each request to the next process, without sticky sessions. In Chromium
 * through the proxy: sign-in on one process and the next page on the other; a to-do made through one process and
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
import { startRoundRobin } from '../support/roundRobin';
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
let proxy: Awaited<ReturnType<typeof startRoundRobin>>;
let browser: Browser;

const env = () => ({
  DATABASE_URL: cluster.url,
  JOB_TICK_SECONDS: '1',
  TRUST_PROXY: '127.0.0.1',
  SHUTDOWN_GRACE_SECONDS: '10',
});
const startProcess = async (name: string, port?: number): Promise<Process> => {
  const dataDir = path.join(folder, name);
  fs.mkdirSync(dataDir, { recursive: true });
  const server = await startShipdesk({ dataDir, port, env: env(), logFile: path.join(dataDir, 'server.log') });
  return { name, port: server.port, server };
};
const admin = (...args: string[]) =>
  promisify(execFile)(path.join(root, 'node_modules', '.bin', 'tsx'), [path.join(root, 'server', 'cli.ts'), ...args], {
    cwd: root,
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
const direct = (name: string) => `http://127.0.0.1:${processes.find((p) => p.name === name)?.port}`;
const signInApi = async (base: string, userName: string) =>
  (
    await call<{ token: string }>(base, 'POST', '/v1/auth/login', undefined, {
      type: 'account',
      userName,
      password: DEMO_PASSWORD,
    })
  ).data.token;

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
  cluster = await startPostgresCluster();
  await admin('demo:seed');
  await admin('demo:generate', '--lines', '3000');
  processes = await Promise.all([startProcess('A'), startProcess('B')]);
  proxy = await startRoundRobin(processes.map(({ name, port }) => ({ name, port })));
  browser = await launchBrowser();
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await proxy?.close();
  await Promise.all((processes ?? []).map((p) => p.server.stop()));
  cluster?.remove();
  fs.rmSync(folder, { recursive: true, force: true });
});

test('sign-in through one process, the next page through the other; a logout both refuse at once', async () => {
  const context = await browser.newContext({ baseURL: proxy.url, viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
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
  expect(new Set(signedIn.map((c) => c.servedBy))).toEqual(new Set(['A', 'B']));
  expect(signedIn.some((c) => c.servedBy !== login!.servedBy)).toBe(true);

  const token = (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
  await page.getByText('陈客户').hover();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await page.waitForURL((url) => url.pathname === '/user/login');
  const after = await Promise.all(['A', 'B'].map((name) => call(direct(name), 'GET', '/v1/users/current', token)));
  expect(after.map((answer) => answer.status)).toEqual([401, 401]);
  expect(errors).toEqual([]);
  await context.close();
});

test('a to-do made through one process shows on the clerk’s page through the proxy, and through the other', async () => {
  const context = await browser.newContext({ baseURL: proxy.url, viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  const page = await context.newPage();
  await page.goto('/user/login');
  await submitLogin(page, 'clerk');
  await waitForPageTitle(page, '出运首页');
  await page.getByLabel('通知').click();
  await page.getByRole('tab', { name: /待办/ }).click();

  const user = await signInApi(direct('A'), 'user');
  const drafts = await call<{ data: { key: string; version: number }[] }>(direct('A'), 'GET', '/v1/osbplan?status=DRAFT', user);
  const [draft] = drafts.data.data;
  expect(draft).toBeDefined();
  const submitted = await call(direct('A'), 'PUT', `/v1/osbplan/${draft.key}`, user, {
    status: 'SUBMITTED',
    version: draft.version,
  });
  expect(submitted.status).toBe(200);

  const clerkOnB = await signInApi(direct('B'), 'clerk');
  const notices = await call<{ data: { title: string }[] }>(direct('B'), 'GET', '/v1/notices?type=event', clerkOnB);
  expect(notices.data.data.map((n) => n.title)).toContain(`订舱计划 ${draft.key} 待订舱`);
  await page.getByText(`订舱计划 ${draft.key} 待订舱`).waitFor({ timeout: 30_000 });
  await screenshot(page, 'two-processes-02-clerk-todo');
  await context.close();
});

test('a deep page of a long list is the same whichever process serves it', async () => {
  const user = await signInApi(proxy.url, 'user');
  const context = await browser.newContext({ baseURL: proxy.url, viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
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
  for (const name of ['A', 'B']) {
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

test('PostgreSQL away for 5 s: the page says 系统繁忙 once, retries its read, and fills when the database is back', async () => {
  const context = await browser.newContext({ baseURL: proxy.url, viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
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

test('a rolling restart of both processes under reads and writes loses no request', async () => {
  const user = await signInApi(proxy.url, 'user');
  const statuses: number[] = [];
  const failures: string[] = [];
  let created = 0;
  let running = true;
  const worker = async (n: number) => {
    for (let i = 0; running; i += 1) {
      const write = i % 3 === 0;
      const answer = write
        ? await call(proxy.url, 'POST', '/v1/packing/multi/bulkdata', user, lineInput({ poNo: `ROLL-${n}-${i}` }))
        : await call(proxy.url, 'GET', `/v1/packing/bulkdata?current=${1 + (i % 50)}&pageSize=20`, user);
      statuses.push(answer.status);
      if (answer.status >= 500) failures.push(`${answer.status} ${String(answer.data)}`);
      if (write && answer.status === 201) created += 1;
    }
  };
  const workers = Array.from({ length: 10 }, (_, n) => worker(n));
  for (const index of [0, 1]) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const { name, port, server } = processes[index];
    await server.stop();
    await new Promise((resolve) => setTimeout(resolve, 500));
    processes[index] = await startProcess(name, port);
  }
  await new Promise((resolve) => setTimeout(resolve, 1000));
  running = false;
  await Promise.all(workers);

  expect(failures).toEqual([]);
  expect(statuses.filter((status) => status !== 200 && status !== 201)).toEqual([]);
  expect(statuses.length).toBeGreaterThan(100);
  expect(await databaseCount("select count(*)::int as n from bulk_lines where po_no like 'ROLL-%'")).toBe(created);
  console.log(
    `rolling restart: ${statuses.length} requests (${created} writes), none lost; served ${JSON.stringify([...proxy.served])}`,
  );
}, 120_000);
