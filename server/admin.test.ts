import { eq } from 'drizzle-orm';
import type { BulkLine } from '../contract/packing/schema';
import { findOverlaps } from '../contract/packing/checks';
import { cartonFigureProblems, computeBulkTotals } from '../contract/packing/rules';
import type { Plan } from '../contract/plan/schema';
import { chinaToday, planStatuses } from '../contract/plan/codes';
import type { Bol } from '../contract/bol/schema';
import { DEMO_PASSWORD } from '../demo/accounts';
import { runAdminCommand, UsageError } from './admin';
import { auditLog, bulkLines } from './db/schema';
import { countersAndTruth } from './testing/bulk';
import { createTestApp, type TestApp } from './testing/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const admin = (...argv: string[]) => runAdminCommand(argv[0], argv.slice(1), t.app.db);

it('user:create makes an active account that signs in', async () => {
  expect(
    await admin('user:create', '--name', 'ops', '--password', 'secret1', '--role', 'documentClerk', '--realName', '王五'),
  ).toMatch(/^created ops/);
  const token = await t.login('ops', 'secret1');
  expect((await t.call('GET', '/v1/users/current', { token })).json()).toMatchObject({
    realName: '王五',
    authority: ['documentClerk'],
  });
  await expect(admin('user:create', '--name', 'ops', '--password', 'secret1', '--role', 'documentClerk')).rejects.toThrow(
    '用户名已被占用',
  );
});

it('system:token makes a carrier system’s token that pushes events, never signs in, and stops when disabled', async () => {
  const printed = await admin('system:token', '--name', 'carrier-test', '--days', '30');
  const token = printed.split('\n')[1];
  expect(printed).toMatch(/^token of carrier-test \(system\), valid 30 days/);
  // An empty list is refused by the schema, after the guard let the system in (403 would mean it did not).
  expect((await t.call('POST', '/v1/tnt/events', { token, body: [] })).statusCode).toBe(422);
  expect((await t.call('GET', '/v1/users/current', { token })).statusCode).toBe(403);
  const signIn = await t.call('POST', '/v1/auth/login', { body: { type: 'account', userName: 'carrier-test', password: 'x' } });
  expect(signIn.json()).toMatchObject({ status: 'error' });
  await expect(admin('system:token', '--name', 'ops')).rejects.toThrow('is a person');
  await expect(admin('system:token', '--name', 'carrier-test', '--days', '0')).rejects.toBeInstanceOf(UsageError);
  await admin('user:disable', 'carrier-test');
  expect((await t.call('POST', '/v1/tnt/events', { token, body: [] })).statusCode).toBe(401);
});

it('refuses wrong calls with a usage error', async () => {
  await expect(admin('user:create', '--name', 'x', '--password', 'secret1', '--role', 'boss')).rejects.toBeInstanceOf(UsageError);
  await expect(admin('user:create', '--name', 'x', '--password', '123', '--role', 'user')).rejects.toBeInstanceOf(UsageError);
  await expect(admin('user:password', 'ops', '12')).rejects.toBeInstanceOf(UsageError);
  await expect(admin('nonsense')).rejects.toBeInstanceOf(UsageError);
  await expect(admin('user:activate', 'nobody')).rejects.toThrow('no account named nobody');
});

it('user:activate lets a waiting clerk in; user:disable shuts them out, sessions included', async () => {
  await t.addUser('waiting', ['inspector'], { status: 'pending' });
  expect(
    (await t.call('POST', '/v1/auth/login', { body: { type: 'account', userName: 'waiting', password: DEMO_PASSWORD } })).json()
      .status,
  ).toBe('error');
  expect(await admin('user:activate', 'waiting')).toBe('waiting: 正常');
  const token = await t.login('waiting');
  const notices = (await t.call('GET', '/v1/notices', { token })).json();
  expect(notices.data[0].title).toBe('账号已激活');
  await admin('user:disable', 'waiting');
  expect((await t.call('GET', '/v1/users/current', { token })).statusCode).toBe(401);
});

it('user:password sets a password and ends every session', async () => {
  const token = await t.login('ops', 'secret1');
  await admin('user:password', 'ops', 'another1');
  expect((await t.call('GET', '/v1/users/current', { token })).statusCode).toBe(401);
  await t.login('ops', 'another1');
});

it('user:create makes the first administrator, who signs in to the console alone', async () => {
  expect(await admin('user:create', '--name', 'root', '--password', 'secret1', '--role', 'admin')).toMatch(
    /^created root \(admin\), id /,
  );
  const token = await t.login('root', 'secret1');
  expect((await t.call('GET', '/v1/admin/accounts', { token })).statusCode).toBe(200);
  expect((await t.call('GET', '/v1/users/current', { token })).json()).toMatchObject({ authority: ['admin'], company: null });
});

it('demo:seed creates the six demo accounts, the lookups and the demo lines once; user:list shows them', async () => {
  expect(await admin('demo:seed')).toBe(
    'created accounts user, user2, clerk, inspector, user-b, admin (password shipdesk123); 16 lookup rows; 35 packing lines; 5 needle inspections; 468 sailing prices; 9 booking plans',
  );
  expect(await admin('demo:seed')).toBe('the demo data exists already');
  for (const name of ['user', 'user-b', 'user2', 'clerk', 'inspector', 'admin']) await t.login(name, DEMO_PASSWORD);
  const list = await admin('user:list');
  // The six, ops, root and the carrier's system account of the tests above.
  expect(list.split('\n')[0]).toBe('10 account(s)');
  expect(list).toMatch(/carrier-test\s+system\s+停用/);
  expect(list).toMatch(/clerk\s+documentClerk\s+正常/);
});

