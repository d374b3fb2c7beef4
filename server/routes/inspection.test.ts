/** 验针 API: calibration window, sample sizes, pass/fail moves, versions, audit, notices, roles and owners. */
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { BulkLine } from '../../contract/packing/schema';
import { inspectionEndpoints, type Inspection, type InspectionCreate } from '../../contract/inspection/schema';
import { auditLog, bulkLines, detectorCalibrations, inspections, notices } from '../db/schema';
import { seedLookups } from '../domain/demo/packing';
import { createLine } from '../testing/bulk';
import { createTestApp, type TestApp } from '../testing/harness';

let t: TestApp;
let user: string;
let user2: string;
let clerk: string;
let inspector: string;
let userId: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedLookups(t.app.db);
  userId = await t.addUser('niuser', ['user'], { realName: '王客户' });
  await t.addUser('niuser2', ['user']);
  await t.addUser('niclerk', ['documentClerk']);
  await t.addUser('niinspector', ['inspector'], { realName: '赵验针' });
  [user, user2, clerk, inspector] = await Promise.all(
    ['niuser', 'niuser2', 'niclerk', 'niinspector'].map((name) => t.login(name)),
  );
});
afterAll(() => t.close());

/** Two lines of one PO (10 cartons × 24 pieces each: a lot of 480 pieces, sample size 50). */
async function lot(poNo: string, token = user): Promise<BulkLine[]> {
  return [
    await createLine(t, token, { poNo, cartonFrom: 1, cartonTo: 10 }),
    await createLine(t, token, { poNo, cartonFrom: 11, cartonTo: 20 }),
  ];
}

const versionsOf = (lines: readonly BulkLine[]) => Object.fromEntries(lines.map((line) => [line.key, line.version]));

function record(lines: readonly BulkLine[], overrides: Partial<InspectionCreate> = {}): InspectionCreate {
  return {
    lineKeys: lines.map((line) => line.key),
    versions: versionsOf(lines),
    mode: 'sample',
    detectorId: 'MD-01',
    inspectedQty: 50,
    passedQty: 50,
    alarmQty: 0,
    fragments: [],
    result: 'pass',
    remark: '',
    ...overrides,
  };
}

const calibrate = (detectorId = 'MD-01', sensitivityFeMm = 1.0, token = inspector) =>
  t.call('POST', '/v1/inspection/calibration', { token, body: { detectorId, sensitivityFeMm } });

async function linesOf(keys: readonly string[]) {
  const rows = await t.app.db.select().from(bulkLines).orderBy(asc(bulkLines.key));
  return rows.filter((row) => keys.includes(row.key));
}

/** Inspections, bulk lines and audit rows: the same before and after a refused call means nothing changed. */
async function state() {
  const [{ n: records }] = await t.app.db.select({ n: count() }).from(inspections);
  const [{ n: audits }] = await t.app.db.select({ n: count() }).from(auditLog);
  const lines = await t.app.db.select().from(bulkLines).orderBy(asc(bulkLines.key));
  return { records, audits, lines };
}

describe('calibration', () => {
  test('an inspector records one; the latest per detector is listed', async () => {
    expect((await calibrate('MD-09', 1.2)).statusCode).toBe(201);
    const second = await calibrate('MD-09', 1.1);
    expect(second.json()).toMatchObject({ detectorId: 'MD-09', sensitivityFeMm: 1.1, calibratedByName: '赵验针' });
    const listed = (await t.call('GET', '/v1/inspection/calibration', { token: inspector })).json();
    expect(listed.filter((c: { detectorId: string }) => c.detectorId === 'MD-09')).toEqual([second.json()]);
  });

  test('the test piece is 1.0–1.2 mm Fe; a detector id is letters, digits and dashes', async () => {
    for (const [detectorId, size] of [
      ['MD-01', 0.9],
      ['MD-01', 1.3],
      ['MD 01', 1.0],
    ] as const) {
      const response = await calibrate(detectorId, size);
      expect(response.statusCode).toBe(422);
    }
    expect((await calibrate('MD-01', 1.3)).json().fields.sensitivityFeMm).toContain('1–1.2');
  });

  test('only inspectors calibrate and read calibrations', async () => {
    for (const token of [user, clerk]) {
      expect((await calibrate('MD-01', 1.0, token)).statusCode).toBe(403);
      expect((await t.call('GET', '/v1/inspection/calibration', { token })).statusCode).toBe(403);
    }
  });
});

