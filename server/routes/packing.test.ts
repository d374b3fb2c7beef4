/**
 * Bulk lines (装箱明细): create, read, edit, batch change, delete, split, merge, history — the rules of
 * contract/packing/rules as the server enforces them, ownership for the three roles, versions, and bad input
 * answered with a 4xx that changes nothing.
 */
import { and, eq } from 'drizzle-orm';
import type { BulkAuditEntry, BulkLine } from '../../contract/packing/schema';
import { computeBulkTotals } from '../../contract/packing/rules';
import { auditLog } from '../db/schema';
import { seedLookups } from '../domain/demo/packing';
import { bulkState, countersAndTruth, createLine, lineInput, setStatus } from '../testing/bulk';
import { createTestApp, type TestApp } from '../testing/harness';

let t: TestApp;
let aliceId: string;
let bobId: string;
let alice: string;
let bob: string;
let clerk: string;
let inspector: string;
beforeAll(async () => {
  t = await createTestApp();
  await seedLookups(t.app.db);
  aliceId = await t.addUser('alice', ['user'], { realName: '陈客户' });
  bobId = await t.addUser('bob', ['user'], { realName: '林客户' });
  await t.addUser('clerk', ['documentClerk'], { realName: '王单证' });
  await t.addUser('inspector', ['inspector'], { realName: '赵验针' });
  [alice, bob, clerk, inspector] = await Promise.all([t.login('alice'), t.login('bob'), t.login('clerk'), t.login('inspector')]);
});
afterAll(() => t.close());

/** `keys=a,b&versions=3,1`: a several-key delete's query, with the versions read. */
const deleteQuery = (lines: Pick<BulkLine, 'key' | 'version'>[]) =>
  `keys=${lines.map((l) => l.key).join(',')}&versions=${lines.map((l) => l.version).join(',')}`;
/** The versions a client read, as batch calls send them. */
const versionsOf = (...lines: Pick<BulkLine, 'key' | 'version'>[]) =>
  Object.fromEntries(lines.map((line) => [line.key, line.version]));
const milli = (value: number) => Math.round(value * 1000);
const sumOf = (lines: BulkLine[], pick: (line: BulkLine) => number) => lines.reduce((sum, line) => sum + pick(line), 0);
/** Quantity, cartons and (in thousandths) weights and volume of some lines together. */
const totalsOf = (lines: BulkLine[]) => ({
  totalQty: sumOf(lines, (l) => l.totalQty),
  cartonCount: sumOf(lines, (l) => l.cartonCount),
  totalNw: sumOf(lines, (l) => milli(l.totalNw)),
  totalGw: sumOf(lines, (l) => milli(l.totalGw)),
  cbm: sumOf(lines, (l) => milli(l.cbm)),
});

