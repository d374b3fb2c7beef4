import fs from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { settingDefaults, settingKeys } from '../../contract/setting/schema';
import { auditLog, settings } from '../db/schema';
import { createTestApp, type TestApp } from '../testing/harness';

let t: TestApp;
let clerk: string;
let user: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.addUser('clerk', ['documentClerk']);
  await t.addUser('alice', ['user']);
  [clerk, user] = await Promise.all([t.login('clerk'), t.login('alice')]);
});
afterAll(() => t.close());

it('every signed-in user reads the settings, seeded with the defaults at version 1', async () => {
  const list = await t.call('GET', '/v1/setting', { token: user });
  expect(list.statusCode).toBe(200);
  expect(list.json()).toMatchObject({ success: true, total: settingKeys.length });
  expect(
    list
      .json()
      .data.map((s: { key: string }) => s.key)
      .sort(),
  ).toEqual([...settingKeys].sort());
  const one = await t.call('GET', '/v1/setting/containerCapacity', { token: user });
  expect(one.json()).toMatchObject({
    key: 'containerCapacity',
    label: '柜容量',
    value: settingDefaults.containerCapacity,
    version: 1,
  });
  expect((await t.call('GET', '/v1/setting/nope', { token: user })).statusCode).toBe(404);
});

it('the clerk changes a setting with its version; a stale version is a 409 and the audit log records the change', async () => {
  const value = { pol: 'CNNGB', pod: 'DEHAM' };
  const put = await t.call('PUT', '/v1/setting/defaultPorts', { token: clerk, body: { value, version: 1 } });
  expect(put.statusCode).toBe(200);
  expect(put.json()).toMatchObject({ key: 'defaultPorts', value, version: 2 });
  expect((await t.call('GET', '/v1/setting/defaultPorts', { token: user })).json().value).toEqual(value);

  const stale = await t.call('PUT', '/v1/setting/defaultPorts', {
    token: clerk,
    body: { value: settingDefaults.defaultPorts, version: 1 },
  });
  expect(stale.statusCode).toBe(409);
  expect(stale.json()).toMatchObject({ success: false, errorCode: 'VERSION_CONFLICT' });
  expect((await t.call('GET', '/v1/setting/defaultPorts', { token: user })).json()).toMatchObject({ value, version: 2 });

  const audit = await t.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'setting'), eq(auditLog.entityKey, 'defaultPorts')));
  expect(audit).toHaveLength(1);
  expect(audit[0].before).toMatchObject({ value: settingDefaults.defaultPorts, version: 1 });
  expect(audit[0].after).toMatchObject({ value, version: 2 });
});

it('validates the value by its key’s schema (422 with fields under value.)', async () => {
  const bad = await t.call('PUT', '/v1/setting/defaultPorts', {
    token: clerk,
    body: { value: { pol: 'shanghai', pod: 'USLAX', extra: 1 }, version: 2 },
  });
  expect(bad.statusCode).toBe(422);
  expect(bad.json().fields).toEqual({ 'value.pol': '港口代码应为 5 位 UN/LOCODE', 'value.extra': '不允许的字段' });
  const wrongType = await t.call('PUT', '/v1/setting/bookingCutoff', {
    token: clerk,
    body: { value: { siCutoffHours: '72' }, version: 1 },
  });
  expect(wrongType.statusCode).toBe(422);
  expect(Object.keys(wrongType.json().fields).sort()).toEqual([
    'value.cyCutoffHours',
    'value.siCutoffHours',
    'value.vgmCutoffHours',
  ]);
  const noVersion = await t.call('PUT', '/v1/setting/bookingCutoff', {
    token: clerk,
    body: { value: settingDefaults.bookingCutoff },
  });
  expect(noVersion.statusCode).toBe(422);
  expect(noVersion.json().fields).toHaveProperty('version');
  expect((await t.call('PUT', '/v1/setting/unknownKey', { token: clerk, body: { value: 1, version: 1 } })).statusCode).toBe(404);
});

it('only the clerk may change settings: 403 before the body is even read', async () => {
  const response = await t.call('PUT', '/v1/setting/defaultPorts', {
    token: user,
    body: '{not json',
    headers: { 'content-type': 'application/json' },
  });
  expect(response.statusCode).toBe(403);
  expect((await t.call('PUT', '/v1/setting/defaultPorts', { body: { value: {}, version: 1 } })).statusCode).toBe(401);
});

