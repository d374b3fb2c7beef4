import { eq } from 'drizzle-orm';
import { auditLog } from '../db/schema';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../testing/harness';

let t: TestApp;
let aliceId: string;
let bobId: string;
let alice: string;
let clerk: string;
let inspector: string;
beforeAll(async () => {
  t = await createTestApp();
  aliceId = await t.addUser('alice', ['user'], { realName: '李四', phone: '13800000001' });
  bobId = await t.addUser('bob', ['user']);
  await t.addUser('clerk', ['documentClerk']);
  await t.addUser('inspector', ['inspector']);
  [alice, clerk, inspector] = await Promise.all([t.login('alice'), t.login('clerk'), t.login('inspector')]);
});
afterAll(() => t.close());

describe('GET /v1/users/current', () => {
  it('answers the contract User with authority, config, preferences and notice counts', async () => {
    const response = await t.call('GET', '/v1/users/current', { token: alice });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: aliceId,
      name: 'alice',
      realName: '李四',
      email: 'alice@example.com',
      phone: '13800000001',
      authority: ['user'],
      status: 'active',
      config: {},
      notifyPreferences: { notification: true, message: true, event: true },
      // Nothing by mail until the user asks for it.
      mailPreferences: { todos: {}, delivery: 'each', digestMinutes: 60 },
      notifyCount: 0,
      unreadCount: 0,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      // A customer made on their own: a company of theirs, named after them, which they manage.
      company: { key: expect.stringMatching(/^CO\d{8}$/), name: '李四', shortCode: expect.stringMatching(/^C\d{5}$/) },
      isManager: true,
    });
    expect(response.json()).not.toHaveProperty('passwordHash');
  });
});

describe('GET /v1/users and /v1/users/{id or name}', () => {
  it('the clerk lists every account as a ProTable list, with filters', async () => {
    const all = await t.call('GET', '/v1/users?current=1&pageSize=2&sorter=name:ascend', { token: clerk });
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ success: true, total: 4, current: 1, pageSize: 2 });
    expect(all.json().data.map((u: { name: string }) => u.name)).toEqual(['alice', 'bob']);
    const customers = await t.call('GET', '/v1/users?role=user&name=bo', { token: clerk });
    expect(customers.json().data.map((u: { name: string }) => u.name)).toEqual(['bob']);
  });

  it('others may not list accounts', async () => {
    expect((await t.call('GET', '/v1/users', { token: alice })).statusCode).toBe(403);
    expect((await t.call('GET', '/v1/users', { token: inspector })).statusCode).toBe(403);
  });

  it('a user reads their own account by id or name, not someone else’s (403 whether it exists or not)', async () => {
    expect((await t.call('GET', `/v1/users/${aliceId}`, { token: alice })).json().name).toBe('alice');
    expect((await t.call('GET', '/v1/users/alice', { token: alice })).json().id).toBe(aliceId);
    expect((await t.call('GET', `/v1/users/${bobId}`, { token: alice })).statusCode).toBe(403);
    expect((await t.call('GET', '/v1/users/nobody', { token: alice })).statusCode).toBe(403);
  });

  it('the clerk reads anyone, and gets 404 for an unknown account', async () => {
    expect((await t.call('GET', '/v1/users/bob', { token: clerk })).json().id).toBe(bobId);
    expect((await t.call('GET', '/v1/users/nobody', { token: clerk })).statusCode).toBe(404);
  });
});