async function historyOf(key: string, token = alice): Promise<BulkAuditEntry[]> {
  const response = await t.call('GET', `/v1/packing/bulkdata/${key}/history`, { token });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** Runs a call that must be refused, and checks that no line and no audit row changed. */
async function refused(call: () => ReturnType<TestApp['call']>, status: number, errorCode?: string) {
  const before = await bulkState(t);
  const response = await call();
  expect(response.statusCode).toBe(status);
  if (errorCode) expect(response.json()).toMatchObject({ success: false, errorCode });
  expect(await bulkState(t)).toEqual(before);
  return response;
}

describe('POST /v1/packing/{type}/bulkdata', () => {
  it('creates a line: 201, 待验针, version 1, the type of the path, totals computed from the per-carton figures', async () => {
    const input = lineInput({ poNo: 'PO-C1', cartonFrom: 11, cartonTo: 30 });
    const response = await t.call('POST', '/v1/packing/single/bulkdata', { token: alice, body: input });
    expect(response.statusCode).toBe(201);
    const line: BulkLine = response.json();
    expect(line).toEqual({
      key: expect.stringMatching(/^BD\d{8}$/),
      type: 'single',
      ...input,
      cartonCount: 20,
      qtyPerCarton: 24,
      totalQty: 480,
      totalNw: 168,
      totalGw: 184,
      cbm: 1.68,
      status: 'pendingInspection',
      inspectionResult: null,
      planKey: null,
      containerKey: null,
      owner: aliceId,
      version: 1,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
    });
    expect(line).toMatchObject(computeBulkTotals(input));
    const [entry] = await historyOf(line.key);
    expect(entry).toMatchObject({ action: 'create', actor: aliceId, actorName: '陈客户', before: null, after: line });
  });

  it('keeps gram and millimetre precision in the totals (no floating-point drift)', async () => {
    const input = lineInput({
      poNo: 'PO-C2',
      cartonFrom: 1,
      cartonTo: 7,
      nwPerCtn: 6.125,
      gwPerCtn: 6.9,
      ctnL: 58.5,
      ctnW: 38.5,
      ctnH: 30.5,
    });
    const line = (await t.call('POST', '/v1/packing/multi/bulkdata', { token: alice, body: input })).json();
    expect(line).toMatchObject({ cartonCount: 7, totalNw: 42.875, totalGw: 48.3, cbm: 0.481 });
  });

  it('answers the clerk with the owner’s name; the clerk owns what they create', async () => {
    const line = (
      await t.call('POST', '/v1/packing/multi/bulkdata', { token: clerk, body: lineInput({ poNo: 'PO-C3' }) })
    ).json();
    expect(line).toMatchObject({ ownerName: '王单证' });
  });

  it('refuses bad input with 422 and the fields at fault, writing nothing', async () => {
    const post = (body: unknown) => () => t.call('POST', '/v1/packing/multi/bulkdata', { token: alice, body });
    const fieldsOf = async (body: unknown) => (await refused(post(body), 422, 'VALIDATION_FAILED')).json().fields;
    expect(await fieldsOf(lineInput({ poNo: 'PO-BAD', cartonFrom: 10, cartonTo: 9 }))).toEqual({
      cartonTo: '结束箱号不能小于起始箱号',
    });
    expect(await fieldsOf(lineInput({ poNo: 'PO-BAD', cartonFrom: 1, cartonTo: 10_001 }))).toEqual({
      cartonTo: '一条明细最多 10000 箱',
    });
    expect(await fieldsOf(lineInput({ poNo: 'PO-BAD', cartonFrom: -5 }))).toEqual({ cartonFrom: '起始箱号最小为 1' });
    expect(await fieldsOf(lineInput({ poNo: 'PO-BAD', cartonFrom: 1.5 }))).toEqual({ cartonFrom: '起始箱号应为整数' });
    expect(await fieldsOf({ ...lineInput({ poNo: 'PO-BAD' }), cartonTo: '10' })).toEqual({ cartonTo: '结束箱号应为数字' });
    expect(await fieldsOf(lineInput({ poNo: 'PO-BAD', gwPerCtn: 8 }))).toEqual({ gwPerCtn: '毛重不能小于净重' });
    expect(await fieldsOf(lineInput({ poNo: 'PO-BAD', packType: 'SCSS' }))).toEqual({
      packType: '单码装箱的尺码配比只能有一个尺码',
    });
    expect(await fieldsOf(lineInput({ poNo: 'PO-BAD', nwPerCtn: 8.4001 }))).toEqual({ nwPerCtn: '净重/箱(kg)最多 3 位小数' });
    expect(await fieldsOf(lineInput({ poNo: 'PO-BAD', exFactoryDate: '2025-02-30' }))).toEqual({
      exFactoryDate: '日期格式应为 YYYY-MM-DD',
    });
    expect(await fieldsOf(lineInput({ poNo: 'PO-BAD', sizeBreakdown: { S: 0 }, packType: 'SCSS' }))).toEqual({
      'sizeBreakdown.S': '件数最少为 1',
    });
    const { poNo: _poNo, ...missing } = lineInput();
    expect(await fieldsOf(missing)).toEqual({ poNo: '请输入PO号' });
    expect(await fieldsOf({ ...lineInput({ poNo: 'PO-BAD' }), cartonCount: 10, owner: bobId })).toEqual({
      cartonCount: '不允许的字段',
      owner: '不允许的字段',
    });
    expect(await fieldsOf([lineInput()])).toHaveProperty('_');
  });

  it('checks factory, size group and the sizes of the breakdown against the database', async () => {
    const post = (body: unknown) => () => t.call('POST', '/v1/packing/multi/bulkdata', { token: alice, body });
    const fieldsOf = async (body: unknown) => (await refused(post(body), 422, 'VALIDATION_FAILED')).json().fields;
    expect(await fieldsOf(lineInput({ poNo: 'PO-LK', factoryCode: 'F99' }))).toEqual({ factoryCode: '工厂 F99 不存在' });
    expect(await fieldsOf(lineInput({ poNo: 'PO-LK', sizeGroup: 'NOPE' }))).toEqual({ sizeGroup: '尺码组 NOPE 不存在' });
    expect(await fieldsOf(lineInput({ poNo: 'PO-LK', sizeBreakdown: { S: 4, '42': 2 } }))).toEqual({
      sizeBreakdown: '尺码 42 不在尺码组 服装国际码 中',
    });
  });

  it('refuses a carton range that overlaps another of the owner’s lines of the PO, whatever its type', async () => {
    await createLine(t, alice, { poNo: 'PO-OV', cartonFrom: 11, cartonTo: 20 }, 'single');
    const post = (body: unknown) => () => t.call('POST', '/v1/packing/multi/bulkdata', { token: alice, body });
    for (const [cartonFrom, cartonTo] of [
      [10, 12],
      [15, 15],
      [1, 40],
      [20, 25],
    ]) {
      const response = await refused(post(lineInput({ poNo: 'PO-OV', cartonFrom, cartonTo })), 422, 'VALIDATION_FAILED');
      expect(response.json().fields).toEqual({ cartonFrom: `PO PO-OV 的箱号 ${cartonFrom}–${cartonTo} 与已有明细重叠` });
    }
    await createLine(t, alice, { poNo: 'PO-OV', cartonFrom: 21, cartonTo: 30 });
    await createLine(t, alice, { poNo: 'PO-OV2', cartonFrom: 1, cartonTo: 10 });
  });

  it('gives another customer nothing of a PO: it is answered as an unknown PO', async () => {
    await createLine(t, alice, { poNo: 'PO-ORACLE', cartonFrom: 1, cartonTo: 10 });
    const onAlicesPo = await t.call('POST', '/v1/packing/multi/bulkdata', {
      token: bob,
      body: lineInput({ poNo: 'PO-ORACLE', cartonFrom: 5, cartonTo: 6 }),
    });
    const onUnknownPo = await t.call('POST', '/v1/packing/multi/bulkdata', {
      token: bob,
      body: lineInput({ poNo: 'PO-NOBODY', cartonFrom: 5, cartonTo: 6 }),
    });
    expect([onAlicesPo.statusCode, onUnknownPo.statusCode]).toEqual([201, 201]);
    expect(onAlicesPo.body).not.toContain(aliceId);
    // Alice's own range is still hers alone to overlap.
    await refused(
      () =>
        t.call('POST', '/v1/packing/multi/bulkdata', {
          token: alice,
          body: lineInput({ poNo: 'PO-ORACLE', cartonFrom: 10, cartonTo: 11 }),
        }),
      422,
    );
  });

  it('role before body: the inspector gets 403, nobody 401, an unknown type 404 — and nothing is written', async () => {
    await refused(
      () => t.call('POST', '/v1/packing/multi/bulkdata', { token: inspector, body: { nonsense: true } }),
      403,
      'FORBIDDEN',
    );
    await refused(() => t.call('POST', '/v1/packing/multi/bulkdata', { body: lineInput({ poNo: 'PO-X' }) }), 401, 'UNAUTHORIZED');
    await refused(
      () => t.call('POST', '/v1/packing/boat/bulkdata', { token: alice, body: lineInput({ poNo: 'PO-X' }) }),
      404,
      'NOT_FOUND',
    );
  });

  it('answers 413 to a body over 1 MiB, 400 to malformed JSON, 415 to text', async () => {
    const huge = { ...lineInput({ poNo: 'PO-X' }), destination: 'x'.repeat(1_100_000) };
    await refused(() => t.call('POST', '/v1/packing/multi/bulkdata', { token: alice, body: huge }), 413, 'BODY_TOO_LARGE');
    await refused(
      () =>
        t.call('POST', '/v1/packing/multi/bulkdata', {
          token: alice,
          body: '{"poNo": ',
          headers: { 'content-type': 'application/json' },
        }),
      400,
      'MALFORMED_JSON',
    );
    await refused(
      () =>
        t.call('POST', '/v1/packing/multi/bulkdata', { token: alice, body: 'poNo=1', headers: { 'content-type': 'text/plain' } }),
      415,
    );
  });
});

describe('GET /v1/packing/bulkdata/{key}', () => {
  let line: BulkLine;
  beforeAll(async () => {
    line = await createLine(t, alice, { poNo: 'PO-G1' });
  });

  it('gives the owner their line, without an owner name', async () => {
    const response = await t.call('GET', `/v1/packing/bulkdata/${line.key}`, { token: alice });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(line);
  });

  it('another customer gets the same 404 as for a key that does not exist, and no data', async () => {
    const theirs = await t.call('GET', `/v1/packing/bulkdata/${line.key}`, { token: bob });
    const missing = await t.call('GET', '/v1/packing/bulkdata/BD99999999', { token: bob });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(missing.json());
    expect(theirs.body).not.toContain('PO-G1');
    expect((await t.call('GET', `/v1/packing/bulkdata/${'K'.repeat(65)}`, { token: alice })).statusCode).toBe(404);
  });

  it('the clerk and the inspector read anyone’s line, with the owner’s name', async () => {
    for (const token of [clerk, inspector]) {
      const response = await t.call('GET', `/v1/packing/bulkdata/${line.key}`, { token });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ...line, ownerName: '陈客户' });
    }
  });
});

