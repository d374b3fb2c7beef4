/**
 * Webhook 订阅: made by a customer or a clerk (the secret answered once), each delivery signed with it, an owner's
 * events reaching the owner's and the clerks' subscriptions only, tried again after a 500 and a timeout until a
 * day has passed, sent once across two servers, and never to this machine, a private or a link-local network —
 * named by address, by a name, by a redirect or by a name pointed elsewhere since — unless the operator allows it.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { auditLog, webhookSubscriptions } from '../db/schema';
import type { App } from '../app';
import { deliverDue } from '../domain/webhook/deliver';
import { allowedNetworks } from '../http/outbound/addresses';
import { createWebhook } from '../domain/webhook/subscriptions';
import { confirmedPlan, putPrice } from '../testing/booking';
import { dcsaProblems } from '../testing/dcsaTnt';
import { createTestApp, type TestApp } from '../testing/harness';

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}
/** What the receiver does with the next requests, in turn; then 204. */
type Answer = 'ok' | 'fail' | 'hang' | { redirect: string };

let t: TestApp;
let user: string;
let user2: string;
let clerk: string;
let userId: string;
let receiver: http.Server;
let base: string;
const received: Received[] = [];
const answers: Answer[] = [];

beforeAll(async () => {
  t = await createTestApp({ webhook: { everySeconds: 5, timeoutSeconds: 1, allowNetworks: '127.0.0.0/8' } });
  userId = await t.addUser('whuser', ['user']);
  await t.addUser('whuser2', ['user']);
  await t.addUser('whclerk', ['documentClerk']);
  [user, user2, clerk] = await Promise.all(['whuser', 'whuser2', 'whclerk'].map((n) => t.login(n)));
  receiver = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body });
      const answer = answers.shift() ?? 'ok';
      if (answer === 'hang') return;
      if (answer === 'fail') response.writeHead(500).end('boom');
      else if (typeof answer === 'object') response.writeHead(307, { location: answer.redirect }).end();
      else response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
  await t.close();
});
beforeEach(() => {
  received.length = 0;
  answers.length = 0;
});

type Made = { key: string; secret: string; version: number; name: string };
const subscribe = async (token: string, path: string, eventTypes: string[] = ['plan.confirmed'], extra = {}) => {
  const made = await t.call('POST', '/v1/webhooks', {
    token,
    body: { name: `订阅 ${path}`, callbackUrl: `${base}${path}`, eventTypes, ...extra },
  });
  expect(made.statusCode).toBe(201);
  return made.json() as Made;
};
const deliver = (now?: Date, app: App = t.app) => deliverDue(app.db, { ...app.webhookReach, timeoutMs: 500, now });
const deliveriesOf = async (key: string, token = user) => {
  const answer = await t.call('GET', `/v1/webhooks/${key}/deliveries`, { token });
  expect(answer.statusCode).toBe(200);
  return answer.json().data as {
    status: string;
    attempts: { status: number | null; error: string | null }[];
    lastError: string | null;
  }[];
};
const remove = (key: string, token = user) => t.call('DELETE', `/v1/webhooks/${key}`, { token, headers: { 'if-match': '"1"' } });