describe('PATCH /v1/users/{id}', () => {
  it('changes the own profile and writes an audit row without the password hash', async () => {
    const response = await t.call('PATCH', `/v1/users/${aliceId}`, {
      token: alice,
      body: { realName: '李小四', email: 'li@example.com' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ realName: '李小四', email: 'li@example.com' });
    const rows = await t.app.db.select().from(auditLog).where(eq(auditLog.entityKey, aliceId));
    const last = rows[rows.length - 1];
    expect(last).toMatchObject({ actor: aliceId, entity: 'user' });
    expect(last.before).toMatchObject({ realName: '李四' });
    expect(last.after).toMatchObject({ realName: '李小四' });
    expect(JSON.stringify(rows)).not.toContain('scrypt$');
  });

  it('merges config key by key (last write wins per list)', async () => {
    await t.call('PATCH', `/v1/users/${aliceId}`, { token: alice, body: { config: { packing: 50 } } });
    const second = await t.call('PATCH', `/v1/users/${aliceId}`, { token: alice, body: { config: { bol: 20 } } });
    expect(second.json().config).toEqual({ packing: 50, bol: 20 });
    const third = await t.call('PATCH', `/v1/users/${aliceId}`, { token: alice, body: { config: { packing: 100 } } });
    expect(third.json().config).toEqual({ packing: 100, bol: 20 });
  });

  it('saves notification preferences', async () => {
    const response = await t.call('PATCH', `/v1/users/${aliceId}`, {
      token: alice,
      body: { notifyPreferences: { notification: true, message: false, event: true } },
    });
    expect(response.json().notifyPreferences).toEqual({ notification: true, message: false, event: true });
  });

  it('refuses another user’s account, even for the clerk (403), and changes nothing', async () => {
    expect((await t.call('PATCH', `/v1/users/${bobId}`, { token: alice, body: { realName: '王五' } })).statusCode).toBe(403);
    expect((await t.call('PATCH', '/v1/users/bob', { token: clerk, body: { realName: '王五' } })).statusCode).toBe(403);
    expect((await t.call('GET', '/v1/users/bob', { token: clerk })).json().realName).toBe('测试用户');
  });

  it('refuses bad values and unknown fields (422) and a taken phone (409)', async () => {
    const bad = await t.call('PATCH', `/v1/users/${aliceId}`, { token: alice, body: { phone: '123', config: { packing: 0 } } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['config.packing', 'phone']);
    const unknown = await t.call('PATCH', `/v1/users/${aliceId}`, { token: alice, body: { roles: ['documentClerk'] } });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().fields).toEqual({ roles: '不允许的字段' });
    await t.call('PATCH', '/v1/users/bob', { token: await t.login('bob'), body: { phone: '13900000002' } });
    const taken = await t.call('PATCH', `/v1/users/${aliceId}`, { token: alice, body: { phone: '13900000002' } });
    expect(taken.statusCode).toBe(409);
  });
});

describe('passwords and sessions', () => {
  it('limits wrong old passwords: past the limit even the right one waits (429), and nothing changes', async () => {
    await t.addUser('guessed', ['user']);
    const token = await t.login('guessed');
    const change = (oldPassword: string) =>
      t.call('POST', '/v1/users/current/password', { token, body: { oldPassword, password: 'takeover1' } });
    const { limit } = t.app.config.rateLimits.passwordChecks;
    for (let i = 0; i < limit; i += 1) expect((await change(`guess-${i}`)).statusCode).toBe(422);
    const stopped = await change(TEST_PASSWORD);
    expect(stopped.statusCode).toBe(429);
    expect(stopped.json()).toMatchObject({ success: false, errorCode: 'RATE_LIMITED' });
    await t.login('guessed');
  });

  it('a password change needs the old password, signs out the other sessions only, and leaves a notice', async () => {
    await t.addUser('carol', ['inspector']);
    const [here, elsewhere] = [await t.login('carol'), await t.login('carol')];
    const wrong = await t.call('POST', '/v1/users/current/password', {
      token: here,
      body: { oldPassword: 'nope', password: 'newpass1' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().fields).toEqual({ oldPassword: '原密码错误' });

    const ok = await t.call('POST', '/v1/users/current/password', {
      token: here,
      body: { oldPassword: TEST_PASSWORD, password: 'newpass1' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true, revoked: 1 });
    expect((await t.call('GET', '/v1/users/current', { token: here })).statusCode).toBe(200);
    expect((await t.call('GET', '/v1/users/current', { token: elsewhere })).statusCode).toBe(401);
    await expect(t.login('carol')).rejects.toThrow();
    await t.login('carol', 'newpass1');

    const notices = await t.call('GET', '/v1/notices', { token: here });
    expect(notices.json().data[0]).toMatchObject({ type: 'notification', title: '密码已修改', read: false });
    const me = await t.call('GET', '/v1/users/current', { token: here });
    expect(me.json()).toMatchObject({ notifyCount: 1, unreadCount: 1 });
  });

  it('DELETE /v1/users/current/sessions signs out the other sessions', async () => {
    await t.addUser('dave', ['user']);
    const [a, b, c] = [await t.login('dave'), await t.login('dave'), await t.login('dave')];
    const response = await t.call('DELETE', '/v1/users/current/sessions', { token: a });
    expect(response.json()).toEqual({ success: true, deleted: 2 });
    expect((await t.call('GET', '/v1/users/current', { token: a })).statusCode).toBe(200);
    expect((await t.call('GET', '/v1/users/current', { token: b })).statusCode).toBe(401);
    expect((await t.call('GET', '/v1/users/current', { token: c })).statusCode).toBe(401);
  });
});

describe('GET /v1/user/statistics/shipment', () => {
  it('counts the caller’s notices and packing lines; the clerk also sees accounts by status', async () => {
    await t.addUser('pending1', ['documentClerk'], { status: 'pending' });
    const own = await t.call('GET', '/v1/user/statistics/shipment', { token: alice });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({
      notice: { read: 0, unread: 0 },
      packing: { pendingInspection: 0, pendingConsolidation: 0, allocated: 0, shipped: 0 },
    });
    const clerkView = await t.call('GET', '/v1/user/statistics/shipment', { token: clerk });
    expect(clerkView.json().user).toMatchObject({ pending: 1, disabled: 0 });
    expect(clerkView.json().user.active).toBeGreaterThanOrEqual(4);
  });
});