describe('PUT /v1/packing/{type}/bulkdata/{key}', () => {
  it('replaces the line with the version read: version + 1, totals follow, audit before and after', async () => {
    const line = await createLine(t, alice, { poNo: 'PO-U1' });
    const body = { ...lineInput({ poNo: 'PO-U1', cartonFrom: 1, cartonTo: 12, destination: 'Long Beach' }), version: 1 };
    const response = await t.call('PUT', `/v1/packing/multi/bulkdata/${line.key}`, { token: alice, body });
    expect(response.statusCode).toBe(200);
    const saved: BulkLine = response.json();
    expect(saved).toMatchObject({
      key: line.key,
      version: 2,
      cartonTo: 12,
      cartonCount: 12,
      totalQty: 288,
      destination: 'Long Beach',
      createdAt: line.createdAt,
    });
    const [entry] = await historyOf(line.key);
    expect(entry).toMatchObject({ action: 'update', before: line, after: saved });
  });

  it('a stale version is a 409 that changes nothing', async () => {
    const line = await createLine(t, alice, { poNo: 'PO-U2' });
    const put = (version: number) =>
      t.call('PUT', `/v1/packing/multi/bulkdata/${line.key}`, {
        token: alice,
        body: { ...lineInput({ poNo: 'PO-U2', destination: 'Oakland' }), version },
      });
    expect((await put(1)).statusCode).toBe(200);
    await refused(() => put(1), 409, 'VERSION_CONFLICT');
  });

  it('a line in a container or shipped cannot change (409 NOT_EDITABLE)', async () => {
    const line = await createLine(t, alice, { poNo: 'PO-U3' });
    await setStatus(t, line.key, 'allocated');
    await refused(
      () =>
        t.call('PUT', `/v1/packing/multi/bulkdata/${line.key}`, {
          token: alice,
          body: { ...lineInput({ poNo: 'PO-U3' }), version: 1 },
        }),
      409,
      'NOT_EDITABLE',
    );
  });

  it('checks overlaps against the other lines of the PO, not against the line itself', async () => {
    const first = await createLine(t, alice, { poNo: 'PO-U4', cartonFrom: 1, cartonTo: 10 });
    const second = await createLine(t, alice, { poNo: 'PO-U4', cartonFrom: 11, cartonTo: 20 });
    // Another customer's lines of the same PO number are not alice's to overlap.
    await createLine(t, bob, { poNo: 'PO-U4', cartonFrom: 1, cartonTo: 4 });
    const put = (cartonTo: number) => () =>
      t.call('PUT', `/v1/packing/multi/bulkdata/${first.key}`, {
        token: alice,
        body: { ...lineInput({ poNo: 'PO-U4', cartonFrom: 1, cartonTo }), version: 1 },
      });
    const response = await refused(put(11), 422, 'VALIDATION_FAILED');
    expect(response.json().fields).toEqual({ cartonFrom: 'PO PO-U4 的箱号 1–11 与已有明细重叠' });
    expect(response.body).not.toContain(second.key);
    expect((await put(5)()).statusCode).toBe(200);
  });

  it('another customer’s line, or the wrong type in the path, is a 404; the clerk changes anyone’s line', async () => {
    const line = await createLine(t, alice, { poNo: 'PO-U5' });
    const body = { ...lineInput({ poNo: 'PO-U5', destination: 'Seattle' }), version: 1 };
    await refused(() => t.call('PUT', `/v1/packing/multi/bulkdata/${line.key}`, { token: bob, body }), 404, 'NOT_FOUND');
    await refused(() => t.call('PUT', `/v1/packing/single/bulkdata/${line.key}`, { token: alice, body }), 404, 'NOT_FOUND');
    await refused(() => t.call('PUT', `/v1/packing/multi/bulkdata/${line.key}`, { token: inspector, body }), 403, 'FORBIDDEN');
    const response = await t.call('PUT', `/v1/packing/multi/bulkdata/${line.key}`, { token: clerk, body });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ owner: aliceId, ownerName: '陈客户', destination: 'Seattle', version: 2 });
  });

  it('needs the version and refuses computed fields (422, nothing written)', async () => {
    const line = await createLine(t, alice, { poNo: 'PO-U6' });
    const url = `/v1/packing/multi/bulkdata/${line.key}`;
    expect(
      (await refused(() => t.call('PUT', url, { token: alice, body: lineInput({ poNo: 'PO-U6' }) }), 422)).json().fields,
    ).toEqual({
      version: '缺少版本号',
    });
    expect(
      (
        await refused(
          () => t.call('PUT', url, { token: alice, body: { ...lineInput({ poNo: 'PO-U6' }), version: 1, totalQty: 1 } }),
          422,
        )
      ).json().fields,
    ).toEqual({ totalQty: '不允许的字段' });
  });
});

