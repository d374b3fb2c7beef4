/**
 * A client nobody here wrote: TypeScript types generated from the served document by openapi-typescript, checked by
 * tsc with the customer's integration (tests/client/integration.ts, no casts), which then runs through
 * openapi-fetch against the real server: a token, an xlsx import, If-Match, a B/L, a webhook's signature. Prints
 * the document's size and the generated types' line count. Type-checked with the generated types by
 * tests/client/tsconfig.json, which is why the project's own tsconfig leaves it out.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { importRow, importWorkbook } from '../../server/testing/upload';
import type { Delivery } from '../client/integration';
import { baseUrl, DEMO_PASSWORD } from './support';

const root = path.resolve(__dirname, '..', '..');
const client = path.join(root, 'tests', 'client');

let receiver: http.Server;
const waiting: ((delivery: Delivery) => void)[] = [];
const arrived: Delivery[] = [];
beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const delivery = { signature: String(request.headers['notification-signature'] ?? ''), body };
      const next = waiting.shift();
      if (next) next(delivery);
      else arrived.push(delivery);
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
});
afterAll(() => new Promise((resolve) => receiver.close(resolve)));

const nextDelivery = () =>
  new Promise<Delivery>((resolve, reject) => {
    const early = arrived.shift();
    if (early) return resolve(early);
    const timer = setTimeout(() => reject(new Error('no delivery within 20 s')), 20_000);
    waiting.push((delivery) => {
      clearTimeout(timer);
      resolve(delivery);
    });
  });

test('types generated from the served document drive a customer’s integration with no casts', async () => {
  const document = await (await fetch(`${baseUrl}/v1/docs`)).text();
  const generated = path.join(client, 'generated', 'shipdesk.d.ts');
  fs.mkdirSync(path.dirname(generated), { recursive: true });
  execFileSync(process.execPath, [path.join(client, 'generate.mjs'), `${baseUrl}/v1/docs`, generated], { stdio: 'inherit' });
  const types = fs.readFileSync(generated, 'utf8');
  const lines = types.split('\n').length;
  console.log(
    `API document ${Buffer.byteLength(document)} bytes (${(Buffer.byteLength(document) / 1024).toFixed(0)} KiB); ` +
      `openapi-typescript: ${lines} lines of types`,
  );
  for (const name of ['PackingLine', 'BookingPlan', 'BillOfLading', 'Container', 'WebhookSubscription'])
    expect(types).toContain(`        ${name}: {`);

  const source = fs.readFileSync(path.join(client, 'integration.ts'), 'utf8');
  expect(source).not.toMatch(/\bas (unknown|any|[A-Z]\w*)\b|<[A-Z]\w*>\s*\w/);
  const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  execFileSync(process.execPath, [tsc, '-p', path.join(client, 'tsconfig.json')], { stdio: 'inherit' });

  const poNo = `PO-CLIENT-${Date.now()}`;
  const workbook = new Blob([new Uint8Array(await importWorkbook([importRow(poNo, 1, 10), importRow(poNo, 11, 20)]))]);
  const { customerIntegration } = await import('../client/integration');
  const port = (receiver.address() as AddressInfo).port;
  const result = await customerIntegration({
    baseUrl,
    userName: 'user',
    password: DEMO_PASSWORD,
    workbook,
    poNo,
    callbackUrl: `http://127.0.0.1:${port}/shipdesk/events`,
    nextDelivery,
  });

  expect(result.imported).toBe(2);
  expect(result.lines.map((line) => [line.poNo, line.cartonFrom])).toEqual([
    [poNo, 1],
    [poNo, 11],
  ]);
  expect(result.etag).toBe('"1"');
  expect(result.updated).toMatchObject({ destination: 'Long Beach', version: 2 });
  expect(result.stale).toMatchObject({ status: 412, error: { errorCode: 'PRECONDITION_FAILED' } });
  expect(result.bill.bolNo).toEqual(expect.any(String));
  expect(result.signed).toBe(true);
  expect(result.events).toEqual([expect.objectContaining({ eventType: 'SHIPDESK', eventCode: 'webhook.ping' })]);
}, 120_000);
