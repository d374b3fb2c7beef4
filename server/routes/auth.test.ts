import { eq, sql } from 'drizzle-orm';
import { sha256 } from '../auth/tokens';
import { sessions, signIns, users } from '../db/schema';
import { signInDelayMs } from '../auth/signInLimits';
import { loginMessages } from '../domain/auth';
import { createTestApp, TEST_PASSWORD, TEST_PUBLIC_URL, type TestApp } from '../testing/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.addUser('alice', ['user'], { phone: '13800000001' });
  await t.addUser('clerk', ['documentClerk']);
  await t.addUser('waiting', ['user'], { status: 'pending' });
  await t.addUser('gone', ['inspector'], { status: 'disabled' });
});
afterAll(() => t.close());

const accountLogin = (userName: string, password: string, ip?: string) =>
  t.call('POST', '/v1/auth/login', { body: { type: 'account', userName, password }, ip });

describe('POST /v1/auth/login', () => {
  it('answers ok with the roles and a token that opens the API', async () => {
    const response = await accountLogin('clerk', TEST_PASSWORD);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ status: 'ok', type: 'account', currentAuthority: ['documentClerk'] });
    expect(body.token).toMatch(/^[\w-]{43}$/);
    const me = await t.call('GET', '/v1/users/current', { token: body.token });
    expect(me.statusCode).toBe(200);
    expect(me.json().name).toBe('clerk');
  });

  it('stores only the hash of the token', async () => {
    const token = await t.login('alice');
    const rows = await t.app.db.select().from(sessions);
    expect(rows.some((row) => row.tokenHash === token)).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.tokenHash))).toBe(true);
  });

  it.each([
    ['a wrong password', 'alice', 'wrong-password', loginMessages.badCredentials],
    ['an unknown account', 'nobody', TEST_PASSWORD, loginMessages.badCredentials],
    ['a pending account', 'waiting', TEST_PASSWORD, loginMessages.pending],
    ['a disabled account', 'gone', TEST_PASSWORD, loginMessages.disabled],
  ])('answers status error for %s', async (_case, name, password, message) => {
    const response = await accountLogin(name, password);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'error', type: 'account', message });
  });

  it('signs in with a mobile number and the code from the SMS outbox', async () => {
    const sent = await t.call('POST', '/v1/auth/captcha', { body: { mobile: '13800000001' } });
    expect(sent.statusCode).toBe(200);
    const code = t.smsCode('13800000001');
    expect(code).toMatch(/^\d{6}$/);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const bad = await t.call('POST', '/v1/auth/login', { body: { type: 'mobile', mobile: '13800000001', captcha: wrong } });
    expect(bad.json()).toEqual({ status: 'error', type: 'mobile', message: loginMessages.badCaptcha });
    const ok = await t.call('POST', '/v1/auth/login', { body: { type: 'mobile', mobile: '13800000001', captcha: code } });
    expect(ok.json()).toMatchObject({ status: 'ok', type: 'mobile', currentAuthority: ['user'] });
    // A code works once.
    const again = await t.call('POST', '/v1/auth/login', { body: { type: 'mobile', mobile: '13800000001', captcha: code } });
    expect(again.json().status).toBe('error');
  });

  it('refuses a second code for the same mobile within a minute (429)', async () => {
    expect((await t.call('POST', '/v1/auth/captcha', { body: { mobile: '13800000009' } })).statusCode).toBe(200);
    const again = await t.call('POST', '/v1/auth/captcha', { body: { mobile: '13800000009' } });
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ success: false, errorCode: 'RATE_LIMITED' });
  });

  it('a wrong password from one address does not count against the owner elsewhere', async () => {
    expect((await accountLogin('alice', 'guess', '10.0.0.1')).json().status).toBe('error');
    expect((await accountLogin('alice', TEST_PASSWORD, '10.0.2.1')).json().status).toBe('ok');
  });
});

