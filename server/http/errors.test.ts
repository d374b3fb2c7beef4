import { sql } from 'drizzle-orm';
import { buildApp, JSON_BODY_LIMIT } from '../app';
import { createTestApp, type TestApp } from '../testing/harness';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.addUser('alice', ['user']);
  token = await t.login('alice');
});
afterAll(() => t.close());

const json = { 'content-type': 'application/json' };

it('malformed JSON is a 400 in the error shape', async () => {
  const response = await t.call('POST', '/v1/auth/login', { body: '{"type":"account",', headers: json });
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({ success: false, errorCode: 'MALFORMED_JSON', errorMessage: expect.any(String) });
});

it('an empty JSON body on a route that needs one is a 400', async () => {
  const response = await t.call('POST', '/v1/auth/login', { body: '', headers: json });
  expect(response.statusCode).toBe(400);
  expect(response.json().success).toBe(false);
});

it('a body over the 1 MiB limit is a 413', async () => {
  const huge = JSON.stringify({ type: 'account', userName: 'alice', password: 'x'.repeat(JSON_BODY_LIMIT) });
  const response = await t.call('POST', '/v1/auth/login', { body: huge, headers: json });
  expect(response.statusCode).toBe(413);
  expect(response.json()).toMatchObject({ success: false, errorCode: 'BODY_TOO_LARGE' });
});

it('a body that is not JSON is a 415', async () => {
  const response = await t.call('POST', '/v1/auth/login', { body: 'userName=alice', headers: { 'content-type': 'text/plain' } });
  expect(response.statusCode).toBe(415);
  const form = await t.call('POST', '/v1/auth/login', {
    body: 'userName=alice',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(form.statusCode).toBe(415);
});

it('unknown fields, wrong types and missing fields are a 422 with a Chinese message per field', async () => {
  const unknown = await t.call('POST', '/v1/auth/login', {
    body: { type: 'account', userName: 'alice', password: 'x', admin: true },
  });
  expect(unknown.statusCode).toBe(422);
  expect(unknown.json()).toEqual({
    success: false,
    errorCode: 'VALIDATION_FAILED',
    errorMessage: '不允许的字段',
    fields: { admin: '不允许的字段' },
  });
  const wrongType = await t.call('POST', '/v1/auth/forgot', { body: { name: 42 } });
  expect(wrongType.statusCode).toBe(422);
  expect(wrongType.json().fields).toEqual({ name: '请输入用户名' });
  const noType = await t.call('POST', '/v1/auth/login', { body: { userName: 'alice' } });
  expect(noType.statusCode).toBe(422);
  expect(noType.json().fields.type).toMatch(/[\u4e00-\u9fa5]/);
  const array = await t.call('PATCH', '/v1/notices', { token, body: [] });
  expect(array.statusCode).toBe(422);
});

it('bad query parameters are a 400 or 422, not a 500', async () => {
  // Resources registered from an endpoint table answer a bad query 400 BAD_QUERY, naming every field.
  const clerkless = await t.call('GET', '/v1/notices?current=0&pageSize=100000', { token });
  expect(clerkless.statusCode).toBe(400);
  expect(Object.keys(clerkless.json().fields).sort()).toEqual(['current', 'pageSize']);
  const activation = await t.call('GET', '/v1/auth/activate?token=short');
  expect([activation.statusCode, activation.json().errorMessage]).toEqual([400, '激活链接无效']);
  // A path parameter that cannot name a row is a missing row.
  expect((await t.call('GET', `/v1/users/${'x'.repeat(65)}`, { token })).statusCode).toBe(404);
});

it('an unknown API route is a 404 in the error shape', async () => {
  for (const [method, url] of [
    ['GET', '/v1/nothing'],
    ['POST', '/v1/users/current/x'],
    ['DELETE', '/v1'],
  ] as const) {
    const response = await t.call(method, url, { token });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, errorCode: 'NOT_FOUND' });
  }
});

it('every answer carries a request id, echoing a sane one the client sent', async () => {
  const given = await t.call('GET', '/v1/health', { headers: { 'x-request-id': 'abc-123' } });
  expect(given.headers['x-request-id']).toBe('abc-123');
  const made = await t.call('GET', '/v1/health');
  expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
});

it('GET /v1/health answers when the database does', async () => {
  const response = await t.call('GET', '/v1/health');
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ status: 'ok', database: t.app.database.kind });
});

it('GET /v1/docs is an OpenAPI document of every route with its roles', async () => {
  const response = await t.call('GET', '/v1/docs');
  expect(response.statusCode).toBe(200);
  const doc = response.json();
  expect(doc.openapi).toBe('3.1.0');
  expect(doc.paths['/v1/setting/{key}'].put['x-roles']).toEqual(['documentClerk']);
  expect(doc.paths['/v1/auth/login'].post.requestBody.content['application/json'].schema).toBeDefined();
  expect(Object.keys(doc.paths)).toHaveLength(new Set(t.app.apiRoutes.map((r) => r.url.replace(/:(\w+)/g, '{$1}'))).size);
});

it('a unique value lost in a race is a 409, not a 500', async () => {
  const raceApp = await buildApp({ db: t.app.database, config: { outboxDir: t.outboxDir } });
  // What a second registration sees when it passes the name check at the same time as the first.
  raceApp.get('/v1/test-race', async () => {
    await raceApp.db.execute(sql`insert into users (name, password_hash, roles) values ('alice', 'x', '{user}')`);
    return { success: true };
  });
  const response = await raceApp.inject({ method: 'GET', url: '/v1/test-race' });
  await raceApp.close();
  expect(response.statusCode).toBe(409);
  expect(response.json()).toMatchObject({ success: false, errorCode: 'CONFLICT' });
});