it('answers the secret once, reads without it, versions its changes and refuses bad input in Chinese', async () => {
  const made = await subscribe(user, '/own', ['plan.confirmed', 'bol.released'], { secret: 'a-secret-of-my-own-0123' });
  expect(made.secret).toBe('a-secret-of-my-own-0123');
  const generated = await subscribe(user, '/generated');
  expect(generated.secret).toMatch(/^whsec_[\w-]{43}$/);

  const listed = await t.call('GET', '/v1/webhooks', { token: user });
  expect(listed.json().data.map((hook: Made) => hook.key)).toEqual([made.key, generated.key]);
  expect(listed.body).not.toContain('secret');
  const read = await t.call('GET', `/v1/webhooks/${made.key}`, { token: user });
  expect(read.headers.etag).toBe('"1"');
  expect(read.json()).toMatchObject({ eventTypes: ['plan.confirmed', 'bol.released'], active: true, lastDelivery: null });
  const history = await t.app.db.select().from(auditLog).where(eq(auditLog.entityKey, made.key));
  expect(JSON.stringify(history)).not.toContain('a-secret-of-my-own');

  const paused = await t.call('PUT', `/v1/webhooks/${made.key}`, {
    token: user,
    headers: { 'if-match': '"1"' },
    body: { name: '暂停', callbackUrl: `${base}/own`, eventTypes: ['bol.released'], planKeys: [], active: false },
  });
  expect(paused.statusCode).toBe(200);
  expect(paused.json()).toMatchObject({ active: false, version: 2, name: '暂停' });
  const stale = await t.call('PUT', `/v1/webhooks/${made.key}`, {
    token: user,
    headers: { 'if-match': '"1"' },
    body: { name: '过期', callbackUrl: `${base}/own`, eventTypes: ['bol.released'], planKeys: [], active: true },
  });
  expect(stale.statusCode).toBe(412);

  const bad = await t.call('POST', '/v1/webhooks', {
    token: user,
    body: { name: '', callbackUrl: 'ftp://example.com/x', eventTypes: ['nothing'], secret: 'short', planKeys: ['OP99999999'] },
  });
  expect(bad.statusCode).toBe(422);
  expect(bad.json().fields).toMatchObject({
    name: '请填写订阅名称',
    callbackUrl: expect.stringContaining('https://'),
    'eventTypes.0': '不支持的事件类型',
    secret: expect.stringContaining('至少 16'),
  });
  const unknownPlan = await t.call('POST', '/v1/webhooks', {
    token: user,
    body: { name: '别人的计划', callbackUrl: `${base}/x`, eventTypes: ['plan.confirmed'], planKeys: ['OP99999999'] },
  });
  expect(unknownPlan.statusCode).toBe(422);
  expect(unknownPlan.json().fields.planKeys).toBe('订舱计划 OP99999999 不存在或不属于您');
  expect((await t.call('POST', '/v1/webhooks', { token: await t.login('whuser'), body: {} })).statusCode).toBe(422);

  expect((await t.call('DELETE', `/v1/webhooks/${made.key}`, { token: user, headers: { 'if-match': '"2"' } })).statusCode).toBe(
    200,
  );
  expect((await remove(generated.key)).statusCode).toBe(200);
  expect((await t.call('GET', `/v1/webhooks/${made.key}`, { token: user })).statusCode).toBe(404);
});

it('signs each delivery with the secret: the receiver checks the HMAC-SHA256 of the body it got', async () => {
  const hook = await subscribe(user, '/signed');
  const ping = await t.call('POST', `/v1/webhooks/${hook.key}/ping`, { token: user });
  expect(ping.statusCode).toBe(201);
  expect(ping.json()).toMatchObject({ eventType: 'webhook.ping', status: 'queued', attempts: [] });
  expect(await deliver()).toBe(1);

  expect(received).toHaveLength(1);
  const [{ headers, body, path }] = received;
  expect(path).toBe('/signed');
  expect(headers['content-type']).toBe('application/json');
  const expected = createHmac('sha256', hook.secret).update(body).digest('hex');
  expect(headers['notification-signature']).toBe(`sha256=${expected}`);
  expect(headers['shipdesk-delivery']).toBe(ping.json().id);
  expect(JSON.parse(body)).toEqual([
    expect.objectContaining({ eventType: 'SHIPDESK', eventCode: 'webhook.ping', subject: { type: 'webhook', key: hook.key } }),
  ]);
  const [delivery] = await deliveriesOf(hook.key);
  expect(delivery).toMatchObject({ status: 'delivered', lastError: null, attempts: [{ status: 204, error: null }] });
  expect((await t.call('GET', `/v1/webhooks/${hook.key}`, { token: user })).json().lastDelivery).toMatchObject({
    status: 'delivered',
  });
  expect((await remove(hook.key)).statusCode).toBe(200);
});

