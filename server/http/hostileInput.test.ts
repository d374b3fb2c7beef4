/**
 * Each cause of a 500 an outside probe found, now a 4xx in the API's error shape with nothing changed:
 * control characters, prototype names as sort fields, integers past the columns' range, malformed multipart,
 * xlsx cells the reader choked on, and the framework's own errors. Also the security headers.
 */
import net from 'node:net';
import type { BulkLine } from '../../contract/packing/schema';
import { seedLookups } from '../domain/demo/packing';
import { bulkState, createLine, lineInput } from '../testing/bulk';
import { createTestApp, type TestApp } from '../testing/harness';
import { multipartFile } from '../testing/upload';
import { rawWorkbook } from '../testing/zipWriter';
import { importHeaders } from '../testing/upload';

let t: TestApp;
let alice: string;
let clerk: string;
let line: BulkLine;

beforeAll(async () => {
  t = await createTestApp();
  await seedLookups(t.app.db);
  await t.addUser('alice', ['user']);
  await t.addUser('clerk', ['documentClerk']);
  [alice, clerk] = await Promise.all([t.login('alice'), t.login('clerk')]);
  line = await createLine(t, alice, { poNo: 'PO-HOSTILE' });
});
afterAll(() => t.close());

/** The call must be refused with `status` in the error shape, and no business row may change. */
async function refused(call: () => ReturnType<TestApp['call']>, status: number) {
  const before = await bulkState(t);
  const response = await call();
  expect(response.statusCode).toBe(status);
  expect(response.json()).toMatchObject({ success: false, errorCode: expect.any(String), errorMessage: expect.any(String) });
  expect(await bulkState(t)).toEqual(before);
  return response.json();
}