describe('PATCH /v1/packing/{type}/bulkdata/ and PATCH /v1/bulkslist', () => {
  it('changes several lines of the type at once: version + 1 each, totals follow a per-carton change, one audit row each', async () => {
    const a = await createLine(t, alice, { poNo: 'PO-B1', cartonFrom: 1, cartonTo: 10 });
    const b = await createLine(t, alice, { poNo: 'PO-B1', cartonFrom: 11, cartonTo: 15 });
    const response = await t.call('PATCH', '/v1/packing/multi/bulkdata/', {
      token: alice,
      body: { keys: [a.key, b.key], changes: { destination: 'Vancouver', nwPerCtn: 8.5 }, versions: { [a.key]: 1, [b.key]: 1 } },
    });
    expect(response.statusCode).toBe(200);
    const [savedA, savedB]: BulkLine[] = response.json();
    expect(savedA).toMatchObject({ key: a.key, version: 2, destination: 'Vancouver', nwPerCtn: 8.5, totalNw: 85, totalGw: 92 });
    expect(savedB).toMatchObject({ key: b.key, version: 2, destination: 'Vancouver', totalNw: 42.5 });
    expect((await historyOf(b.key))[0]).toMatchObject({ action: 'batchUpdate', before: b, after: savedB });
  });

  it('is all or nothing: one line that breaks a rule, is frozen, stale, of another type or not the caller’s refuses them all', async () => {
    const a = await createLine(t, alice, { poNo: 'PO-B2', cartonFrom: 1, cartonTo: 10, nwPerCtn: 8, gwPerCtn: 9 });
    const b = await createLine(t, alice, { poNo: 'PO-B2', cartonFrom: 11, cartonTo: 20, nwPerCtn: 8, gwPerCtn: 8.5 });
    const single = await createLine(t, alice, { poNo: 'PO-B2', cartonFrom: 21, cartonTo: 30 }, 'single');
    const bobs = await createLine(t, bob, { poNo: 'PO-B2', cartonFrom: 31, cartonTo: 40 });
    const frozen = await createLine(t, alice, { poNo: 'PO-B2', cartonFrom: 41, cartonTo: 50 });
    await setStatus(t, frozen.key, 'shipped');
    const patch =
      (body: unknown, token = alice) =>
      () =>
        t.call('PATCH', '/v1/packing/multi/bulkdata', { token, body });
    const gross = await refused(
      patch({ keys: [a.key, b.key], changes: { nwPerCtn: 8.8 }, versions: versionsOf(a, b) }),
      422,
      'VALIDATION_FAILED',
    );
    expect(gross.json()).toMatchObject({
      errorMessage: `明细 ${b.key}：毛重不能小于净重`,
      fields: { gwPerCtn: '毛重不能小于净重' },
    });
    await refused(
      patch({ keys: [a.key, single.key], changes: { destination: 'X' }, versions: versionsOf(a, single) }),
      404,
      'NOT_FOUND',
    );
    const notMine = await refused(
      patch({ keys: [a.key, bobs.key], changes: { destination: 'X' }, versions: versionsOf(a, bobs) }),
      404,
      'NOT_FOUND',
    );
    expect(notMine.body).not.toContain('PO-B2');
    await refused(
      patch({ keys: [a.key, frozen.key], changes: { destination: 'X' }, versions: versionsOf(a, frozen) }),
      409,
      'NOT_EDITABLE',
    );
    await refused(
      patch({ keys: [a.key, b.key], changes: { destination: 'X' }, versions: { [a.key]: 1, [b.key]: 7 } }),
      409,
      'VERSION_CONFLICT',
    );
    // Every key needs the version read: one missing is a 409 for the whole call, none at all a 422.
    await refused(
      patch({ keys: [a.key, b.key], changes: { destination: 'X' }, versions: { [a.key]: 1 } }),
      409,
      'VERSION_CONFLICT',
    );
    await refused(patch({ keys: [a.key, b.key], changes: { destination: 'X' } }), 422, 'VALIDATION_FAILED');
    await refused(patch({ keys: [a.key], changes: { factoryCode: 'F99' }, versions: versionsOf(a) }), 422, 'VALIDATION_FAILED');
    await refused(patch({ keys: [a.key], changes: {} }), 422, 'VALIDATION_FAILED');
    await refused(patch({ keys: [a.key], changes: { packType: 'SCSS' } }), 422, 'VALIDATION_FAILED');
    await refused(patch({ keys: [a.key, a.key], changes: { destination: 'X' } }), 422, 'VALIDATION_FAILED');
    await refused(patch({ keys: [], changes: { destination: 'X' } }), 422, 'VALIDATION_FAILED');
    await refused(
      patch({ keys: Array.from({ length: 501 }, (_, i) => `K${i}`), changes: { destination: 'X' } }),
      422,
      'VALIDATION_FAILED',
    );
    await refused(patch({ keys: [a.key], changes: { destination: 'X' }, versions: versionsOf(a) }, inspector), 403, 'FORBIDDEN');
  });

  it('PATCH /v1/bulkslist changes lines of either type, also their type; the clerk may change anyone’s', async () => {
    const multi = await createLine(t, alice, { poNo: 'PO-B3', cartonFrom: 1, cartonTo: 10 });
    const single = await createLine(t, bob, { poNo: 'PO-B3', cartonFrom: 11, cartonTo: 20 }, 'single');
    const response = await t.call('PATCH', '/v1/bulkslist', {
      token: clerk,
      body: {
        keys: [multi.key, single.key],
        changes: { type: 'single', exFactoryDate: '2025-04-01' },
        versions: versionsOf(multi, single),
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      expect.objectContaining({ key: multi.key, type: 'single', exFactoryDate: '2025-04-01', ownerName: '陈客户', version: 2 }),
      expect.objectContaining({ key: single.key, type: 'single', exFactoryDate: '2025-04-01', ownerName: '林客户', version: 2 }),
    ]);
    await refused(
      () =>
        t.call('PATCH', '/v1/bulkslist', {
          token: alice,
          body: { keys: [multi.key, single.key], changes: { type: 'multi' }, versions: { [multi.key]: 2, [single.key]: 2 } },
        }),
      404,
      'NOT_FOUND',
    );
    await refused(
      () => t.call('PATCH', '/v1/bulkslist', { token: alice, body: { keys: [multi.key], changes: { type: 'boat' } } }),
      422,
      'VALIDATION_FAILED',
    );
  });
});

describe('DELETE /v1/packing/{type}/bulkdata/{key} and ?keys=', () => {
  it('deletes one line with its version, and records it', async () => {
    const line = await createLine(t, alice, { poNo: 'PO-D1' });
    await refused(
      () => t.call('DELETE', `/v1/packing/multi/bulkdata/${line.key}`, { token: alice, body: { version: 2 } }),
      409,
      'VERSION_CONFLICT',
    );
    await refused(() => t.call('DELETE', `/v1/packing/multi/bulkdata/${line.key}`, { token: alice }), 422, 'VALIDATION_FAILED');
    await refused(
      () => t.call('DELETE', `/v1/packing/multi/bulkdata/${line.key}`, { token: bob, body: { version: 1 } }),
      404,
      'NOT_FOUND',
    );
    await refused(
      () => t.call('DELETE', `/v1/packing/single/bulkdata/${line.key}`, { token: alice, body: { version: 1 } }),
      404,
      'NOT_FOUND',
    );
    const response = await t.call('DELETE', `/v1/packing/multi/bulkdata/${line.key}`, { token: alice, body: { version: 1 } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, deleted: 1 });
    expect((await t.call('GET', `/v1/packing/bulkdata/${line.key}`, { token: alice })).statusCode).toBe(404);
    const rows = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityKey, line.key), eq(auditLog.action, 'delete')));
    expect(rows).toEqual([expect.objectContaining({ actor: aliceId, before: line, after: null })]);
    // The cartons are free again.
    await createLine(t, alice, { poNo: 'PO-D1' });
  });

  it('deletes several lines all or nothing', async () => {
    const a = await createLine(t, alice, { poNo: 'PO-D2', cartonFrom: 1, cartonTo: 10 });
    const b = await createLine(t, alice, { poNo: 'PO-D2', cartonFrom: 11, cartonTo: 20 });
    const frozen = await createLine(t, alice, { poNo: 'PO-D2', cartonFrom: 21, cartonTo: 30 });
    await setStatus(t, frozen.key, 'allocated');
    const bobs = await createLine(t, bob, { poNo: 'PO-D2', cartonFrom: 31, cartonTo: 40 });
    const remove =
      (lines: Pick<BulkLine, 'key' | 'version'>[], token = alice) =>
      () =>
        t.call('DELETE', `/v1/packing/multi/bulkdata/?${deleteQuery(lines)}`, { token });
    await refused(remove([a, bobs]), 404, 'NOT_FOUND');
    await refused(remove([a, { key: 'BD99999999', version: 1 }]), 404, 'NOT_FOUND');
    await refused(remove([a, frozen]), 409, 'NOT_EDITABLE');
    await refused(remove([a, { ...b, version: 2 }]), 409, 'VERSION_CONFLICT');
    await refused(remove([a], inspector), 403, 'FORBIDDEN');
    await refused(() => t.call('DELETE', '/v1/packing/multi/bulkdata/', { token: alice }), 400, 'BAD_QUERY');
    await refused(() => t.call('DELETE', '/v1/packing/multi/bulkdata/?keys=&versions=', { token: alice }), 400, 'BAD_QUERY');
    // Versions are required, one per key.
    await refused(
      () => t.call('DELETE', `/v1/packing/multi/bulkdata/?keys=${a.key},${b.key}`, { token: alice }),
      400,
      'BAD_QUERY',
    );
    await refused(
      () => t.call('DELETE', `/v1/packing/multi/bulkdata/?keys=${a.key},${b.key}&versions=1`, { token: alice }),
      400,
      'BAD_QUERY',
    );
    const response = await t.call('DELETE', `/v1/packing/multi/bulkdata?${deleteQuery([a, b])}`, { token: alice });
    expect(response.json()).toEqual({ success: true, deleted: 2 });
    expect((await t.call('DELETE', `/v1/packing/multi/bulkdata?${deleteQuery([bobs])}`, { token: clerk })).json()).toEqual({
      success: true,
      deleted: 1,
    });
  });
});

