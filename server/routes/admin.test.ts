/**
 * 系统管理: the demo's `admin` lists every person's account with its company and last sign-in, activates or refuses
 * a pending registration (the registering person gets the mail), disables and enables, changes a role, mails a
 * password reset and reads the sign-in history; each change audited; the last active admin stays.
 */
import { and, eq } from 'drizzle-orm';
import { adminMessages, type AdminAccount } from '../../contract/admin/schema';
import { auditLog, users } from '../db/schema';
import { createDemoApp, type DemoName } from '../testing/demo';
import { TEST_PASSWORD, type TestApp } from '../testing/harness';
import { createUser } from '../domain/user';

let t: TestApp;
let token: Record<DemoName, string>;
let id: Record<DemoName, string>;

beforeAll(async () => {
  ({ t, token, id } = await createDemoApp());
});
afterAll(() => t.close());

const asAdmin = (method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) =>
  t.call(method, url, { token: token.admin, body });
const account = async (name: string): Promise<AdminAccount> => {
  const listed = await asAdmin('GET', `/v1/admin/accounts?keyword=${encodeURIComponent(name)}`);
  return listed.json().data.find((row: AdminAccount) => row.name === name);
};
const pending = (name: string, role: 'user' | 'documentClerk' = 'documentClerk') =>
  createUser(t.app.db, { name, password: TEST_PASSWORD, roles: [role], status: 'pending', email: `${name}@example.com` }, 'self');

it('lists every person’s account with role, company, status and last sign-in; pending ones first', async () => {
  await pending('waiting1');
  const listed = await asAdmin('GET', '/v1/admin/accounts?pageSize=50');
  expect(listed.statusCode).toBe(200);
  const rows: AdminAccount[] = listed.json().data;
  expect(rows[0]).toMatchObject({ name: 'waiting1', status: 'pending', role: 'documentClerk', lastSignInAt: null });
  expect(rows.find((row) => row.name === 'user')).toMatchObject({
    role: 'user',
    isManager: true,
    company: { name: '华东服饰有限公司' },
    lastSignInAt: expect.any(String),
  });
  expect(rows.find((row) => row.name === 'clerk')).toMatchObject({ role: 'documentClerk', company: null });
  const byCompany = await asAdmin('GET', `/v1/admin/accounts?company=${encodeURIComponent('华东')}`);
  expect(
    byCompany
      .json()
      .data.map((row: AdminAccount) => row.name)
      .sort(),
  ).toEqual(['user', 'user-b']);
});

it('activates a pending registration with one click: the person gets the mail and then signs in', async () => {
  await pending('waiting2');
  const before = await account('waiting2');
  expect((await t.login('waiting2', TEST_PASSWORD).catch(() => 'refused')) === 'refused').toBe(true);
  const activated = await asAdmin('PATCH', `/v1/admin/accounts/${before.id}`, { status: 'active', version: before.version });
  expect(activated.statusCode).toBe(200);
  expect(activated.json()).toMatchObject({ status: 'active', version: before.version + 1 });
  expect(t.mails('waiting2@example.com').pop()?.subject).toBe('Shipdesk 账号已开通');
  expect(await t.login('waiting2', TEST_PASSWORD)).toEqual(expect.any(String));
  const [entry] = await t.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityKey, before.id), eq(auditLog.actor, id.admin)));
  expect(entry).toBeDefined();
  // The same version again is stale: 409, nothing changed.
  const stale = await asAdmin('PATCH', `/v1/admin/accounts/${before.id}`, { status: 'disabled', version: before.version });
  expect(stale.statusCode).toBe(409);
});

it('refuses a pending registration: the person is told, and cannot sign in', async () => {
  await pending('waiting3', 'user');
  const before = await account('waiting3');
  const refused = await asAdmin('PATCH', `/v1/admin/accounts/${before.id}`, { status: 'disabled', version: before.version });
  expect(refused.json()).toMatchObject({ status: 'disabled' });
  expect(t.mails('waiting3@example.com').pop()?.subject).toBe('Shipdesk 注册未通过审核');
});