describe('control characters', () => {
  it('are refused in sign-in and forgot-password bodies, which need no login (422 naming the field)', async () => {
    const login = await refused(
      () => t.call('POST', '/v1/auth/login', { body: { type: 'account', userName: 'ali\u0000ce', password: 'x' } }),
      422,
    );
    expect(login.fields).toEqual({ userName: '不能包含控制字符' });
    expect((await refused(() => t.call('POST', '/v1/auth/forgot', { body: { name: '\u0000' } }), 422)).fields).toHaveProperty(
      'name',
    );
  });

  it('are refused in query strings and path parameters (400 naming the parameter)', async () => {
    expect((await refused(() => t.call('GET', '/v1/packing/bulkdata?poNo=PO%00', { token: alice }), 400)).fields).toEqual({
      poNo: '不能包含控制字符',
    });
    expect((await refused(() => t.call('GET', '/v1/packing/bulkdata/BD%0A1', { token: alice }), 400)).fields).toEqual({
      key: '不能包含控制字符',
    });
    await refused(() => t.call('DELETE', `/v1/packing/multi/bulkdata/?keys=${line.key}%00&versions=1`, { token: alice }), 400);
  });

  it('are refused in body fields and object keys, however deep; a line break in a one-line field is the field’s 422', async () => {
    const nul = await refused(
      () =>
        t.call('POST', '/v1/packing/multi/bulkdata', {
          token: alice,
          body: lineInput({ poNo: 'PO-N1', destination: 'LA\u0000' }),
        }),
      422,
    );
    expect(nul.fields).toEqual({ destination: '不能包含控制字符' });
    const key = await refused(
      () =>
        t.call('POST', '/v1/packing/multi/bulkdata', {
          token: alice,
          body: lineInput({ poNo: 'PO-N2', sizeBreakdown: { 'M\u0001': 2 } }),
        }),
      422,
    );
    expect(key.fields).toEqual({ 'sizeBreakdown._key': '字段名不能包含控制字符' });
    const nested = await refused(
      () =>
        t.call('PUT', '/v1/setting/containerCapacities', {
          token: clerk,
          body: { value: { '20GP': { note: '\u0007' } }, version: 1 },
        }),
      422,
    );
    expect(nested.fields).toEqual({ 'value.20GP.note': '不能包含控制字符' });
    const lineBreak = await refused(
      () =>
        t.call('POST', '/v1/packing/multi/bulkdata', {
          token: alice,
          body: lineInput({ poNo: 'PO-N3', destination: 'Los\nAngeles' }),
        }),
      422,
    );
    expect(lineBreak.fields).toEqual({ destination: '目的地不能包含控制字符或换行' });
  });

  it('a body nested deeper than any contract shape is refused before it is validated', async () => {
    const deep = `{"config":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    const response = await refused(
      () => t.call('PATCH', '/v1/users/current', { token: alice, body: deep, headers: { 'content-type': 'application/json' } }),
      422,
    );
    expect(response.errorMessage).toMatch(/嵌套超过 16 层/);
  });
});

describe('sort fields come from a whitelist, looked up without the prototype chain', () => {
  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'])('%s', async (field) => {
    await refused(() => t.call('GET', `/v1/users?sorter=${field}:ascend`, { token: clerk }), 400);
    await refused(() => t.call('GET', `/v1/packing/bulkdata?sorter=${field}:descend`, { token: alice }), 400);
    await refused(() => t.call('GET', `/v1/notices?sorter=${field}:ascend`, { token: alice }), 400);
  });
});

describe('integers are bounded by their column’s range', () => {
  it.each([2 ** 31, 2 ** 40, 1e300, -1, 1.5])('version %p', async (version) => {
    await refused(
      () =>
        t.call('PUT', `/v1/packing/multi/bulkdata/${line.key}`, {
          token: alice,
          body: { ...lineInput({ poNo: 'PO-HOSTILE' }), version },
        }),
      422,
    );
    await refused(() => t.call('DELETE', `/v1/packing/multi/bulkdata/${line.key}`, { token: alice, body: { version } }), 422);
    await refused(() => t.call('PUT', '/v1/setting/containerCapacities', { token: clerk, body: { value: {}, version } }), 422);
    await refused(
      () =>
        t.call('POST', '/v1/packing/bulkdata/mergeOne', {
          token: alice,
          body: { keys: [line.key, 'BD1'], versions: { [line.key]: version, BD1: 1 } },
        }),
      422,
    );
  });

  it('in a query too', async () => {
    await refused(
      () => t.call('DELETE', `/v1/packing/multi/bulkdata/?keys=${line.key}&versions=99999999999`, { token: alice }),
      400,
    );
  });
});

describe('uploads', () => {
  const importUrl = '/v1/packing/multi/bulkdata/import';
  const workbook = () => rawWorkbook({ rows: `<row r="1"><c r="A1" t="inlineStr"><is><t>PO号</t></is></c></row>` });

  it('a multipart body without a boundary, truncated, or with another field is a 4xx', async () => {
    await refused(
      () => t.call('POST', importUrl, { token: alice, body: 'x', headers: { 'content-type': 'multipart/form-data' } }),
      400,
    );
    const { payload, headers } = multipartFile(workbook());
    await refused(() => t.call('POST', importUrl, { token: alice, body: payload.subarray(0, 120), headers }), 400);
    const wrongField = multipartFile(workbook(), { field: 'upload' });
    await refused(() => t.call('POST', importUrl, { token: alice, body: wrongField.payload, headers: wrongField.headers }), 422);
    await refused(
      () => t.call('POST', importUrl, { token: alice, body: '{}', headers: { 'content-type': 'application/json' } }),
      415,
    );
  });

  /** One data row of every import column, with `cells` replacing some of them (raw cell XML by header). */
  function rowsWith(cells: Record<string, string>): string {
    const column = (i: number) => String.fromCharCode(65 + (i % 26)).padStart(i >= 26 ? 2 : 1, 'A');
    const header = importHeaders.map((name, i) => `<c r="${column(i)}1" t="inlineStr"><is><t>${name}</t></is></c>`).join('');
    const values: Record<string, string> = {
      ODG货号: 'ODG-1',
      PO号: 'PO-X1',
      款号: 'ST',
      颜色: 'RED',
      工厂: 'F01',
      尺码组: 'APP-INT',
      尺码配比: 'S:2',
      装箱方式: 'SCSS',
      起始箱号: '1',
      结束箱号: '2',
      '净重/箱(kg)': '8',
      '毛重/箱(kg)': '9',
      '外箱长(cm)': '60',
      '外箱宽(cm)': '40',
      '外箱高(cm)': '35',
      目的地: 'LA',
      出厂日: '2025-03-10',
    };
    const data = importHeaders
      .map(
        (name, i) =>
          cells[name]?.replace('{ref}', `${column(i)}2`) ??
          `<c r="${column(i)}2" t="inlineStr"><is><t>${values[name]}</t></is></c>`,
      )
      .join('');
    return `<row r="1">${header}</row><row r="2">${data}</row>`;
  }

  it('a date serial beyond Excel’s calendar and an escaped control character in a shared string are row errors', async () => {
    const styles = '<styleSheet><cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="14"/></cellXfs></styleSheet>';
    const dateFile = rawWorkbook({ rows: rowsWith({ 出厂日: '<c r="{ref}" s="1"><v>99999999999</v></c>' }), styles });
    const { payload, headers } = multipartFile(dateFile);
    const date = await refused(() => t.call('POST', importUrl, { token: alice, body: payload, headers }), 422);
    expect(date.rows).toEqual([{ row: 2, field: 'exFactoryDate', message: '日期格式应为 YYYY-MM-DD' }]);

    const stringFile = rawWorkbook({
      rows: rowsWith({ 颜色: '<c r="{ref}" t="s"><v>0</v></c>' }),
      sharedStrings: ['RED_x0000_'],
    });
    const upload = multipartFile(stringFile);
    const control = await refused(
      () => t.call('POST', importUrl, { token: alice, body: upload.payload, headers: upload.headers }),
      422,
    );
    expect(control.rows).toEqual([{ row: 2, field: 'colour', message: '颜色不能包含控制字符或换行' }]);
  });
});

describe('the framework’s own errors use the API’s error shape', () => {
  it('a malformed URL and an over-long path parameter', async () => {
    expect(await refused(() => t.call('GET', '/v1/packing/bulkdata/%E0%A4%A', { token: alice }), 400)).toMatchObject({
      errorCode: 'BAD_URL',
    });
    expect(await refused(() => t.call('GET', `/v1/packing/bulkdata/${'K'.repeat(200)}`, { token: alice }), 414)).toMatchObject({
      errorCode: 'URI_TOO_LONG',
    });
  });

  it('headers too large (431) and a request Node cannot parse (400), on a real socket', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const raw = (request: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(Number(port), '127.0.0.1', () => socket.end(request));
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk.toString()));
        socket.on('close', () => resolve(answer));
        socket.on('error', reject);
      });
    const tooLarge = await raw(`GET /v1/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(tooLarge).toMatch(/^HTTP\/1.1 431/);
    expect(JSON.parse(tooLarge.split('\r\n\r\n')[1])).toMatchObject({ success: false, errorCode: 'HEADERS_TOO_LARGE' });
    const garbage = await raw('NOT A REQUEST\r\n\r\n');
    expect(garbage).toMatch(/^HTTP\/1.1 400/);
    expect(JSON.parse(garbage.split('\r\n\r\n')[1])).toMatchObject({ success: false, errorCode: 'BAD_REQUEST' });
  });
});

describe('security headers', () => {
  it('every answer carries them; API answers are not stored', async () => {
    for (const [url, token] of [
      ['/v1/health', undefined],
      ['/v1/users/current', alice],
      ['/v1/nothing-here', undefined],
    ] as const) {
      const response = await t.call('GET', url, { token });
      expect(response.headers['content-security-policy']).toMatch(
        /default-src 'self'.*script-src 'self'.*frame-ancestors 'none'/,
      );
      expect(response.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'cache-control': 'no-store',
      });
    }
  });
});