describe('DELETE /v1/packing/bulkdata/?keys=&versions= (any type)', () => {
  it('deletes a selection of both types in one call, all or nothing', async () => {
    const multi = await createLine(t, alice, { poNo: 'PO-D3', cartonFrom: 1, cartonTo: 10 });
    const single = await createLine(t, alice, { poNo: 'PO-D3', cartonFrom: 11, cartonTo: 20 }, 'single');
    const frozen = await createLine(t, alice, { poNo: 'PO-D3', cartonFrom: 21, cartonTo: 30 }, 'single');
    await setStatus(t, frozen.key, 'allocated');
    const bobs = await createLine(t, bob, { poNo: 'PO-D3', cartonFrom: 31, cartonTo: 40 });
    const remove =
      (lines: Pick<BulkLine, 'key' | 'version'>[], token = alice) =>
      () =>
        t.call('DELETE', `/v1/packing/bulkdata/?${deleteQuery(lines)}`, { token });
    // One line that may not go keeps every other one: nothing is deleted.
    await refused(remove([multi, single, frozen]), 409, 'NOT_EDITABLE');
    await refused(remove([multi, single, bobs]), 404, 'NOT_FOUND');
    await refused(remove([multi, { ...single, version: 9 }]), 409, 'VERSION_CONFLICT');
    await refused(remove([multi, single], inspector), 403, 'FORBIDDEN');
    await refused(
      () => t.call('DELETE', `/v1/packing/bulkdata/?keys=${multi.key},${single.key}`, { token: alice }),
      400,
      'BAD_QUERY',
    );
    expect((await remove([multi, single])()).json()).toEqual({ success: true, deleted: 2 });
    for (const gone of [multi, single])
      expect((await t.call('GET', `/v1/packing/bulkdata/${gone.key}`, { token: alice })).statusCode).toBe(404);
  });
});

