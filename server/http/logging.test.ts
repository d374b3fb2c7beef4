/**
 * The log of a working day's flow — a sign-in, an API token made and used, an activation link, an upload, a
 * webhook made and delivered — holds a line per request with its id, route pattern, status and account, and not
 * one of the secrets or the uploaded content that went through it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { seedLookups } from '../domain/demo/packing';
import { deliverDue } from '../domain/webhook/deliver';
import { createTestApp, type TestApp } from '../testing/harness';
import { importRow, importWorkbook, multipartFile } from '../testing/upload';
import { loggerOptions } from './logging';

const lines: string[] = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});
let t: TestApp;
let receiver: http.Server;
const received: string[] = [];

beforeAll(async () => {
  t = await createTestApp(
    { webhook: { everySeconds: 5, timeoutSeconds: 1, allowNetworks: '127.0.0.0/8' } },
    undefined,
    loggerOptions('info', sink),
  );
  await seedLookups(t.app.db);
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push(body);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => receiver.close(resolve));
});

it('names each request and keeps every secret and the uploaded content out', async () => {
  const password = 'Log-Secret-Password-1';
  await t.addUser('log_user', ['user'], { password });
  const signIn = await t.call('POST', '/v1/auth/login', { body: { type: 'account', userName: 'log_user', password } });
  const session = signIn.json().token as string;
  const made = await t.call('POST', '/v1/tokens', {
    token: session,
    body: { name: 'ERP', scope: 'readWrite', expiresInDays: 30 },
  });
  const apiToken = made.json().token as string;
  expect((await t.call('GET', '/v1/packing/bulkdata', { token: apiToken })).statusCode).toBe(200);

  const activation = `activation-secret-${'x'.repeat(24)}`;
  await t.call('GET', `/v1/auth/activate?token=${activation}`);

  const marker = 'UPLOADED-CONTENT-MARKER';
  const file = await importWorkbook([importRow('PO-LOG-1', 1, 2, { 款号: marker })]);
  const { payload, headers } = multipartFile(file);
  const imported = await t.call('POST', '/v1/packing/multi/bulkdata/import', { token: session, body: payload, headers });
  expect(imported.statusCode).toBe(200);

  const secret = 'webhook-secret-0123456789abcdef';
  const { port } = receiver.address() as AddressInfo;
  const hook = await t.call('POST', '/v1/webhooks', {
    token: session,
    body: { name: '日志', callbackUrl: `http://127.0.0.1:${port}/hook`, eventTypes: ['plan.confirmed'], secret },
  });
  expect(hook.statusCode).toBe(201);
  expect((await t.call('POST', `/v1/webhooks/${hook.json().key}/ping`, { token: session })).statusCode).toBeLessThan(300);
  await deliverDue(t.app.db, { ...t.app.webhookReach, timeoutMs: 1000 });
  expect(received.length).toBeGreaterThan(0);

  const log = lines.join('\n');
  for (const kept of [password, session, apiToken, activation, marker, secret, hook.json().secret])
    expect([kept, log.includes(kept)]).toEqual([kept, false]);

  const completed = lines.map((line) => JSON.parse(line)).filter((line) => line.msg === 'request completed');
  const tokenCall = completed.find((line) => line.route === '/v1/packing/bulkdata');
  expect(tokenCall).toMatchObject({ reqId: expect.any(String), res: { statusCode: 200 }, userId: expect.any(String) });
  expect(completed.find((line) => line.route === '/v1/auth/activate')?.req.url).toBe('/v1/auth/activate?token=…');
});