it('disable stops the account’s sessions at once; enable lets it sign in again', async () => {
  const session = await t.login('inspector', TEST_PASSWORD);
  const before = await account('inspector');
  await asAdmin('PATCH', `/v1/admin/accounts/${before.id}`, { status: 'disabled', version: before.version });
  expect((await t.call('GET', '/v1/users/current', { token: session })).statusCode).toBe(401);
  const disabled = await account('inspector');
  await asAdmin('PATCH', `/v1/admin/accounts/${before.id}`, { status: 'active', version: disabled.version });
  expect(await t.login('inspector', TEST_PASSWORD)).toEqual(expect.any(String));
});

it('a change of role: a clerk made a customer gets a company of their own; the next sign-in has the new role', async () => {
  await createUser(t.app.db, { name: 'clerk9', password: TEST_PASSWORD, roles: ['documentClerk'], status: 'active' }, 'cli');
  const before = await account('clerk9');
  const changed = await asAdmin('PATCH', `/v1/admin/accounts/${before.id}`, { role: 'user', version: before.version });
  expect(changed.json()).toMatchObject({ role: 'user', isManager: true, company: { name: 'clerk9' } });
  const session = await t.login('clerk9', TEST_PASSWORD);
  expect((await t.call('GET', '/v1/users/current', { token: session })).json().authority).toEqual(['user']);
  const back = await asAdmin('PATCH', `/v1/admin/accounts/${before.id}`, { role: 'inspector', version: before.version + 1 });
  expect(back.json()).toMatchObject({ role: 'inspector', company: null, isManager: false });
});

it('the last active administrator can be neither disabled nor given another role', async () => {
  const me = await account('admin');
  for (const change of [{ status: 'disabled' }, { role: 'documentClerk' }]) {
    const refused = await asAdmin('PATCH', `/v1/admin/accounts/${me.id}`, { ...change, version: me.version });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errorMessage).toBe(adminMessages.lastAdmin);
  }
  const [row] = await t.app.db.select().from(users).where(eq(users.id, me.id));
  expect([row.status, row.roles, row.version]).toEqual(['active', ['admin'], me.version]);
  // With a second admin, one of them may go.
  await createUser(t.app.db, { name: 'admin2', password: TEST_PASSWORD, roles: ['admin'], status: 'active' }, 'cli');
  const other = await account('admin2');
  expect(
    (await asAdmin('PATCH', `/v1/admin/accounts/${other.id}`, { status: 'disabled', version: other.version })).statusCode,
  ).toBe(200);
});

it('mails a password reset link; the sign-in history says when, from where, and why not', async () => {
  const user2 = await account('user2');
  const sent = await asAdmin('POST', `/v1/admin/accounts/${user2.id}/password-reset`);
  expect(sent.json()).toEqual({ success: true, message: '重置密码邮件已发送到 user2@shipdesk.local' });
  expect(t.mails('user2@shipdesk.local').pop()?.link).toMatch(/\/user\/reset\?token=/);

  await t.call('POST', '/v1/auth/login', { body: { type: 'account', userName: 'user2', password: 'wrong-one' } });
  const history = await asAdmin('GET', `/v1/admin/accounts/${user2.id}/sign-ins?pageSize=5`);
  expect(history.statusCode).toBe(200);
  const [latest, earlier] = history.json().data;
  expect(latest).toMatchObject({ outcome: 'badPassword', address: expect.any(String), at: expect.any(String) });
  expect(earlier).toMatchObject({ outcome: 'ok' });
});

it('nobody but the administrator reaches the console, and an unknown account is a 404', async () => {
  for (const name of ['user', 'clerk', 'user2'] as const) {
    expect((await t.call('GET', '/v1/admin/accounts', { token: token[name] })).statusCode).toBe(403);
  }
  expect((await asAdmin('GET', '/v1/admin/accounts/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  expect((await asAdmin('GET', '/v1/admin/accounts/12')).statusCode).toBe(404);
  // And the administrator reaches nothing of the business.
  expect((await t.call('GET', '/v1/packing/bulkdata', { token: token.admin })).statusCode).toBe(403);
});