describe('PUT /v1/packing/{type}/bulkdata/{key}/seperate', () => {
  it('moves the last n cartons to a new line; quantity, cartons, weights and volume are conserved exactly', async () => {
    const line = await createLine(t, alice, {
      poNo: 'PO-S1',
      cartonFrom: 1,
      cartonTo: 7,
      nwPerCtn: 6.125,
      gwPerCtn: 6.9,
      ctnL: 58.5,
      ctnW: 38.5,
      ctnH: 30.5,
    });
    await setStatus(t, line.key, 'pendingConsolidation');
    const response = await t.call('PUT', `/v1/packing/multi/bulkdata/${line.key}/seperate`, {
      token: alice,
      body: { cartons: 3, version: 1 },
    });
    expect(response.statusCode).toBe(200);
    const [original, created]: BulkLine[] = response.json();
    expect(original).toMatchObject({ key: line.key, version: 2, cartonFrom: 1, cartonTo: 4, cartonCount: 4 });
    expect(created).toMatchObject({
      version: 1,
      cartonFrom: 5,
      cartonTo: 7,
      cartonCount: 3,
      status: 'pendingConsolidation',
      inspectionResult: 'pass',
      owner: aliceId,
    });
    expect(created.key).not.toBe(line.key);
    expect(totalsOf([original, created])).toEqual(totalsOf([line]));
    expect((await historyOf(line.key))[0]).toMatchObject({ action: 'split', relatedKeys: [created.key], after: original });
    expect(await historyOf(created.key)).toEqual([
      expect.objectContaining({ action: 'split', relatedKeys: [line.key], before: null, after: created }),
    ]);

    // An edit that keeps range and per-carton figures keeps the stored remainder totals.
    const edited = await t.call('PUT', `/v1/packing/multi/bulkdata/${line.key}`, {
      token: alice,
      body: {
        ...lineInput({
          poNo: 'PO-S1',
          cartonFrom: 1,
          cartonTo: 4,
          nwPerCtn: 6.125,
          gwPerCtn: 6.9,
          ctnL: 58.5,
          ctnW: 38.5,
          ctnH: 30.5,
        }),
        destination: 'Perth',
        version: 2,
      },
    });
    expect(edited.json()).toMatchObject({ destination: 'Perth', cbm: original.cbm, totalNw: original.totalNw });
  });

  it('refuses a split that leaves no carton, a one-carton line, a stale version and a frozen line', async () => {
    const line = await createLine(t, alice, { poNo: 'PO-S2', cartonFrom: 1, cartonTo: 5 });
    const one = await createLine(t, alice, { poNo: 'PO-S2', cartonFrom: 6, cartonTo: 6 });
    const split =
      (key: string, body: unknown, token = alice, type = 'multi') =>
      () =>
        t.call('PUT', `/v1/packing/${type}/bulkdata/${key}/seperate`, { token, body });
    expect((await refused(split(line.key, { cartons: 5, version: 1 }), 422, 'SPLIT_CARTONS')).json().fields).toEqual({
      cartons: '拆出箱数应为 1 到 4 之间的整数',
    });
    expect((await refused(split(one.key, { cartons: 1, version: 1 }), 422, 'SPLIT_CARTONS')).json().errorMessage).toBe(
      '只有一箱的明细不能拆分',
    );
    await refused(split(line.key, { cartons: 0, version: 1 }), 422, 'VALIDATION_FAILED');
    await refused(split(line.key, { cartons: 2 }), 422, 'VALIDATION_FAILED');
    await refused(split(line.key, { cartons: 2, version: 3 }), 409, 'VERSION_CONFLICT');
    await refused(split(line.key, { cartons: 2, version: 1 }, bob), 404, 'NOT_FOUND');
    await refused(split(line.key, { cartons: 2, version: 1 }, alice, 'single'), 404, 'NOT_FOUND');
    await refused(split(line.key, { cartons: 2, version: 1 }, inspector), 403, 'FORBIDDEN');
    await setStatus(t, line.key, 'shipped');
    await refused(split(line.key, { cartons: 2, version: 1 }), 409, 'NOT_EDITABLE');
  });
});