it('delivers an owner’s events to the owner’s and the clerks’ subscriptions only, as DCSA writes them', async () => {
  const mine = await subscribe(user, '/mine', ['plan.confirmed', 'tnt.SHIPMENT', 'tnt.TRANSPORT']);
  const theirs = await subscribe(user2, '/theirs', ['plan.confirmed', 'tnt.SHIPMENT', 'tnt.TRANSPORT']);
  const clerks = await subscribe(clerk, '/clerk', ['plan.confirmed']);
  const { plan } = await confirmedPlan(t, user, clerk, await putPrice(t, clerk), 1);
  const other = await confirmedPlan(t, user, clerk, await putPrice(t, clerk), 1);
  const narrow = await subscribe(user, '/narrow', ['plan.confirmed'], { planKeys: [other.plan.key] });
  await confirmedPlan(t, user2, clerk, await putPrice(t, clerk), 1);
  while ((await deliver()) > 0);

  const at = (path: string) => received.filter((got) => got.path === path).map((got) => JSON.parse(got.body)[0]);
  const codes = (events: { eventCode?: string; shipmentEventTypeCode?: string; transportEventTypeCode?: string }[]) =>
    events.map((event) => event.eventCode ?? event.shipmentEventTypeCode ?? event.transportEventTypeCode).sort();
  expect(codes(at('/mine'))).toEqual(['ARRI', 'ARRI', 'CONF', 'CONF', 'DEPA', 'DEPA', 'plan.confirmed', 'plan.confirmed']);
  expect(
    at('/mine')
      .filter((event) => event.eventCode === 'plan.confirmed')
      .map((event) => event.planKey),
  ).toEqual([plan.key, other.plan.key]);
  for (const event of at('/mine').filter((event) => event.eventType !== 'SHIPDESK')) expect(dcsaProblems(event)).toEqual([]);
  expect(codes(at('/theirs'))).toEqual(['ARRI', 'CONF', 'DEPA', 'plan.confirmed']);
  expect(codes(at('/clerk'))).toEqual(['plan.confirmed', 'plan.confirmed', 'plan.confirmed']);
  expect(at('/narrow')).toEqual([]);

  // Another customer's subscription, through the API or a token of theirs: as if it did not exist.
  for (const [method, url] of [
    ['GET', `/v1/webhooks/${mine.key}`],
    ['GET', `/v1/webhooks/${mine.key}/deliveries`],
    ['POST', `/v1/webhooks/${mine.key}/ping`],
    ['DELETE', `/v1/webhooks/${mine.key}`],
  ] as const) {
    const answer = await t.call(method, url, { token: user2, headers: method === 'DELETE' ? { 'if-match': '"1"' } : {} });
    expect(answer.statusCode).toBe(404);
  }
  const token = (
    await t.call('POST', '/v1/tokens', { token: user2, body: { name: 'ERP', scope: 'readWrite', expiresInDays: 1 } })
  ).json().token;
  expect((await t.call('GET', `/v1/webhooks/${mine.key}/deliveries`, { token })).statusCode).toBe(404);
  expect((await t.call('GET', '/v1/webhooks', { token })).json().data.map((hook: Made) => hook.key)).toEqual([theirs.key]);
  for (const [hook, owner] of [
    [mine, user],
    [theirs, user2],
    [clerks, clerk],
    [narrow, user],
  ] as const)
    expect((await remove(hook.key, owner)).statusCode).toBe(200);
});

it('tries again after a 500 and after a timeout, with backoff, and gives up a day after the event', async () => {
  const hook = await subscribe(user, '/flaky');
  await t.call('POST', `/v1/webhooks/${hook.key}/ping`, { token: user });
  // The database keeps microseconds: a millisecond on, the delivery queued is due.
  const start = new Date(Date.now() + 1);
  answers.push('fail', 'hang');
  expect(await deliver(start)).toBe(1);
  expect(await deliver(new Date(start.getTime() + 20_000))).toBe(0);
  expect(await deliver(new Date(start.getTime() + 31_000))).toBe(1);
  const [waiting] = await deliveriesOf(hook.key);
  expect(waiting).toMatchObject({ status: 'queued', lastError: '0.5 秒内没有应答' });
  expect(await deliver(new Date(start.getTime() + 31_000 + 61_000))).toBe(1);
  const [delivered] = await deliveriesOf(hook.key);
  expect(delivered.status).toBe('delivered');
  expect(delivered.attempts).toEqual([
    expect.objectContaining({ status: 500, error: '接收方答复 HTTP 500' }),
    expect.objectContaining({ status: null, error: '0.5 秒内没有应答' }),
    expect.objectContaining({ status: 204, error: null }),
  ]);
  expect(received).toHaveLength(3);

  await t.call('POST', `/v1/webhooks/${hook.key}/ping`, { token: user });
  answers.push('fail');
  expect(await deliver(new Date(Date.now() + 23.995 * 3_600_000))).toBe(1);
  const [givenUp] = await deliveriesOf(hook.key);
  expect(givenUp).toMatchObject({ status: 'failed', lastError: '接收方答复 HTTP 500' });
  expect(await deliver(new Date(Date.now() + 48 * 3_600_000))).toBe(0);
  expect((await remove(hook.key)).statusCode).toBe(200);
});