describe('recording an inspection', () => {
  test('without a calibration in the last hour it is refused, and nothing changes', async () => {
    const lines = await lot('PO-CAL');
    await t.app.db.insert(detectorCalibrations).values({
      detectorId: 'MD-OLD',
      sensitivityFeMm: 1.0,
      calibratedBy: (
        await t.app.db
          .select({ id: sql<string>`id` })
          .from(sql`users`)
          .limit(1)
      )[0].id,
      calibratedAt: sql`now() - interval '61 minutes'`,
    });
    const before = await state();
    for (const detectorId of ['MD-NEVER', 'MD-OLD']) {
      const response = await t.call('POST', '/v1/inspection', { token: inspector, body: record(lines, { detectorId }) });
      expect(response.statusCode).toBe(422);
      expect(response.json().fields.detectorId).toContain('请先校准');
    }
    expect(await state()).toEqual(before);
    expect((await calibrate('MD-OLD')).statusCode).toBe(201);
    expect(
      (await t.call('POST', '/v1/inspection', { token: inspector, body: record(lines, { detectorId: 'MD-OLD' }) })).statusCode,
    ).toBe(201);
  });

  test('a fail keeps the lines 待验针, tells the customer; a re-inspection that passes makes them 待拼柜', async () => {
    await calibrate('MD-01', 1.0);
    const lines = await lot('PO-FAIL');
    const failed = await t.call('POST', '/v1/inspection', {
      token: inspector,
      body: record(lines, {
        inspectedQty: 50,
        passedQty: 49,
        alarmQty: 1,
        fragments: [{ type: 'brokenNeedle', lengthMm: 12.5, cartonNo: 13 }],
        result: 'fail',
      }),
    });
    expect(failed.statusCode).toBe(201);
    const failure: Inspection = failed.json();
    expect(failure).toMatchObject({
      poNo: 'PO-FAIL',
      lotQty: 480,
      sampleSize: 50,
      sensitivityFeMm: 1.0,
      result: 'fail',
      ownerName: '王客户',
      inspectorName: '赵验针',
      version: 1,
    });
    expect(failure.lines.map((line) => line.key)).toEqual(lines.map((line) => line.key));
    let rows = await linesOf(failure.lines.map((line) => line.key));
    expect(rows.map((row) => [row.status, row.inspectionResult, row.version])).toEqual([
      ['pendingInspection', 'fail', 2],
      ['pendingInspection', 'fail', 2],
    ]);
    const [notice] = await t.app.db
      .select()
      .from(notices)
      .where(and(eq(notices.userId, userId), sql`${notices.title} like '%PO-FAIL%'`));
    expect(notice).toMatchObject({ type: 'notification', title: 'PO PO-FAIL 验针不合格', link: '/shipment/inspection' });
    const audits = await t.app.db
      .select()
      .from(auditLog)
      .where(
        sql`${auditLog.entityKey} in (${sql.join(
          [failure.key, ...lines.map((line) => line.key)].map((key) => sql`${key}`),
          sql`, `,
        )})`,
      );
    expect(audits.filter((entry) => entry.entity === 'inspection')).toHaveLength(1);
    expect(audits.filter((entry) => entry.action === 'inspect')).toHaveLength(2);

    // The customer may not re-inspect; the old versions are stale now.
    expect((await t.call('POST', '/v1/inspection', { token: user, body: record(lines) })).statusCode).toBe(403);
    expect((await t.call('POST', '/v1/inspection', { token: inspector, body: record(lines) })).statusCode).toBe(409);
    const fresh = rows.map((row) => ({ ...lines[0], key: row.key, version: row.version }));
    const passed = await t.call('POST', '/v1/inspection', {
      token: inspector,
      body: record(fresh, { mode: 'full', inspectedQty: 480, passedQty: 480 }),
    });
    expect(passed.statusCode).toBe(201);
    rows = await linesOf(failure.lines.map((line) => line.key));
    expect(rows.map((row) => [row.status, row.inspectionResult, row.version])).toEqual([
      ['pendingConsolidation', 'pass', 3],
      ['pendingConsolidation', 'pass', 3],
    ]);

    // The customer sees both, the failure first; the line's records are found by its key.
    const mine = (await t.call('GET', '/v1/inspection?poNo=PO-FAIL', { token: user })).json();
    expect(mine.data.map((i: Inspection) => i.result)).toEqual(['fail', 'pass']);
    const ofLine = (await t.call('GET', `/v1/inspection?lineKey=${lines[0].key}`, { token: user })).json();
    expect(ofLine.total).toBe(2);
    // A line no longer waiting cannot be inspected again.
    const again = await t.call('POST', '/v1/inspection', {
      token: inspector,
      body: record(fresh.map((l) => ({ ...l, version: 3 }))),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().errorCode).toBe('NOT_PENDING_INSPECTION');
  });

  test('the figures must agree with the mode, the lot and the result; nothing changes when refused', async () => {
    await calibrate('MD-01', 1.0);
    const lines = await lot('PO-RULES');
    const before = await state();
    const cases: [Partial<InspectionCreate>, string][] = [
      [{ inspectedQty: 49, passedQty: 49 }, 'inspectedQty'],
      [{ mode: 'full', inspectedQty: 50, passedQty: 50 }, 'inspectedQty'],
      [{ inspectedQty: 481, passedQty: 481 }, 'inspectedQty'],
      [{ passedQty: 48, alarmQty: 1 }, 'passedQty'],
      [{ passedQty: 49, alarmQty: 1, result: 'pass' }, 'result'],
      [
        { passedQty: 49, alarmQty: 1, result: 'fail', fragments: [{ type: 'pin', lengthMm: 20, cartonNo: 21 }] },
        'fragments.0.cartonNo',
      ],
      [{ mode: 'aql' as never }, 'mode'],
      [{ fragments: [{ type: 'pin', lengthMm: 0, cartonNo: 1 }] }, 'fragments.0.lengthMm'],
    ];
    for (const [overrides, field] of cases) {
      const response = await t.call('POST', '/v1/inspection', { token: inspector, body: record(lines, overrides) });
      expect([response.statusCode, Object.keys(response.json().fields ?? {})]).toEqual([422, expect.arrayContaining([field])]);
    }
    expect(await state()).toEqual(before);
  });

  test('a lot is one customer’s one PO; unknown keys are a 404', async () => {
    await calibrate('MD-01', 1.0);
    const mine = await createLine(t, user, { poNo: 'PO-MIX', cartonFrom: 1, cartonTo: 5 });
    const theirs = await createLine(t, user2, { poNo: 'PO-MIX', cartonFrom: 6, cartonTo: 10 });
    const otherPo = await createLine(t, user, { poNo: 'PO-MIX2', cartonFrom: 1, cartonTo: 5 });
    for (const pair of [
      [mine, theirs],
      [mine, otherPo],
    ]) {
      const response = await t.call('POST', '/v1/inspection', {
        token: inspector,
        body: record(pair, { inspectedQty: 32, passedQty: 32 }),
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().fields.lineKeys).toBeDefined();
    }
    const missing = await t.call('POST', '/v1/inspection', {
      token: inspector,
      body: record([{ ...mine, key: 'BD99999999' }]),
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('reading and correcting', () => {
  let inspection: Inspection;
  beforeAll(async () => {
    await calibrate('MD-02', 1.0);
    const lines = await lot('PO-READ');
    inspection = (
      await t.call('POST', '/v1/inspection', { token: inspector, body: record(lines, { detectorId: 'MD-02', remark: '首检' }) })
    ).json();
  });

  test('the owner, the clerk and the inspector read it; another customer gets 404 and an empty list', async () => {
    for (const token of [user, clerk, inspector]) {
      const response = await t.call('GET', `/v1/inspection/${inspection.key}`, { token });
      expect([response.statusCode, response.json().key]).toEqual([200, inspection.key]);
    }
    const other = await t.call('GET', `/v1/inspection/${inspection.key}`, { token: user2 });
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('PO-READ');
    const list = (await t.call('GET', '/v1/inspection?poNo=PO-READ', { token: user2 })).json();
    expect(list).toMatchObject({ data: [], total: 0 });
    expect((await t.call('GET', '/v1/inspection?poNo=PO-READ', { token: clerk })).json().total).toBe(1);
  });

  test('a listed record (JSON built by the database) is the record as its own call answers it', async () => {
    const answer = (await t.call('GET', '/v1/inspection', { token: clerk })).json();
    expect(inspectionEndpoints.list.response.safeParse(answer).success).toBe(true);
    expect(answer.data.length).toBeGreaterThan(0);
    for (const record of answer.data) {
      expect(record).toEqual((await t.call('GET', `/v1/inspection/${record.key}`, { token: clerk })).json());
    }
  });

  test('an unfiltered total (kept by row_counts) is the count of the records each caller may read', async () => {
    const counted = async (owner?: string) =>
      (
        await t.app.db
          .select({ n: count() })
          .from(inspections)
          .where(owner ? eq(inspections.owner, owner) : undefined)
      )[0].n;
    const totalOf = async (token: string) => (await t.call('GET', '/v1/inspection', { token })).json().total;
    expect(await totalOf(clerk)).toBe(await counted());
    expect(await totalOf(user)).toBe(await counted((await t.call('GET', '/v1/users/current', { token: user })).json().id));
    expect(await totalOf(user2)).toBe(0);
  });

  test('the remark is corrected with the version read; a stale version is a 409; others may not', async () => {
    const body = { remark: '复核：样本取自 1、11 箱', version: 1 };
    expect((await t.call('PUT', `/v1/inspection/${inspection.key}`, { token: user, body })).statusCode).toBe(403);
    expect((await t.call('PUT', `/v1/inspection/${inspection.key}`, { token: clerk, body })).statusCode).toBe(403);
    const changed = await t.call('PUT', `/v1/inspection/${inspection.key}`, { token: inspector, body });
    expect(changed.json()).toMatchObject({ remark: body.remark, version: 2 });
    const stale = await t.call('PUT', `/v1/inspection/${inspection.key}`, {
      token: inspector,
      body: { remark: 'x', version: 1 },
    });
    expect(stale.statusCode).toBe(409);
    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityKey, inspection.key), sql`${auditLog.before} is not null`));
    expect(entry).toMatchObject({
      before: expect.objectContaining({ remark: '首检' }),
      after: expect.objectContaining({ remark: body.remark }),
    });
  });

  test('bad keys and queries: 404 and 400', async () => {
    expect((await t.call('GET', `/v1/inspection/${'x'.repeat(65)}`, { token: clerk })).statusCode).toBe(404);
    expect((await t.call('GET', '/v1/inspection/NI99999999', { token: clerk })).statusCode).toBe(404);
    expect((await t.call('GET', '/v1/inspection?sorter=constructor:ascend', { token: clerk })).statusCode).toBe(400);
    expect((await t.call('GET', '/v1/inspection?result=maybe', { token: clerk })).statusCode).toBe(400);
  });
});

describe('the queue', () => {
  test('groups 待验针 lines by customer and PO; a customer sees only their own; failures can be picked out', async () => {
    await lot('PO-Q1');
    await createLine(t, user2, { poNo: 'PO-Q1', cartonFrom: 1, cartonTo: 4 });
    const all = (await t.call('GET', '/v1/inspection/queue?poNo=PO-Q1', { token: inspector })).json();
    expect(all.total).toBe(2);
    const group = all.data.find((g: { owner: string }) => g.owner === userId);
    expect(group).toMatchObject({ poNo: 'PO-Q1', ownerName: '王客户', cartonCount: 20, totalQty: 480, failed: false });
    expect(group.lines.map((line: { cartonFrom: number }) => line.cartonFrom)).toEqual([1, 11]);
    const own = (await t.call('GET', '/v1/inspection/queue?poNo=PO-Q1', { token: user2 })).json();
    expect(own.data.map((g: { cartonCount: number }) => g.cartonCount)).toEqual([4]);
    const failedOnly = (await t.call('GET', '/v1/inspection/queue?inspectionResult=fail', { token: inspector })).json();
    expect(failedOnly.data.every((g: { failed: boolean }) => g.failed)).toBe(true);
  });
});