describe('sign-in limits', () => {
  let limited: TestApp;
  const login = (userName: string, password: string, ip: string) =>
    limited.call('POST', '/v1/auth/login', { body: { type: 'account', userName, password }, ip });
  beforeAll(async () => {
    limited = await createTestApp({
      rateLimits: {
        ...t.app.config.rateLimits,
        loginPerAccountAddress: { limit: 10, windowSeconds: 60 },
        loginPerAccount: { limit: 20, windowSeconds: 60 },
        loginDelayMs: 40,
      },
    });
    await limited.addUser('owner', ['user']);
    await limited.addUser('besieged', ['documentClerk']);
  });
  afterAll(() => limited.close());

  it('15 wrong passwords from one address stop that address, not the owner signing in from another', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 15; i += 1) statuses.push((await login('owner', `guess-${i}`, '198.51.100.7')).statusCode);
    expect(statuses).toEqual([...Array(10).fill(200), ...Array(5).fill(429)]);
    // The guessing address is stopped even with the right password…
    expect((await login('owner', TEST_PASSWORD, '198.51.100.7')).statusCode).toBe(429);
    // …the owner, from an address never seen before, is not.
    expect((await login('owner', TEST_PASSWORD, '203.0.113.20')).json().status).toBe('ok');
    // The history keeps each wrong password, the locked address once a minute, and the success.
    const history = await limited.app.db
      .select({ address: signIns.address, outcome: signIns.outcome })
      .from(signIns)
      .innerJoin(users, eq(users.id, signIns.userId))
      .where(eq(users.name, 'owner'));
    const count = (address: string, outcome: string) =>
      history.filter((row) => row.address === address && row.outcome === outcome).length;
    expect([count('198.51.100.7', 'badPassword'), count('198.51.100.7', 'rateLimited')]).toEqual([10, 1]);
    expect(count('203.0.113.20', 'ok')).toBe(1);
  });

  it('slows each further guess from one address after the third: the delay doubles', async () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 20].map((failures) => signInDelayMs(failures, 250))).toEqual([
      0, 0, 0, 250, 500, 1000, 2000, 4000, 4000,
    ]);
    for (let i = 0; i < 6; i += 1) await login('owner', `slow-${i}`, '198.51.100.8');
    const started = Date.now();
    await login('owner', 'slow-6', '198.51.100.8');
    // Six failures before: 40 ms × 2³.
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
  });

  it('past the account’s limit over all addresses, only an address it signed in from before gets in', async () => {
    expect((await login('besieged', TEST_PASSWORD, '203.0.113.30')).json().status).toBe('ok');
    for (let i = 0; i < 20; i += 1) expect((await login('besieged', 'guess', `198.18.0.${i + 1}`)).json().status).toBe('error');
    const stranger = await login('besieged', TEST_PASSWORD, '203.0.113.31');
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json().errorCode).toBe('RATE_LIMITED');
    expect((await login('besieged', TEST_PASSWORD, '203.0.113.30')).json().status).toBe('ok');
    // A wrong password from the known address is still only a wrong password.
    expect((await login('besieged', 'guess', '203.0.113.30')).json()).toMatchObject({
      status: 'error',
      message: loginMessages.badCredentials,
    });
  });
});

describe('per-IP limit', () => {
  let tight: TestApp;
  beforeAll(async () => {
    tight = await createTestApp({
      rateLimits: {
        ...t.app.config.rateLimits,
        loginPerIp: { limit: 3, windowSeconds: 60 },
        captchaPerIp: { limit: 2, windowSeconds: 60 },
      },
    });
  });
  afterAll(() => tight.close());

  it('answers 429 once one address passes its limit, whatever the account', async () => {
    for (const name of ['a1', 'a2', 'a3']) {
      const response = await tight.call('POST', '/v1/auth/login', {
        body: { type: 'account', userName: name, password: 'x' },
        ip: '192.0.2.7',
      });
      expect(response.statusCode).toBe(200);
    }
    const blocked = await tight.call('POST', '/v1/auth/login', {
      body: { type: 'account', userName: 'a4', password: 'x' },
      ip: '192.0.2.7',
    });
    expect(blocked.statusCode).toBe(429);
    const other = await tight.call('POST', '/v1/auth/login', {
      body: { type: 'account', userName: 'a4', password: 'x' },
      ip: '192.0.2.8',
    });
    expect(other.statusCode).toBe(200);
  });

  it('limits SMS codes per address', async () => {
    expect((await tight.call('POST', '/v1/auth/captcha', { body: { mobile: '13900000001' }, ip: '192.0.2.9' })).statusCode).toBe(
      200,
    );
    expect((await tight.call('POST', '/v1/auth/captcha', { body: { mobile: '13900000002' }, ip: '192.0.2.9' })).statusCode).toBe(
      200,
    );
    expect((await tight.call('POST', '/v1/auth/captcha', { body: { mobile: '13900000003' }, ip: '192.0.2.9' })).statusCode).toBe(
      429,
    );
  });
});