it('sends each delivery once however many servers deliver', async () => {
  const other = await t.anotherServer();
  const hook = await subscribe(user, '/once');
  for (let n = 0; n < 20; n += 1) await t.call('POST', `/v1/webhooks/${hook.key}/ping`, { token: user });
  const rounds = async (app: App) => {
    let sent = 0;
    for (let tried = await deliver(undefined, app); tried > 0; tried = await deliver(undefined, app)) sent += tried;
    return sent;
  };
  const [here, there] = await Promise.all([rounds(t.app), rounds(other)]);
  expect(here + there).toBe(20);
  const ids = received.map((got) => got.headers['shipdesk-delivery']);
  expect(new Set(ids).size).toBe(20);
  expect(ids).toHaveLength(20);
  expect((await remove(hook.key)).statusCode).toBe(200);
});

it('never calls this machine, a private or link-local network, by address, name, redirect or a name moved since', async () => {
  const strict = await t.anotherServer({ webhook: { everySeconds: 5, timeoutSeconds: 1, allowNetworks: '' } });
  for (const [callbackUrl, address] of [
    ['http://127.0.0.1:8000/hook', '127.0.0.1'],
    ['https://10.20.30.40/hook', '10.20.30.40'],
    ['https://169.254.169.254/latest/meta-data', '169.254.169.254'],
    ['https://[::1]/hook', '::1'],
    ['https://[::ffff:192.168.1.9]/hook', '::ffff:c0a8:109'],
    ['https://localhost/hook', 'localhost'],
  ]) {
    const refused = await strict.inject({
      method: 'POST',
      url: '/v1/webhooks',
      headers: { authorization: `Bearer ${user}` },
      payload: { name: '内网', callbackUrl, eventTypes: ['plan.confirmed'] },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().fields.callbackUrl).toContain('内网');
    expect(refused.json().fields.callbackUrl).toContain(address.replace('localhost', ''));
  }
  expect(await t.app.db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.name, '内网'))).toEqual([]);

  // A redirect to a network not allowed is not followed.
  const hook = await subscribe(user, '/redirect');
  answers.push({ redirect: 'http://10.0.0.7/steal' });
  await t.call('POST', `/v1/webhooks/${hook.key}/ping`, { token: user });
  await deliver();
  expect(received.map((got) => got.path)).toEqual(['/redirect']);
  expect((await deliveriesOf(hook.key))[0].lastError).toContain('10.0.0.7');
  expect((await remove(hook.key)).statusCode).toBe(200);

  // A name that pointed at an allowed address when subscribed and at the metadata service at the send.
  let pointsAt = '127.0.0.1';
  const reach = { allowed: allowedNetworks('127.0.0.0/8'), resolve: async () => [{ address: pointsAt, family: 4 as const }] };
  const caller = { id: userId, name: 'whuser', roles: ['user' as const], tokenHash: '' };
  const port = new URL(base).port;
  const moved = await createWebhook(
    t.app.db,
    caller,
    { name: '会变的域名', callbackUrl: `http://hooks.example.test:${port}/moved`, eventTypes: ['plan.confirmed'], planKeys: [] },
    reach,
  );
  await t.call('POST', `/v1/webhooks/${moved.key}/ping`, { token: user });
  pointsAt = '169.254.169.254';
  await deliverDue(t.app.db, { ...reach, timeoutMs: 500 });
  expect(received.map((got) => got.path)).toEqual(['/redirect']);
  expect((await deliveriesOf(moved.key))[0].lastError).toContain('169.254.169.254');
  pointsAt = '127.0.0.1';
  await deliverDue(t.app.db, { ...reach, timeoutMs: 500, now: new Date(Date.now() + 60_000) });
  expect(received.map((got) => got.path)).toEqual(['/redirect', '/moved']);
  expect((await remove(moved.key)).statusCode).toBe(200);
});
