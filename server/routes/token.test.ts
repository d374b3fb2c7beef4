/**
 * API 令牌: made by a person, shown once and kept as SHA-256, acting with the owner's role and data, read-only or
 * read-write, never reaching the person's own routes, revoked at once on another server, stopped with its owner.
 */
import { eq } from 'drizzle-orm';
import { tokenLimits } from '../../contract/token/codes';
import type { App } from '../app';
import { sha256 } from '../auth/tokens';
import { sessions, users } from '../db/schema';
import { seedLookups } from '../domain/demo/packing';
import { createLine } from '../testing/bulk';
import { createTestApp, type TestApp } from '../testing/harness';

let t: TestApp;
let other: App;
let user: string;
let user2: string;
let inspector: string;

beforeAll(async () => {
  t = await createTestApp();
  other = await t.anotherServer();
  await seedLookups(t.app.db);
  await t.addUser('tkuser', ['user']);
  await t.addUser('tkuser2', ['user']);
  await t.addUser('tkinspector', ['inspector']);
  [user, user2, inspector] = await Promise.all(['tkuser', 'tkuser2', 'tkinspector'].map((n) => t.login(n)));
});
afterAll(() => t.close());

const make = async (token: string, scope: 'read' | 'readWrite', name = `令牌 ${scope}`) => {
  const made = await t.call('POST', '/v1/tokens', { token, body: { name, scope, expiresInDays: 30 } });
  expect(made.statusCode).toBe(201);
  return made.json() as { id: string; token: string; name: string; lastUsedAt: string | null; expiresAt: string };
};
const onOther = (token: string, url: string) =>
  other.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

it('answers the secret once and keeps only its SHA-256; the list shows name, scope, expiry and first use', async () => {
  const made = await make(user, 'read', 'ERP 同步');
  expect(made.token).toMatch(/^sdt_[A-Za-z0-9_-]{43}$/);
  expect(made.id).toBe(sha256(made.token).slice(0, 16));
  const [row] = await t.app.db
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, sha256(made.token)));
  expect(row).toMatchObject({ kind: 'api', name: 'ERP 同步', scope: 'read' });
  expect(JSON.stringify(row)).not.toContain(made.token);
  const listed = (await t.call('GET', '/v1/tokens', { token: user })).json();
  expect(JSON.stringify(listed)).not.toContain(made.token);
  expect(listed.data.find((one: { id: string }) => one.id === made.id)).toMatchObject({ name: 'ERP 同步', lastUsedAt: null });
  expect((await t.call('GET', '/v1/packing/bulkdata', { token: made.token })).statusCode).toBe(200);
  const used = (await t.call('GET', '/v1/tokens', { token: user })).json();
  expect(used.data.find((one: { id: string }) => one.id === made.id).lastUsedAt).toEqual(expect.any(String));
  // Another person sees none of it, and cannot revoke it.
  expect((await t.call('GET', '/v1/tokens', { token: user2 })).json().data).toEqual([]);
  expect((await t.call('DELETE', `/v1/tokens/${made.id}`, { token: user2 })).statusCode).toBe(404);
});

it('acts with its owner’s role and data only: a read-only token reads, a read-write one writes', async () => {
  const mine = await createLine(t, user, { poNo: 'PO-TK1' });
  const theirs = await createLine(t, user2, { poNo: 'PO-TK2' });
  const reader = await make(user, 'read');
  const lines = (await t.call('GET', '/v1/packing/bulkdata?poNo=PO-TK', { token: reader.token })).json();
  expect(lines.data.map((line: { key: string }) => line.key)).toEqual([mine.key]);
  expect((await t.call('GET', `/v1/packing/bulkdata/${theirs.key}`, { token: reader.token })).statusCode).toBe(404);
  const refused = await t.call('PUT', `/v1/packing/multi/bulkdata/${mine.key}`, {
    token: reader.token,
    body: { ...mine, remark: 'x' },
  });
  expect([refused.statusCode, refused.json().errorMessage]).toEqual([403, '只读令牌不能修改数据']);
  const writer = await make(user, 'readWrite');
  const made = await createLine(t, writer.token, { poNo: 'PO-TK3' });
  expect(made.owner).toBe(mine.owner);
  // The clerk's routes stay the clerk's; an inspector makes no tokens.
  expect((await t.call('GET', '/v1/users', { token: writer.token })).statusCode).toBe(403);
  expect(
    (await t.call('POST', '/v1/tokens', { token: inspector, body: { name: 'x', scope: 'read', expiresInDays: 1 } })).statusCode,
  ).toBe(403);
});

