/**
 * The worst uploads the probe found cannot stall the server: a 10 000-row workbook with one cell in its last
 * column on every row (the old reader built a 16 384-wide row per line: ~17 s and ~680 MB), and a zip whose
 * directory under-states a 1 GiB entry. While each is uploaded to a real listening server, /v1/health is
 * polled: every poll answers within 200 ms, the upload gets a 4xx, and the process grows by less than 100 MB.
 *
 * It runs in a jest process of its own (`npm run test:stall`, part of `npm test` and `test:api`): after every other
 * API file in one process, a major GC of the runner's heap alone took longer than 200 ms, which measured the test
 * runner, not the server.
 */
import { once } from 'node:events';
import { Readable } from 'node:stream';
import { createDeflateRaw } from 'node:zlib';
import { importHeaders } from '../testing/upload';
import { createTestApp, type TestApp } from '../testing/harness';
import { rawWorkbook, zip } from '../testing/zipWriter';

let t: TestApp;
let base: string;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.addUser('alice', ['user']);
  token = await t.login('alice');
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

function sparseWorkbook(rows = 10_000): Buffer {
  const header = importHeaders
    .map((name, i) => `<c r="${String.fromCharCode(65 + i)}1" t="inlineStr"><is><t>${name}</t></is></c>`)
    .join('');
  let body = `<row r="1">${header}</row>`;
  for (let row = 2; row <= rows + 1; row += 1) body += `<row r="${row}"><c r="XFD${row}"><v>1</v></c></row>`;
  return rawWorkbook({ rows: body });
}

/** 1 GiB of zeros, deflated (about 1 MB), made without holding the gigabyte. */
async function deflatedZeros(bytes: number): Promise<Buffer> {
  const chunk = Buffer.alloc(1024 * 1024);
  const deflate = createDeflateRaw({ level: 1 });
  const parts: Buffer[] = [];
  deflate.on('data', (part: Buffer) => parts.push(part));
  const done = once(deflate, 'end');
  await new Promise<void>((resolve, reject) => {
    Readable.from(
      (function* () {
        for (let sent = 0; sent < bytes; sent += chunk.length) yield chunk;
      })(),
    )
      .on('error', reject)
      .pipe(deflate)
      .on('finish', resolve);
  });
  await done;
  return Buffer.concat(parts);
}

/** Uploads `file` while polling /v1/health every 20 ms; answers the upload's status and the slowest poll. */
async function uploadWhilePolling(file: Buffer): Promise<{ status: number; slowestPollMs: number; polls: number }> {
  // Warm the path first (a first fetch sets up its connection and compiles): the polls measure the server only.
  for (let i = 0; i < 5; i += 1) await (await fetch(`${base}/v1/health`)).arrayBuffer();
  let uploading = true;
  let slowestPollMs = 0;
  let polls = 0;
  const polling = (async () => {
    while (uploading) {
      const started = performance.now();
      const response = await fetch(`${base}/v1/health`);
      await response.arrayBuffer();
      expect(response.status).toBe(200);
      slowestPollMs = Math.max(slowestPollMs, performance.now() - started);
      polls += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), 'bulkdata.xlsx');
  const response = await fetch(`${base}/v1/packing/multi/bulkdata/import`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  await response.arrayBuffer();
  // A few more polls after the answer: the work must not go on behind it.
  await new Promise((resolve) => setTimeout(resolve, 100));
  uploading = false;
  await polling;
  return { status: response.status, slowestPollMs, polls };
}

it('a sparse 10 000-row workbook is refused (422) while the server keeps answering', async () => {
  const file = sparseWorkbook();
  expect(file.length).toBeLessThan(200 * 1024);
  const rssBefore = process.memoryUsage().rss;
  const result = await uploadWhilePolling(file);
  expect(result.status).toBe(422);
  expect(result.polls).toBeGreaterThan(1);
  expect(result.slowestPollMs).toBeLessThan(200);
  expect(process.memoryUsage().rss - rssBefore).toBeLessThan(100 * 1024 * 1024);
});

it('a zip that under-states a 1 GiB entry is refused (422) after inflating no more than it declared', async () => {
  const gigabyte = 1024 ** 3;
  const file = zip([
    { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(0), deflated: await deflatedZeros(gigabyte), declaredSize: 2048 },
  ]);
  const rssBefore = process.memoryUsage().rss;
  const result = await uploadWhilePolling(file);
  expect(result.status).toBe(422);
  expect(result.slowestPollMs).toBeLessThan(200);
  expect(process.memoryUsage().rss - rssBefore).toBeLessThan(100 * 1024 * 1024);
});