it('the demo 验针 records stand behind the demo lines’ inspection results, failures first', async () => {
  const token = await t.login('user', DEMO_PASSWORD);
  const records = (await t.call('GET', '/v1/inspection?pageSize=50', { token })).json();
  expect(records.total).toBeGreaterThan(0);
  expect(records.data[0].result).toBe('fail');
  for (const record of records.data) {
    for (const { key } of record.lines) {
      const line = (await t.call('GET', `/v1/packing/bulkdata/${key}`, { token })).json();
      expect([line.poNo, line.inspectionResult]).toEqual([record.poNo, record.result]);
    }
  }
});

it('the demo lines: 30 for user over several POs in every status, 5 for user2, valid by the rules, each audited', async () => {
  const login = async (name: string) => t.login(name, DEMO_PASSWORD);
  const linesOf = async (token: string): Promise<BulkLine[]> =>
    (await t.call('GET', '/v1/packing/bulkdata?pageSize=100', { token })).json().data;
  const [user, user2, clerk] = await Promise.all([login('user'), login('user2'), login('clerk')]);
  const mine = await linesOf(user);
  expect(mine).toHaveLength(30);
  expect(new Set(mine.map((line) => line.poNo)).size).toBeGreaterThanOrEqual(3);
  expect(new Set(mine.map((line) => line.status))).toEqual(
    new Set(['pendingInspection', 'pendingConsolidation', 'allocated', 'shipped']),
  );
  expect(await linesOf(user2)).toHaveLength(5);
  const all = await linesOf(clerk);
  expect(all).toHaveLength(35);
  expect(findOverlaps(all)).toEqual([]);
  for (const line of all) {
    expect(cartonFigureProblems(line)).toEqual([]);
    expect(line).toMatchObject(computeBulkTotals(line));
  }
  const audited = await t.app.db.select().from(auditLog).where(eq(auditLog.entityKey, mine[0].key));
  expect(audited).toEqual([expect.objectContaining({ actor: 'system', action: 'create' })]);
  // Back-dated lines have their record at the same time.
  expect(audited[0].at.toISOString()).toBe(mine[0].createdAt);
});

it('the demo booking: a quarter of prices on three lanes, and the customer’s plans in every state', async () => {
  const clerk = await t.login('clerk', DEMO_PASSWORD);
  const user = await t.login('user', DEMO_PASSWORD);
  const month = chinaToday().slice(0, 7);
  const calendar = await t.call('GET', `/v1/osbPrice?pol=CNSHA&pod=USLAX&containerType=40HQ&month=${month}`, { token: user });
  expect(calendar.json().data.length).toBeGreaterThanOrEqual(12);
  const plans = (await t.call('GET', '/v1/osbplan?pageSize=50', { token: user })).json().data as Plan[];
  expect(new Set(plans.map((plan) => plan.status))).toEqual(new Set(planStatuses));
  const pending = (await t.call('GET', '/v1/osbChange?status=PENDING', { token: clerk })).json();
  expect(pending.total).toBe(1);
  const orders = (await t.call('GET', '/v1/osbOrder?status=PENDING', { token: clerk })).json();
  expect(orders.total).toBe(1);
  // 装柜中 and 已出运 came from real loads and bills of lading: one waits for the customer, one was released.
  const bols = (await t.call('GET', '/v1/bol', { token: user })).json().data as Bol[];
  expect(bols.map((bol) => [bol.status, bol.releaseType, bol.packages > 0]).sort()).toEqual([
    ['PENDING_APPROVAL', null, true],
    ['RELEASED', 'TELEX', true],
  ]);
});

it('demo:generate inserts synthetic lines for an account; wrong calls are usage errors', async () => {
  const progress: string[] = [];
  const message = await runAdminCommand('demo:generate', ['--lines', '120', '--owner', 'user2'], t.app.db, (line) =>
    progress.push(line),
  );
  expect(message).toMatch(/^generated 120 packing lines for user2 in [\d.]+ s \(POs GEN\w+-000001…\)$/);
  expect(progress).toEqual([expect.stringMatching(/^120 \/ 120 lines/)]);
  const generated = await t.app.db
    .select()
    .from(bulkLines)
    .where(eq(bulkLines.poNo, `${/POs (GEN\w+)-/.exec(message)?.[1]}-000001`));
  expect(generated).toHaveLength(50);
  const { counters, truth } = await countersAndTruth(t);
  expect(counters).toEqual(truth);
  await expect(admin('demo:generate', '--lines', '0')).rejects.toBeInstanceOf(UsageError);
  await expect(admin('demo:generate', '--lines', 'many')).rejects.toBeInstanceOf(UsageError);
  await expect(admin('demo:generate')).rejects.toBeInstanceOf(UsageError);
  await expect(admin('demo:generate', '--lines', '5', '--owner', 'nobody')).rejects.toThrow('no account named nobody');
});
