/**
 * @jest-environment-options {"customExportConditions": ["node", "require", "default"]}
 */
// jsdom (the web project's environment) with node export conditions: exceljs needs the node build of uuid.
// .tsx on purpose: umi's dev server loads every mock/**/*.[jt]s as mock routes, and must not load this test.
import ExcelJS from 'exceljs';
import type { BulkLine, BulkListResult } from '../contract/packing/schema';
import { bulkSheetColumns } from '../contract/packing/codes';
import { mockCaller } from '../tests/support/mockCall';
import type { MockRequest } from './_http';
import routes from './packing';

const call = mockCaller(routes);

const listOf = async (userName: string, query: Record<string, string> = {}) =>
  (await call('GET /v1/packing/bulkdata', userName, { query: { pageSize: '100', ...query } })).body as BulkListResult;

const createBody = (over: Record<string, unknown> = {}) => ({
  odgItemNo: 'ODG240006',
  poNo: 'PO-MOCK-1',
  styleNo: 'ST-1',
  colour: 'NAVY',
  factoryCode: 'F01',
  sizeGroup: 'APP-INT',
  sizeBreakdown: { S: 2, M: 4 },
  packType: 'SCAS',
  cartonFrom: 1,
  cartonTo: 10,
  nwPerCtn: 5.5,
  gwPerCtn: 6.25,
  ctnL: 55,
  ctnW: 38,
  ctnH: 27,
  destination: 'Los Angeles',
  exFactoryDate: '2025-05-01',
  ...over,
});

const milli = (value: number) => Math.round(value * 1000);

describe('ownership', () => {
  test('a customer sees only their lines, the clerk and the inspector all of them', async () => {
    const mine = await listOf('user');
    const theirs = await listOf('user2');
    const clerk = await listOf('clerk');
    expect(mine.data.every((line) => line.owner === '1')).toBe(true);
    expect(theirs.data.every((line) => line.owner === '2')).toBe(true);
    expect(clerk.total).toBe(mine.total + theirs.total);
    expect(clerk.data.find((line) => line.owner === '2')?.ownerName).toBe('林客户');
    expect((await listOf('inspector')).total).toBe(clerk.total);
  });

  test("another customer's line is a 404, for reading and for changing", async () => {
    const [line] = (await listOf('user')).data;
    expect((await call('GET /v1/packing/bulkdata/:key', 'user2', { params: { key: line.key } })).status).toBe(404);
    const changed = await call('PUT /v1/packing/:type/bulkdata/:key', 'user2', {
      params: { type: line.type, key: line.key },
      body: { ...createBody(), version: line.version },
    });
    expect(changed.status).toBe(404);
  });

  test('the inspector reads but may not change; nobody signed in gets 401', async () => {
    expect(
      (await call('POST /v1/packing/:type/bulkdata', 'inspector', { params: { type: 'multi' }, body: createBody() })).status,
    ).toBe(403);
    expect((await call('GET /v1/packing/bulkdata', null)).status).toBe(401);
  });
});

describe('list', () => {
  test('filters, sorts and pages', async () => {
    const filtered = await listOf('user', { poNo: '4500123470', sorter: 'cartonFrom:descend' });
    expect(filtered.data.map((line) => line.cartonFrom)).toEqual([126, 101, 76, 51, 26, 1]);
    const page = await listOf('clerk', { pageSize: '2', current: '2', sorter: 'cartonFrom:ascend' });
    expect(page.data).toHaveLength(2);
    expect(page).toMatchObject({ current: 2, pageSize: 2 });
    expect((await listOf('user', { q: 'rn-88' })).data.every((line) => line.styleNo === 'RN-880')).toBe(true);
    expect((await call('GET /v1/packing/bulkdata', 'user', { query: { sorter: 'owner:ascend' } })).status).toBe(400);
  });

  test('the shipping list holds only lines in a container or shipped', async () => {
    const shipping = (await call('GET /v1/shipping/bulkdata', 'user', { query: {} })).body as BulkListResult;
    expect(shipping.data.length).toBeGreaterThan(0);
    expect(shipping.data.every((line) => line.status === 'allocated' || line.status === 'shipped')).toBe(true);
  });
});