it('migration 0032 gives a stored 柜容量 without an inside the ISO inside of each type, and keeps what it had', async () => {
  const capacity = settingDefaults.containerCapacity;
  const stored = Object.fromEntries(
    Object.entries(capacity).map(([type, { cbm, payloadKg }]) => [type, { cbm: type === '20GP' ? 30 : cbm, payloadKg }]),
  );
  await t.app.db.update(settings).set({ value: stored }).where(eq(settings.key, 'containerCapacity'));
  const before = (await t.call('GET', '/v1/setting/containerCapacity', { token: user })).json();
  const migration = fs.readFileSync(path.join(__dirname, '../db/migrations/0032_container_inner_dims.sql'), 'utf8');
  for (const statement of migration.split('--> statement-breakpoint')) await t.app.db.execute(sql.raw(statement));
  const after = (await t.call('GET', '/v1/setting/containerCapacity', { token: user })).json();
  expect(after.value).toEqual({ ...capacity, '20GP': { ...capacity['20GP'], cbm: 30 } });
  expect(after.version).toBeGreaterThan(before.version);
  // Run again, it finds nothing to do.
  for (const statement of migration.split('--> statement-breakpoint')) await t.app.db.execute(sql.raw(statement));
  expect((await t.call('GET', '/v1/setting/containerCapacity', { token: user })).json().version).toBe(after.version);
  const put = await t.call('PUT', '/v1/setting/containerCapacity', {
    token: clerk,
    body: {
      value: { ...capacity, '40HQ': { ...capacity['40HQ'], innerMm: { length: 12032, width: 2352, height: 100 } } },
      version: after.version,
    },
  });
  expect([put.statusCode, put.json().fields]).toEqual([422, { 'value.40HQ.innerMm.height': '内高至少 500 mm' }]);
});

it('keeps surcharges per carrier and lane and monthly rates, each refused in Chinese when wrong', async () => {
  const surcharges = (await t.call('GET', '/v1/setting/surcharges', { token: user })).json();
  expect(surcharges.value).toEqual(settingDefaults.surcharges);
  const bad = [{ carrier: 'maeu', pol: '*', pod: 'USLAX', name: 'PSS', amount: 1.005, currency: 'USD' }];
  const refused = await t.call('PUT', '/v1/setting/surcharges', {
    token: clerk,
    body: { value: bad, version: surcharges.version },
  });
  expect([refused.statusCode, refused.json().fields]).toEqual([
    422,
    { 'value.0.carrier': '船公司为 SCAC 代码，或 * 表示所有', 'value.0.amount': '金额最多两位小数' },
  ]);
  const rates = (await t.call('GET', '/v1/setting/exchangeRates', { token: user })).json();
  const twice = [...settingDefaults.exchangeRates, { month: '2026-01', currency: 'USD', toCny: 7.2 }];
  const duplicate = await t.call('PUT', '/v1/setting/exchangeRates', {
    token: clerk,
    body: { value: twice, version: rates.version },
  });
  expect([duplicate.statusCode, duplicate.json().fields]).toEqual([422, { value: '同一月份的币种重复' }]);
  const saved = await t.call('PUT', '/v1/setting/exchangeRates', {
    token: clerk,
    body: {
      value: [...settingDefaults.exchangeRates, { month: '2026-12', currency: 'USD', toCny: 7.1234 }],
      version: rates.version,
    },
  });
  expect(saved.statusCode).toBe(200);
});

it('keeps loose-cargo rates by month, forwarder and destination, refused in Chinese when wrong, the clerk’s alone', async () => {
  const rates = (await t.call('GET', '/v1/setting/looseRates', { token: user })).json();
  expect(rates.value).toEqual(settingDefaults.looseRates);
  const put = (value: unknown, token = clerk) =>
    t.call('PUT', '/v1/setting/looseRates', { token, body: { value, version: rates.version } });
  const entry = {
    month: '2026-12',
    forwarder: '德迅',
    destination: 'Hamburg',
    currency: 'EUR',
    ratePerCbm: 30,
    minimumCharge: 60,
  };
  const bad = await put([{ ...entry, month: '2026-13', ratePerCbm: 0, minimumCharge: -1 }]);
  expect([bad.statusCode, bad.json().fields]).toEqual([
    422,
    {
      'value.0.month': expect.any(String),
      'value.0.ratePerCbm': '每立方运价应大于 0',
      'value.0.minimumCharge': '最低收费不能为负',
    },
  ]);
  const twice = await put([entry, { ...entry, ratePerCbm: 31 }]);
  expect([twice.statusCode, twice.json().fields]).toEqual([422, { value: '同一月份、货代和目的地的运价重复' }]);
  expect((await put([entry], user)).statusCode).toBe(403);
  const saved = await put([...settingDefaults.looseRates, entry]);
  expect([saved.statusCode, saved.json().value]).toEqual([200, [...settingDefaults.looseRates, entry]]);
});
