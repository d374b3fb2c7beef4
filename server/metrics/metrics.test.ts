/**
 * GET /metrics: Prometheus's text, for whoever holds METRICS_TOKEN only; each process counts its own requests by
 * route pattern (never a key) and status, and both read the jobs and queues alike from the database. With
 * Debian's promtool on the machine (CI installs it) the scrape is checked by `promtool check metrics`.
 */
import { spawnSync } from 'node:child_process';
import { runIfDue } from '../jobs/schedule';
import { createTestApp, type TestApp } from '../testing/harness';

const TOKEN = 'metrics-secret-0123456789';
let t: TestApp;
let other: Awaited<ReturnType<TestApp['anotherServer']>>;
let clerk: string;

beforeAll(async () => {
  t = await createTestApp({ metricsToken: TOKEN });
  other = await t.anotherServer();
  await t.addUser('metrics_clerk', ['documentClerk']);
  clerk = await t.login('metrics_clerk');
});
afterAll(() => t.close());

const scrape = async (app = t.app, authorization = `Bearer ${TOKEN}`) => {
  const response = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization } });
  expect([response.statusCode, response.headers['content-type']]).toEqual([200, expect.stringContaining('text/plain')]);
  return response.body;
};
/** A sample's value, 0 when the scrape has no such line. */
const sample = (text: string, line: string) => {
  const found = text.split('\n').find((row) => row.startsWith(`${line} `));
  return found ? Number(found.slice(line.length + 1)) : 0;
};
const healthLine = 'shipdesk_http_requests_total{method="GET",route="/v1/health",status="200"}';

it('is not served without METRICS_TOKEN, nor with another secret, each said in Chinese', async () => {
  const off = await createTestApp();
  const answer = await off.call('GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
  expect([answer.statusCode, answer.json().errorMessage]).toEqual([404, '未开启运行指标（服务器未配置 METRICS_TOKEN）']);
  await off.close();
  for (const authorization of ['', 'Bearer wrong-secret-0123456789', `Basic ${TOKEN}`]) {
    const refused = await t.call('GET', '/metrics', { headers: { authorization } });
    expect([refused.statusCode, refused.json().errorMessage]).toEqual([403, '运行指标的令牌不对']);
  }
  // A customer's session is no metrics secret either.
  expect((await t.call('GET', '/metrics', { token: clerk })).statusCode).toBe(403);
});

it('counts the requests each process answered, under load, equal to those sent, by pattern and status', async () => {
  const [before, otherBefore] = [sample(await scrape(), healthLine), sample(await scrape(other), healthLine)];
  const sent = { one: 0, other: 0 };
  await Promise.all(
    Array.from({ length: 200 }, async (_, i) => {
      const app = i % 3 === 0 ? other : t.app;
      sent[app === other ? 'other' : 'one'] += 1;
      const response = await app.inject({ method: 'GET', url: '/v1/health' });
      expect(response.statusCode).toBe(200);
    }),
  );
  expect(sample(await scrape(), healthLine) - before).toBe(sent.one);
  expect(sample(await scrape(other), healthLine) - otherBefore).toBe(sent.other);

  for (const key of ['BL00000001', 'BL00000002']) await t.call('GET', `/v1/bol/${key}`, { token: clerk });
  await t.call('GET', '/no-such-api-path/BL00000003');
  const text = await scrape();
  expect(sample(text, 'shipdesk_http_requests_total{method="GET",route="/v1/bol/:key",status="404"}')).toBe(2);
  expect(text).not.toMatch(/BL0000000[123]/);
  expect(text).toContain(
    'shipdesk_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/v1/bol/:key",status_class="4xx"}',
  );
});

it('shows the jobs’ last success, the queues, the process and the event loop', async () => {
  await runIfDue(t.app.db, { name: 'metricsProbe', everySeconds: 3600 });
  const text = await scrape();
  const ranAt = sample(text, 'shipdesk_job_last_success_timestamp_seconds{job="metricsProbe"}');
  expect(Math.abs(ranAt - Date.now() / 1000)).toBeLessThan(60);
  for (const line of [
    'shipdesk_webhook_deliveries{state="due"}',
    'shipdesk_webhook_oldest_waiting_seconds',
    'shipdesk_mail_outbox{status="queued"}',
    'shipdesk_mail_oldest_queued_seconds',
  ])
    expect(text).toContain(`${line} 0`);
  expect(sample(text, 'shipdesk_ready')).toBe(1);
  expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
  expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds [\d.e-]+/m);
  // The other process reads the same job from the database.
  expect(sample(await scrape(other), 'shipdesk_job_last_success_timestamp_seconds{job="metricsProbe"}')).toBe(ranAt);
});

it('passes promtool check metrics (Debian’s prometheus; CI installs it)', async () => {
  const found = spawnSync('promtool', ['--version']);
  if (found.error) {
    if (process.env.CI) throw new Error('promtool is missing: CI installs Debian’s prometheus (.ci/run)');
    return;
  }
  const checked = spawnSync('promtool', ['check', 'metrics'], { input: await scrape(), encoding: 'utf8' });
  expect([checked.status, checked.stdout + checked.stderr]).toEqual([0, '']);
});