describe('changes', () => {
  test('create computes the totals and refuses computed fields, overlaps and unknown sizes', async () => {
    const created = await call('POST /v1/packing/:type/bulkdata', 'user', { params: { type: 'multi' }, body: createBody() });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      cartonCount: 10,
      qtyPerCarton: 6,
      totalQty: 60,
      totalNw: 55,
      totalGw: 62.5,
      cbm: 0.564,
      version: 1,
      owner: '1',
    });

    const withTotals = await call('POST /v1/packing/:type/bulkdata', 'user', {
      params: { type: 'multi' },
      body: { ...createBody({ poNo: 'PO-X' }), totalQty: 1 },
    });
    expect(withTotals.status).toBe(422);
    const overlap = await call('POST /v1/packing/:type/bulkdata', 'user', {
      params: { type: 'multi' },
      body: createBody({ cartonFrom: 10, cartonTo: 12 }),
    });
    expect(overlap.status).toBe(422);
    expect(overlap.body.fields.cartonFrom).toContain('重叠');
    // Another customer's PO is answered as an unknown one.
    const othersPo = await call('POST /v1/packing/:type/bulkdata', 'user2', {
      params: { type: 'multi' },
      body: createBody({ cartonFrom: 10, cartonTo: 12 }),
    });
    expect(othersPo.status).toBe(201);
    const badSize = await call('POST /v1/packing/:type/bulkdata', 'user', {
      params: { type: 'multi' },
      body: createBody({ poNo: 'PO-Y', sizeBreakdown: { S: 1, '44': 1 } }),
    });
    expect(badSize.body.fields.sizeBreakdown).toBe('尺码 44 不在尺码组 服装国际码 中');
  });

  test('a stale version is a 409 and changes nothing', async () => {
    const line = (await listOf('user', { poNo: 'PO-MOCK-1' })).data[0];
    const stale = await call('PUT /v1/packing/:type/bulkdata/:key', 'user', {
      params: { type: 'multi', key: line.key },
      body: { ...createBody({ destination: 'Oakland' }), version: line.version - 1 },
    });
    expect(stale.status).toBe(409);
    const again = (await call('GET /v1/packing/bulkdata/:key', 'user', { params: { key: line.key } })).body as BulkLine;
    expect(again.destination).toBe('Los Angeles');
  });

  test('split and merge keep quantity, cartons, weights and volume; history records them', async () => {
    const line = (await listOf('user', { poNo: 'PO-MOCK-1' })).data[0];
    const split = await call('PUT /v1/packing/:type/bulkdata/:key/seperate', 'user', {
      params: { type: 'multi', key: line.key },
      body: { cartons: 3, version: line.version },
    });
    expect(split.status).toBe(200);
    const [original, created] = split.body as [BulkLine, BulkLine];
    expect([original.cartonTo, created.cartonFrom, created.cartonTo]).toEqual([7, 8, 10]);
    for (const field of ['cartonCount', 'totalQty', 'totalNw', 'totalGw', 'cbm'] as const) {
      expect(milli(original[field]) + milli(created[field])).toBe(milli(line[field]));
    }
    const merged = await call('POST /v1/packing/bulkdata/mergeOne', 'user', {
      body: { keys: [created.key, original.key], versions: { [created.key]: 1, [original.key]: original.version } },
    });
    expect(merged.status).toBe(200);
    expect(merged.body).toMatchObject({ key: line.key, cartonFrom: 1, cartonTo: 10, totalQty: line.totalQty, cbm: line.cbm });
    const historyOf = await call('GET /v1/packing/bulkdata/:key/history', 'user', { params: { key: line.key } });
    expect(historyOf.body.map((entry: { action: string }) => entry.action)).toEqual(['merge', 'split', 'create']);
  });

  test('merging lines of different colours is refused with the reason', async () => {
    const mine = (await listOf('user', { poNo: '4500123456' })).data;
    const first = mine.find((line) => line.cartonFrom === 141) as BulkLine;
    const white = mine.find((line) => line.cartonFrom === 191) as BulkLine;
    const refused = await call('POST /v1/packing/bulkdata/mergeOne', 'user', {
      body: { keys: [first.key, white.key], versions: { [first.key]: first.version, [white.key]: white.version } },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errorMessage).toBe('颜色不同，不能合并');
  });

  test('batch change is all or nothing', async () => {
    const mine = (await listOf('user', { poNo: '4500123456', status: 'pendingInspection' })).data;
    const keys = mine.map((line) => line.key);
    const versions = Object.fromEntries(mine.map((line) => [line.key, line.version]));
    const unversioned = await call('PATCH /v1/packing/:type/bulkdata/', 'user', {
      params: { type: 'multi' },
      body: { keys, changes: { destination: 'X' } },
    });
    expect(unversioned.status).toBe(422);
    // One of them weighs 9.2 kg gross: 9.5 kg net is refused for all.
    const refused = await call('PATCH /v1/packing/:type/bulkdata/', 'user', {
      params: { type: 'multi' },
      body: { keys, changes: { nwPerCtn: 9.5 }, versions },
    });
    expect(refused.status).toBe(422);
    expect((await listOf('user', { poNo: '4500123456' })).data.every((line) => line.nwPerCtn === 8.4)).toBe(true);
    const done = await call('PATCH /v1/packing/:type/bulkdata/', 'user', {
      params: { type: 'multi' },
      body: { keys, changes: { destination: 'Long Beach' }, versions },
    });
    expect(done.status).toBe(200);
    expect(done.body.every((line: BulkLine) => line.destination === 'Long Beach')).toBe(true);
  });

  test('a frozen line cannot be deleted; several keys are deleted together', async () => {
    const allocated = (await listOf('user', { status: 'allocated' })).data[0];
    const frozen = await call('DELETE /v1/packing/:type/bulkdata/:key', 'user', {
      params: { type: allocated.type, key: allocated.key },
      body: { version: allocated.version },
    });
    expect(frozen.status).toBe(409);
    const made = await Promise.all(
      [20, 30].map((from) =>
        call('POST /v1/packing/:type/bulkdata', 'user', {
          params: { type: 'single' },
          body: createBody({ poNo: 'PO-DEL', cartonFrom: from, cartonTo: from }),
        }),
      ),
    );
    const keys = made.map((answer) => answer.body.key).join(',');
    const stale = await call('DELETE /v1/packing/:type/bulkdata/', 'user', {
      params: { type: 'single' },
      query: { keys, versions: '1,2' },
    });
    expect(stale.status).toBe(409);
    const deleted = await call('DELETE /v1/packing/:type/bulkdata/', 'user', {
      params: { type: 'single' },
      query: { keys, versions: '1,1' },
    });
    expect(deleted.body).toEqual({ success: true, deleted: 2 });
    expect((await listOf('user', { poNo: 'PO-DEL' })).total).toBe(0);
  });
});