describe('tokens', () => {
  it('logout revokes the token', async () => {
    const token = await t.login('alice');
    expect((await t.call('POST', '/v1/auth/logout', { token })).statusCode).toBe(200);
    const after = await t.call('GET', '/v1/users/current', { token });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ success: false, errorCode: 'UNAUTHORIZED' });
  });

  it('an expired token gets 401', async () => {
    const token = await t.login('alice');
    await t.app.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(sql`true`);
    expect((await t.call('GET', '/v1/users/current', { token })).statusCode).toBe(401);
  });

  it('a session in use slides its expiry forward', async () => {
    const token = await t.login('clerk');
    await t.app.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '2 hours'`, expiresAt: sql`now() + interval '1 hour'` })
      .where(sql`true`);
    expect((await t.call('GET', '/v1/users/current', { token })).statusCode).toBe(200);
    const [row] = await t.app.db
      .select({ left: sql<number>`extract(epoch from ${sessions.expiresAt} - now())`.mapWith(Number) })
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(token)));
    expect(row.left).toBeGreaterThan(6 * 24 * 3600);
  });

  it('no token or a made-up one gets 401', async () => {
    expect((await t.call('GET', '/v1/users/current')).statusCode).toBe(401);
    expect((await t.call('GET', '/v1/users/current', { token: 'x'.repeat(43) })).statusCode).toBe(401);
    expect((await t.call('GET', '/v1/users/current', { headers: { authorization: 'Basic abc' } })).statusCode).toBe(401);
  });
});

describe('register and activate', () => {
  const registration = (over: Record<string, unknown> = {}) => ({
    userName: 'newbie',
    realName: '张三',
    email: 'newbie@example.com',
    mobile: '13700000001',
    captcha: '000000',
    password: 'secret99',
    role: 'user',
    ...over,
  });

  it('a customer registers with an SMS code, activates through the mailed link, then signs in', async () => {
    await t.call('POST', '/v1/auth/captcha', { body: { mobile: '13700000001' } });
    const captcha = t.smsCode('13700000001');
    const response = await t.call('POST', '/v1/auth/register', { body: registration({ captcha }) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', next: 'activation', email: 'newbie@example.com' });

    expect((await accountLogin('newbie', 'secret99')).json()).toMatchObject({ status: 'error', message: loginMessages.pending });

    const [mail] = t.mails('newbie@example.com');
    expect(mail.subject).toContain('激活');
    expect(mail.link).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/user/activate\\?token=[\\w-]{43}$`));
    const token = new URL(mail.link!).searchParams.get('token');
    const activated = await t.call('GET', `/v1/auth/activate?token=${token}`);
    expect(activated.statusCode).toBe(200);
    expect(activated.json().success).toBe(true);
    // The link works once.
    expect((await t.call('GET', `/v1/auth/activate?token=${token}`)).statusCode).toBe(404);

    const login = await accountLogin('newbie', 'secret99');
    expect(login.json()).toMatchObject({ status: 'ok', currentAuthority: ['user'] });
    const notices = await t.call('GET', '/v1/notices', { token: login.json().token });
    expect(notices.json().data.map((n: { title: string }) => n.title)).toContain('账号已激活');
  });

  it('an activation link expires after 24 hours', async () => {
    await t.call('POST', '/v1/auth/captcha', { body: { mobile: '13700000005' } });
    const body = registration({
      userName: 'late',
      email: 'late@example.com',
      mobile: '13700000005',
      captcha: t.smsCode('13700000005'),
    });
    expect((await t.call('POST', '/v1/auth/register', { body })).statusCode).toBe(200);
    const token = new URL(t.mails('late@example.com')[0].link!).searchParams.get('token');
    await t.app.db.execute(sql`update one_time_tokens set expires_at = now() - interval '1 second' where purpose = 'activation'`);
    const response = await t.call('GET', `/v1/auth/activate?token=${token}`);
    expect(response.statusCode).toBe(404);
    expect(response.json().errorCode).toBe('TOKEN_INVALID');
  });

  it('a clerk registration waits for an administrator and sends no mail', async () => {
    await t.call('POST', '/v1/auth/captcha', { body: { mobile: '13700000002' } });
    const body = registration({
      userName: 'clerk2',
      email: 'clerk2@example.com',
      mobile: '13700000002',
      role: 'documentClerk',
      captcha: t.smsCode('13700000002'),
    });
    const response = await t.call('POST', '/v1/auth/register', { body });
    expect(response.json()).toMatchObject({ status: 'ok', next: 'approval' });
    expect(t.mails('clerk2@example.com')).toHaveLength(0);
    expect((await accountLogin('clerk2', 'secret99')).json().message).toBe(loginMessages.pending);
  });

  it('a wrong SMS code is a 422 on captcha whether the name is taken or free; with the right code a taken name is a 409', async () => {
    const taken = await t.call('POST', '/v1/auth/register', { body: registration({ userName: 'alice', mobile: '13700000003' }) });
    const free = await t.call('POST', '/v1/auth/register', { body: registration({ userName: 'fresh', mobile: '13700000003' }) });
    expect([taken.statusCode, free.statusCode]).toEqual([422, 422]);
    expect(taken.json()).toEqual(free.json());
    expect(free.json().fields).toHaveProperty('captcha');
    await t.call('POST', '/v1/auth/captcha', { body: { mobile: '13700000004' } });
    const withCode = await t.call('POST', '/v1/auth/register', {
      body: registration({ userName: 'alice', mobile: '13700000004', captcha: t.smsCode('13700000004') }),
    });
    expect(withCode.statusCode).toBe(409);
    expect(withCode.json().errorCode).toBe('NAME_TAKEN');
  });

  it('validates the body with Chinese messages per field', async () => {
    const response = await t.call('POST', '/v1/auth/register', {
      body: registration({ realName: 'Bob', email: 'no-at-sign', password: '123' }),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().fields).toEqual({
      realName: '姓名须为中文汉字',
      email: '邮箱地址格式错误',
      password: '密码至少 6 位，区分大小写',
    });
  });
});