describe('POST /v1/packing/bulkdata/mergeOne', () => {
  it('merges adjacent compatible lines into the one with the lowest carton number; sums conserved; the others removed', async () => {
    const line = await createLine(t, alice, {
      poNo: 'PO-M1',
      cartonFrom: 1,
      cartonTo: 9,
      nwPerCtn: 6.125,
      gwPerCtn: 6.9,
      ctnL: 58.5,
      ctnW: 38.5,
      ctnH: 30.5,
    });
    const [first, second] = (
      await t.call('PUT', `/v1/packing/multi/bulkdata/${line.key}/seperate`, { token: alice, body: { cartons: 4, version: 1 } })
    ).json();
    const [, third] = (
      await t.call('PUT', `/v1/packing/multi/bulkdata/${second.key}/seperate`, { token: alice, body: { cartons: 2, version: 1 } })
    ).json();
    const [firstNow, secondNow] = [
      (await t.call('GET', `/v1/packing/bulkdata/${first.key}`, { token: alice })).json(),
      (await t.call('GET', `/v1/packing/bulkdata/${second.key}`, { token: alice })).json(),
    ];
    const response = await t.call('POST', '/v1/packing/bulkdata/mergeOne', {
      token: alice,
      body: {
        keys: [third.key, second.key, first.key],
        versions: { [first.key]: firstNow.version, [second.key]: secondNow.version, [third.key]: third.version },
      },
    });
    expect(response.statusCode).toBe(200);
    const merged: BulkLine = response.json();
    expect(merged).toMatchObject({ key: line.key, cartonFrom: 1, cartonTo: 9, cartonCount: 9, version: firstNow.version + 1 });
    // Split twice and merged back: exactly the line it was.
    expect(totalsOf([merged])).toEqual(totalsOf([line]));
    expect(merged).toMatchObject(computeBulkTotals(merged));
    for (const gone of [second.key, third.key]) {
      expect((await t.call('GET', `/v1/packing/bulkdata/${gone}`, { token: alice })).statusCode).toBe(404);
    }
    expect((await historyOf(line.key))[0]).toMatchObject({
      action: 'merge',
      relatedKeys: expect.arrayContaining([second.key, third.key]),
      after: merged,
    });
    const removed = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityKey, third.key), eq(auditLog.action, 'merge')));
    expect(removed).toEqual([expect.objectContaining({ relatedKeys: [line.key], after: null })]);
  });

  it('refuses incompatible lines (422 MERGE_INCOMPATIBLE), frozen ones (409), stale versions (409), others’ lines (404)', async () => {
    const a = await createLine(t, alice, { poNo: 'PO-M2', cartonFrom: 1, cartonTo: 10 });
    const b = await createLine(t, alice, { poNo: 'PO-M2', cartonFrom: 11, cartonTo: 20, colour: 'WHITE' });
    const c = await createLine(t, alice, { poNo: 'PO-M2', cartonFrom: 22, cartonTo: 30 });
    const d = await createLine(t, alice, { poNo: 'PO-M2', cartonFrom: 31, cartonTo: 40 });
    const bobs = await createLine(t, bob, { poNo: 'PO-M2', cartonFrom: 41, cartonTo: 50 });
    const e = await createLine(t, alice, { poNo: 'PO-M2', cartonFrom: 51, cartonTo: 60 });
    const merge =
      (body: unknown, token = alice) =>
      () =>
        t.call('POST', '/v1/packing/bulkdata/mergeOne', { token, body });
    expect(
      (await refused(merge({ keys: [a.key, b.key], versions: versionsOf(a, b) }), 422, 'MERGE_INCOMPATIBLE')).json().errorMessage,
    ).toBe('颜色不同，不能合并');
    expect(
      (await refused(merge({ keys: [d.key, c.key, a.key], versions: versionsOf(d, c, a) }), 422, 'MERGE_INCOMPATIBLE')).json()
        .errorMessage,
    ).toMatch(/箱号不连续/);
    await refused(merge({ keys: [d.key, bobs.key], versions: versionsOf(d, bobs) }), 404, 'NOT_FOUND');
    expect(
      (await refused(merge({ keys: [e.key, bobs.key], versions: versionsOf(e, bobs) }, clerk), 422, 'MERGE_INCOMPATIBLE')).json()
        .errorMessage,
    ).toBe('所属用户不同，不能合并');
    await refused(merge({ keys: [c.key, d.key], versions: { [c.key]: 1, [d.key]: 2 } }), 409, 'VERSION_CONFLICT');
    await refused(merge({ keys: [c.key, d.key], versions: { [c.key]: 1 } }), 409, 'VERSION_CONFLICT');
    await refused(merge({ keys: [c.key, d.key] }), 422, 'VALIDATION_FAILED');
    await refused(merge({ keys: [c.key], versions: versionsOf(c) }), 422, 'VALIDATION_FAILED');
    await refused(merge({ keys: [c.key, c.key] }), 422, 'VALIDATION_FAILED');
    await refused(merge({ keys: [c.key, d.key], versions: versionsOf(c, d) }, inspector), 403, 'FORBIDDEN');
    await setStatus(t, d.key, 'allocated');
    await refused(merge({ keys: [c.key, d.key], versions: versionsOf(c, d) }), 409, 'NOT_EDITABLE');
  });
});