describe('xlsx', () => {
  async function workbookWith(rows: unknown[][]): Promise<Buffer> {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('装箱明细');
    rows.forEach((row) => sheet.addRow(row));
    return Buffer.from(await workbook.xlsx.writeBuffer());
  }
  const header = bulkSheetColumns.filter((column) => column.imported).map((column) => column.header);
  const sheetRow = (poNo: string, from: number, to: number, sizeBreakdown = 'S:2;M:4') => [
    'ODG240006',
    poNo,
    'ST-1',
    'NAVY',
    'F01',
    'APP-INT',
    sizeBreakdown,
    '单色混码',
    from,
    to,
    5.5,
    6.25,
    55,
    38,
    27,
    'Los Angeles',
    '2025-05-01',
  ];
  const upload = (buffer: Buffer) => ({
    params: { type: 'multi' },
    files: [{ fieldname: 'file', originalname: 'lines.xlsx', size: buffer.length, buffer }],
  });

  test('a file with bad rows is refused with row, field and reason, and nothing is written', async () => {
    const buffer = await workbookWith([
      header,
      sheetRow('PO-IMP', 1, 5),
      sheetRow('PO-IMP', 5, 9),
      sheetRow('PO-IMP2', 1, 2, 'S:2;M:4;44:1'),
    ]);
    const answer = await call('POST /v1/packing/:type/bulkdata/import', 'user', upload(buffer));
    expect(answer.status).toBe(422);
    // Every bad row in one answer: the file's own overlap and the size its size group lacks.
    expect(answer.body.rows).toEqual([
      { row: 3, field: 'cartonFrom', message: 'PO PO-IMP 的箱号 5–9 与第 2 行（1–5）重叠' },
      { row: 4, field: 'sizeBreakdown', message: '尺码 44 不在尺码组 服装国际码 中' },
    ]);
    expect((await listOf('user', { poNo: 'PO-IMP' })).total).toBe(0);
  });

  test('a good file is imported, and the export of its filter lists it', async () => {
    const buffer = await workbookWith([header, sheetRow('PO-IMP', 1, 5), sheetRow('PO-IMP', 6, 9)]);
    const answer = await call('POST /v1/packing/:type/bulkdata/import', 'user', upload(buffer));
    expect(answer.body).toEqual({ success: true, imported: 2 });
    expect((await listOf('user2', { poNo: 'PO-IMP' })).total).toBe(0);

    const exported = await call('GET /v1/packing/bulkdata/export', 'user', { query: { poNo: 'PO-IMP' } });
    expect(exported.headers['content-disposition']).toMatch(/^attachment; filename\*=UTF-8''/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.body);
    const sheet = workbook.worksheets[0];
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(1).getCell(1).value).toBe('明细编号');
  });

  test('a file that is not xlsx is a 422', async () => {
    const buffer = Buffer.from('not a workbook');
    const answer = await call('POST /v1/packing/:type/bulkdata/import', 'user', upload(buffer));
    expect(answer.status).toBe(422);
  });
});

