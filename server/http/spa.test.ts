/** Production serving: the built SPA beside the API on one port. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { buildApp, type App } from '../app';
import { freshDatabase, type TestDatabase } from '../testing/databases';

let dist: string;
let testDb: TestDatabase;
let app: App;
const script = `console.log(${JSON.stringify('装箱单'.repeat(400))});`;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'shipdesk-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div><script src="/umi.0123abcd.js"></script>');
  fs.writeFileSync(path.join(dist, 'umi.0123abcd.js'), script);
  fs.writeFileSync(path.join(dist, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *');
  testDb = await freshDatabase();
  app = await buildApp({ db: testDb.database, distDir: dist, config: { outboxDir: path.join(dist, 'outbox') } });
});
afterAll(async () => {
  await app.close();
  await testDb.dispose();
  fs.rmSync(dist, { recursive: true, force: true });
});

it('answers index.html, never cached, for the root and for any app route (history fallback)', async () => {
  for (const url of ['/', '/shipment/packing', '/user/login?redirect=%2Fosb', '/shipment/packing/42']) {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<div id="root">');
  }
});

it('caches hashed files for a year and compresses them with brotli or gzip', async () => {
  const br = await app.inject({ method: 'GET', url: '/umi.0123abcd.js', headers: { 'accept-encoding': 'br, gzip' } });
  expect(br.statusCode).toBe(200);
  expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(br.headers['content-encoding']).toBe('br');
  expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);
  const gzip = await app.inject({ method: 'GET', url: '/umi.0123abcd.js', headers: { 'accept-encoding': 'gzip' } });
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(script);
  const unhashed = await app.inject({ method: 'GET', url: '/robots.txt' });
  expect(unhashed.headers['cache-control']).toBe('no-cache');
  // The tab's icon, asked for again at every in-app navigation.
  const icon = await app.inject({ method: 'GET', url: '/logo.svg' });
  expect(icon.headers['cache-control']).toBe('public, max-age=86400');
});

it('keeps API answers and missing files out of the fallback', async () => {
  const api = await app.inject({ method: 'GET', url: '/v1/nothing' });
  expect(api.statusCode).toBe(404);
  expect(api.json()).toMatchObject({ success: false, errorCode: 'NOT_FOUND' });
  expect((await app.inject({ method: 'GET', url: '/v1/health' })).json().status).toBe('ok');
  expect((await app.inject({ method: 'GET', url: '/umi.ffffffff.js' })).statusCode).toBe(404);
  expect((await app.inject({ method: 'POST', url: '/shipment' })).statusCode).toBe(404);
});