it('never reaches the person’s own routes: password, sessions, tokens', async () => {
  const writer = await make(user, 'readWrite');
  for (const [method, url, body] of [
    ['POST', '/v1/users/current/password', { oldPassword: 'x', password: 'Another-pass-123' }],
    ['DELETE', '/v1/users/current/sessions', undefined],
    ['GET', '/v1/tokens', undefined],
    ['POST', '/v1/tokens', { name: 'more', scope: 'readWrite', expiresInDays: 1 }],
    ['DELETE', `/v1/tokens/${writer.id}`, undefined],
  ] as const) {
    const answer = await t.call(method, url, { token: writer.token, body });
    expect([url, answer.statusCode, answer.json().errorMessage]).toEqual([
      url,
      403,
      'API 令牌不能修改密码、登录或令牌，请本人登录后操作',
    ]);
  }
  // Signing out the person's other devices leaves their tokens working.
  expect((await t.call('DELETE', '/v1/users/current/sessions', { token: user })).statusCode).toBe(200);
  expect((await t.call('GET', '/v1/packing/bulkdata', { token: writer.token })).statusCode).toBe(200);
});

it('stops at once on another server when revoked, and with its owner disabled', async () => {
  const owner = await t.login('tkuser');
  const token = await make(owner, 'read');
  expect((await onOther(token.token, '/v1/users/current')).statusCode).toBe(200);
  expect((await t.call('DELETE', `/v1/tokens/${token.id}`, { token: owner })).json()).toEqual({ success: true, deleted: 1 });
  await other.sessionCache!.settled(other.db);
  expect((await onOther(token.token, '/v1/users/current')).statusCode).toBe(401);
  expect((await t.call('DELETE', `/v1/tokens/${token.id}`, { token: owner })).statusCode).toBe(404);

  await t.addUser('tkleaver', ['user']);
  const leaver = await make(await t.login('tkleaver'), 'readWrite');
  expect((await onOther(leaver.token, '/v1/users/current')).statusCode).toBe(200);
  await t.app.db.update(users).set({ status: 'disabled' }).where(eq(users.name, 'tkleaver'));
  await other.sessionCache!.settled(other.db);
  expect((await onOther(leaver.token, '/v1/users/current')).statusCode).toBe(401);
});

it('refuses bad input in Chinese, a token past its expiry, and more than the live tokens a person may hold', async () => {
  const bad = await t.call('POST', '/v1/tokens', { token: user2, body: { name: '', scope: 'all', expiresInDays: 400 } });
  expect([bad.statusCode, bad.json().fields]).toEqual([
    422,
    { name: '请填写令牌名称', scope: '权限应为只读或读写', expiresInDays: `有效期最多 ${tokenLimits.maxDays} 天` },
  ]);
  // A path parameter that is no token id is a missing token, as every key is.
  const unknown = await t.call('DELETE', '/v1/tokens/not-an-id', { token: user2 });
  expect([unknown.statusCode, unknown.json().errorMessage]).toEqual([404, '令牌不存在或已撤销']);
  const expiring = await make(user2, 'read');
  await t.app.db
    .update(sessions)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(sessions.tokenHash, sha256(expiring.token)));
  await t.app.sessionCache?.settled(t.app.db);
  expect((await t.call('GET', '/v1/users/current', { token: expiring.token })).statusCode).toBe(401);
  for (let n = 0; n < tokenLimits.perPerson; n += 1) await make(user2, 'read', `令牌 ${n}`);
  const over = await t.call('POST', '/v1/tokens', { token: user2, body: { name: '多一个', scope: 'read', expiresInDays: 1 } });
  expect([over.statusCode, over.json().errorMessage]).toEqual([
    409,
    `最多 ${tokenLimits.perPerson} 个有效令牌，请先撤销不用的令牌`,
  ]);
});