describe('GET /v1/packing/bulkdata/{key}/history', () => {
  it('lists the changes newest first, with who made them; 404 for a line the caller may not see', async () => {
    const line = await createLine(t, alice, { poNo: 'PO-H1' });
    await t.call('PATCH', '/v1/bulkslist', {
      token: clerk,
      body: { keys: [line.key], changes: { destination: 'Busan' }, versions: versionsOf(line) },
    });
    const history = await historyOf(line.key);
    expect(history.map((entry) => [entry.action, entry.actorName])).toEqual([
      ['batchUpdate', '王单证'],
      ['create', '陈客户'],
    ]);
    expect(await historyOf(line.key, inspector)).toEqual(history);
    expect((await t.call('GET', `/v1/packing/bulkdata/${line.key}/history`, { token: bob })).statusCode).toBe(404);
    expect((await t.call('GET', '/v1/packing/bulkdata/BD99999999/history', { token: clerk })).statusCode).toBe(404);
  });
});

describe('concurrent calls', () => {
  it('two lines racing for the same cartons of a PO: exactly one is created', async () => {
    const responses = await Promise.all(
      [alice, alice, alice, alice].map((token, i) =>
        t.call('POST', '/v1/packing/multi/bulkdata', {
          token,
          body: lineInput({ poNo: 'PO-RACE', cartonFrom: 1 + i, cartonTo: 10 + i }),
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 422, 422, 422]);
  });

  it('two edits of the same version: one wins, the other gets 409', async () => {
    const line = await createLine(t, alice, { poNo: 'PO-RACE2' });
    const responses = await Promise.all(
      ['Ningbo', 'Xiamen'].map((destination) =>
        t.call('PUT', `/v1/packing/multi/bulkdata/${line.key}`, {
          token: alice,
          body: { ...lineInput({ poNo: 'PO-RACE2', destination }), version: 1 },
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect((await t.call('GET', `/v1/packing/bulkdata/${line.key}`, { token: alice })).json().version).toBe(2);
  });
});

it('bulk_line_counts agrees with the lines after every kind of change', async () => {
  const { counters, truth } = await countersAndTruth(t);
  expect(counters.length).toBeGreaterThan(2);
  expect(counters).toEqual(truth);
});