describe('forgot and reset', () => {
  it('mails a reset link; the reset ends every session and the new password works', async () => {
    await t.addUser('forgetful', ['inspector'], { email: 'forgetful@example.com' });
    const oldToken = await t.login('forgetful');

    const response = await t.call('POST', '/v1/auth/forgot', { body: { name: 'forgetful' } });
    expect(response.statusCode).toBe(200);
    expect(response.json().success).toBe(true);
    const [mail] = t.mails('forgetful@example.com');
    expect(mail.link).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/user/reset\\?token=`));
    const token = new URL(mail.link!).searchParams.get('token')!;

    const reset = await t.call('POST', '/v1/auth/reset', { body: { token, password: 'brand-new-1' } });
    expect(reset.statusCode).toBe(200);
    expect((await t.call('GET', '/v1/users/current', { token: oldToken })).statusCode).toBe(401);
    expect((await accountLogin('forgetful', TEST_PASSWORD)).json().status).toBe('error');
    expect((await accountLogin('forgetful', 'brand-new-1')).json().status).toBe('ok');
    expect((await t.call('POST', '/v1/auth/reset', { body: { token, password: 'again-and-again' } })).statusCode).toBe(404);
  });

  it('answers success false with 账号不存在 for an unknown account', async () => {
    const response = await t.call('POST', '/v1/auth/forgot', { body: { name: 'ghost' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: false, message: '账号不存在' });
  });

  it('rejects a made-up reset token', async () => {
    const response = await t.call('POST', '/v1/auth/reset', { body: { token: 'a'.repeat(43), password: 'whatever1' } });
    expect(response.statusCode).toBe(404);
  });
});

it('keeps the session table clean of the logged-out token', async () => {
  const token = await t.login('clerk');
  await t.call('POST', '/v1/auth/logout', { token });
  expect(
    await t.app.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(token))),
  ).toHaveLength(0);
});