test('the statistics count lines by status code, over the lines each role may see', async () => {
  const { default: userRoutes } = await import('./user');
  const statisticsOf = (userName: string) =>
    new Promise<any>((resolve) =>
      (userRoutes['GET /v1/user/statistics/shipment'] as (req: MockRequest, res: unknown) => void)(
        { headers: { authorization: `Bearer mock-${userName}` }, query: {}, params: {}, body: undefined } as MockRequest,
        { status: () => undefined, json: resolve },
      ),
    );
  for (const userName of ['user', 'clerk']) {
    const statistics = await statisticsOf(userName);
    expect(Object.keys(statistics.packing).sort()).toEqual(['allocated', 'pendingConsolidation', 'pendingInspection', 'shipped']);
    const listed = await call('GET /v1/packing/bulkdata', userName, { query: { current: '1', pageSize: '100' } });
    const counted = Object.values(statistics.packing as Record<string, number>).reduce((sum, n) => sum + n, 0);
    expect(counted).toBe(listed.body.total);
    expect(statistics.notice).toEqual({ read: expect.any(Number), unread: expect.any(Number) });
  }
  expect((await statisticsOf('clerk')).user).toEqual(expect.objectContaining({ active: expect.any(Number) }));
  expect((await statisticsOf('user')).user).toBeUndefined();
});

test('the lines are the company’s: a colleague reads the owner’s, by list and by key; another company none', async () => {
  const owners = (await listOf('user')).data.map((line) => line.key);
  expect(owners.length).toBeGreaterThan(0);
  expect((await listOf('user-b')).data.map((line) => line.key)).toEqual(owners);
  expect((await listOf('user2')).data.filter((line) => owners.includes(line.key))).toEqual([]);
  const [first] = (await listOf('user')).data;
  expect((await call('GET /v1/packing/bulkdata/:key', 'user-b', { params: { key: first.key } })).status).toBe(200);
  expect((await call('GET /v1/packing/bulkdata/:key', 'user2', { params: { key: first.key } })).status).toBe(404);
});
