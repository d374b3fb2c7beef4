/**
 * POST /v1/packing/{type}/bulkdata/import: an xlsx upload, all or nothing — any bad row rejects the file with
 * its row numbers and reasons (422 IMPORT_INVALID) and writes nothing.
 */
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import type { BulkImportErrorBody, BulkLine } from '../../contract/packing/schema';
import { bulkLimits } from '../../contract/packing/codes';
import { computeBulkTotals } from '../../contract/packing/rules';
import { auditLog, bulkLines, factories as factoriesTable, sizeGroups } from '../db/schema';
import { seedLookups } from '../domain/demo/packing';
import { bulkState, countersAndTruth, createLine } from '../testing/bulk';
import { createTestApp, type TestApp } from '../testing/harness';
import { importHeaders, importRow, importWorkbook, multipartFile } from '../testing/upload';

let t: TestApp;
let aliceId: string;
let alice: string;
let bob: string;
let clerk: string;
let inspector: string;
beforeAll(async () => {
  t = await createTestApp();
  await seedLookups(t.app.db);
  aliceId = await t.addUser('alice', ['user']);
  await t.addUser('bob', ['user']);
  await t.addUser('clerk', ['documentClerk']);
  await t.addUser('inspector', ['inspector']);
  [alice, bob, clerk, inspector] = await Promise.all([t.login('alice'), t.login('bob'), t.login('clerk'), t.login('inspector')]);
});
afterAll(() => t.close());

async function upload(file: Buffer, token = alice, type = 'multi', options: Parameters<typeof multipartFile>[1] = {}) {
  const { payload, headers } = multipartFile(file, options);
  return t.call('POST', `/v1/packing/${type}/bulkdata/import`, { token, body: payload, headers });
}

/** Uploads a file that must be refused, checks that nothing was written, answers the error body. */
async function rejected(file: Buffer, status = 422, token = alice): Promise<BulkImportErrorBody> {
  const before = await bulkState(t);
  const response = await upload(file, token);
  expect(response.statusCode).toBe(status);
  expect(await bulkState(t)).toEqual(before);
  return response.json();
}

it('imports every row as a new line of the path’s type: 待验针, version 1, totals computed, one audit row each', async () => {
  const file = await importWorkbook([
    importRow('PO-I1', 1, 10),
    importRow('PO-I1', 11, 12, { 装箱方式: 'SCSS', 尺码配比: 'M:24', 出厂日: new Date(Date.UTC(2025, 3, 2)) }),
    importRow('PO-I2', 1, 7, {
      '净重/箱(kg)': 6.125,
      '毛重/箱(kg)': '6.9',
      '外箱长(cm)': 58.5,
      '外箱宽(cm)': 38.5,
      '外箱高(cm)': 30.5,
    }),
  ]);
  const response = await upload(file, alice, 'single');
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ success: true, imported: 3 });
  const lines: BulkLine[] = (
    await t.call('GET', '/v1/packing/bulkdata?sorter=cartonFrom:ascend&poNo=PO-I', { token: alice })
  ).json().data;
  expect(lines).toHaveLength(3);
  for (const line of lines) {
    expect(line).toMatchObject({
      type: 'single',
      status: 'pendingInspection',
      version: 1,
      owner: aliceId,
      inspectionResult: null,
    });
    expect(line).toMatchObject(computeBulkTotals(line));
  }
  expect(lines.find((line) => line.cartonFrom === 11)).toMatchObject({
    packType: 'SCSS',
    sizeBreakdown: { M: 24 },
    exFactoryDate: '2025-04-02',
    totalQty: 48,
  });
  expect(lines.find((line) => line.poNo === 'PO-I2')).toMatchObject({ totalNw: 42.875, totalGw: 48.3, cbm: 0.481 });
  for (const line of lines) {
    const audit = await t.app.db.select().from(auditLog).where(eq(auditLog.entityKey, line.key));
    expect(audit).toEqual([
      expect.objectContaining({ actor: aliceId, action: 'import', before: null, after: line, relatedKeys: null }),
    ]);
    const history = (await t.call('GET', `/v1/packing/bulkdata/${line.key}/history`, { token: alice })).json();
    expect(history).toEqual([
      {
        id: String(audit[0].id),
        at: expect.any(String),
        action: 'import',
        actor: aliceId,
        actorName: '测试用户',
        before: null,
        after: line,
      },
    ]);
  }
});

it('finds columns by header in any order and skips blank rows', async () => {
  const headers = [...importHeaders].reverse();
  const file = await importWorkbook([importRow('PO-I3', 1, 5), {}, importRow('PO-I3', 6, 9)], ['备注', ...headers]);
  expect((await upload(file)).json()).toEqual({ success: true, imported: 2 });
});

it('one bad row rejects the file: 422 with the row numbers and reasons, nothing written', async () => {
  const file = await importWorkbook([
    importRow('PO-I4', 1, 10),
    importRow('PO-I4', 11, 20, { '毛重/箱(kg)': 8 }),
    importRow('PO-I4', 21, 30),
    importRow('', 31, 40),
    importRow('PO-I4', 41, 40, { 尺码配比: 'S-4' }),
    importRow('PO-I4', 50, 60, { 起始箱号: 'abc' }),
  ]);
  const body = await rejected(file);
  expect(body).toMatchObject({ success: false, errorCode: 'IMPORT_INVALID', errorMessage: '4 行有错误，文件未导入' });
  expect(body.rows).toEqual([
    { row: 3, field: 'gwPerCtn', message: '毛重不能小于净重' },
    { row: 5, field: 'poNo', message: '请输入PO号' },
    { row: 6, field: 'sizeBreakdown', message: '尺码配比“S-4”格式应为 尺码:件数，如 S:2;M:4' },
    { row: 7, field: 'cartonFrom', message: '起始箱号应为数字' },
  ]);
  expect(body.rowsTruncated).toBeUndefined();
});

it('checks factories, size groups and sizes against the database', async () => {
  const file = await importWorkbook([
    importRow('PO-I5', 1, 10, { 工厂: 'F99' }),
    importRow('PO-I5', 11, 20, { 尺码组: 'NOPE' }),
    importRow('PO-I5', 21, 30, { 尺码配比: 'S:4;M:8;L:8;XL:4;41:1' }),
    importRow('PO-I5', 31, 40),
  ]);
  expect((await rejected(file)).rows).toEqual([
    { row: 2, field: 'factoryCode', message: '工厂 F99 不存在' },
    { row: 3, field: 'sizeGroup', message: '尺码组 NOPE 不存在' },
    { row: 4, field: 'sizeBreakdown', message: '尺码 41 不在尺码组 服装国际码 中' },
  ]);
});

it('refuses carton ranges that overlap within the file or a stored line of the owner’s PO (any type), all in one answer', async () => {
  await createLine(t, alice, { poNo: 'PO-I6', cartonFrom: 100, cartonTo: 110 }, 'single');
  // Another customer's lines of the PO number are not the importer's to overlap.
  await createLine(t, bob, { poNo: 'PO-I7', cartonFrom: 100, cartonTo: 110 });
  const file = await importWorkbook([
    importRow('PO-I6', 1, 10),
    importRow('PO-I6', 10, 20),
    importRow('PO-I6', 105, 106),
    importRow('PO-I7', 100, 110),
  ]);
  expect((await rejected(file)).rows).toEqual([
    { row: 3, field: 'cartonFrom', message: 'PO PO-I6 的箱号 10–20 与第 2 行（1–10）重叠' },
    { row: 4, field: 'cartonFrom', message: 'PO PO-I6 的箱号 105–106 与已有明细重叠' },
  ]);
});

it('refuses a file without the headers, without lines, or that is not an xlsx', async () => {
  const missing = await rejected(
    await importWorkbook(
      [importRow('PO-I8', 1, 2)],
      importHeaders.filter((header) => header !== '出厂日'),
    ),
  );
  expect(missing.rows).toEqual([{ row: 1, field: 'exFactoryDate', message: '缺少列“出厂日”' }]);
  expect((await rejected(await importWorkbook([]))).rows).toEqual([{ row: 2, message: '文件中没有装箱明细' }]);
  const garbage = await rejected(Buffer.from('PO号,款号\nPO-1,TS'));
  expect(garbage).toMatchObject({
    errorCode: 'IMPORT_INVALID',
    errorMessage: '无法读取文件，请上传 xlsx 格式的装箱明细',
    rows: [],
  });
});

it('lists at most importMaxRowErrors reasons, then says there were more', async () => {
  const rows = Array.from({ length: bulkLimits.importMaxRowErrors + 5 }, (_, i) =>
    importRow('PO-I9', i + 1, i + 1, { 工厂: '' }),
  );
  const body = await rejected(await importWorkbook(rows));
  expect(body.rows).toHaveLength(bulkLimits.importMaxRowErrors);
  expect(body.rowsTruncated).toBe(true);
  expect(body.errorMessage).toBe(`至少 ${bulkLimits.importMaxRowErrors} 行有错误，文件未导入`);
});

it('answers 413 above 20 MB, 422 without a file part, 415 without multipart, 404 for an unknown type', async () => {
  const before = await bulkState(t);
  const big = await upload(Buffer.alloc(bulkLimits.importMaxBytes + 1024, 1));
  expect(big.statusCode).toBe(413);
  expect(big.json()).toMatchObject({ success: false, errorCode: 'TOO_LARGE' });
  const file = await importWorkbook([importRow('PO-I10', 1, 2)]);
  const wrongField = await upload(file, alice, 'multi', { field: 'attachment' });
  expect(wrongField.statusCode).toBe(422);
  expect(wrongField.json()).toMatchObject({ fields: { file: '请选择文件' } });
  expect((await t.call('POST', '/v1/packing/multi/bulkdata/import', { token: alice, body: {} })).statusCode).toBe(415);
  expect((await upload(file, alice, 'boat')).statusCode).toBe(404);
  expect(await bulkState(t)).toEqual(before);
});

it('the inspector gets 403 and nobody 401 before the file is read; the clerk imports as the owner of the lines', async () => {
  const file = await importWorkbook([importRow('PO-I11', 1, 2)]);
  await rejected(file, 403, inspector);
  const { payload, headers } = multipartFile(file);
  expect((await t.call('POST', '/v1/packing/multi/bulkdata/import', { body: payload, headers })).statusCode).toBe(401);
  expect((await upload(file, clerk)).json()).toEqual({ success: true, imported: 1 });
  const [line] = await t.app.db.select().from(bulkLines).where(eq(bulkLines.poNo, 'PO-I11'));
  expect(line.owner).not.toBe(aliceId);
});

it('imports 2 000 lines of 40 POs in one go; the counters follow', async () => {
  const rows = Array.from({ length: 2000 }, (_, i) =>
    importRow(`PO-BIG-${Math.floor(i / 50)}`, (i % 50) * 10 + 1, (i % 50) * 10 + 10),
  );
  const response = await upload(await importWorkbook(rows));
  expect(response.json()).toEqual({ success: true, imported: 2000 });
  expect((await t.call('GET', '/v1/packing/bulkdata?poNo=PO-BIG-&pageSize=1', { token: alice })).json().total).toBe(2000);
  const { counters, truth } = await countersAndTruth(t);
  expect(counters).toEqual(truth);
});

it('offers a template without sign-in, its example row marked and never imported, with the lookups by code and name', async () => {
  const response = await t.call('GET', '/v1/packing/bulkdata/template');
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  expect(response.headers['content-disposition']).toBe(
    `attachment; filename*=UTF-8''${encodeURIComponent('装箱明细导入模板.xlsx')}`,
  );
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const [lines, lookups] = workbook.worksheets;
  expect(lines.getRow(1).values).toEqual([undefined, ...importHeaders]);
  expect(lines.rowCount).toBe(2);
  const listed = lookups
    .getSheetValues()
    .slice(2)
    .map((row) => (row as unknown[]).slice(1, 3));
  const factories = await t.app.db.select().from(factoriesTable);
  for (const factory of factories) expect(listed).toContainEqual(['工厂', factory.code]);
  expect(lookups.getRow(2).getCell(3).value).toBe(factories[0].name);

  // Sent back untouched, the template imports nothing and says why.
  const example = lines.getRow(2);
  expect(String(example.getCell(1).note)).toContain('示例行');
  expect(example.font).toMatchObject({ italic: true });
  const untouched = await rejected(response.rawPayload);
  expect(untouched.rows).toEqual([
    { row: 2, message: '文件中只有模板的示例行（第 2 行，PO PO-EXAMPLE-0001），示例行不会导入：请填写装箱明细后再导入' },
  ]);
  // A real line written under the example: it is imported, the example is not, and the answer says so.
  const poColumn = importHeaders.indexOf('PO号') + 1;
  const real = lines.addRow((example.values as unknown[]).slice(1));
  real.getCell(poColumn).value = 'PO-TPL-1';
  const imported = await upload(Buffer.from(await workbook.xlsx.writeBuffer()), alice);
  expect(imported.json()).toEqual({ success: true, imported: 1, exampleSkipped: true });
  const stored = (await t.call('GET', '/v1/packing/bulkdata?poNo=PO-&pageSize=100', { token: alice })).json().data;
  expect(stored.map((line: { poNo: string }) => line.poNo)).not.toContain('PO-EXAMPLE-0001');
});

it('takes factory and size-group names beside codes, and names every bad row in one answer', async () => {
  const [factory] = await t.app.db.select().from(factoriesTable).where(eq(factoriesTable.code, 'F01'));
  const [group] = await t.app.db.select().from(sizeGroups).where(eq(sizeGroups.code, 'APP-INT'));
  const bad = await rejected(
    await importWorkbook([
      importRow('PO-I20', 1, 2, { 工厂: factory.name, 尺码组: group.name }),
      importRow('PO-I20', 3, 4, { PO号: '' }),
      importRow('PO-I20', 5, 6, { 工厂: '没有这个厂' }),
      importRow('PO-I20', 7, 8, { 尺码配比: 'S:2;M:4;44:1' }),
    ]),
  );
  // The file's own problem (row 3) and those against stored data (rows 4 and 5) come together.
  expect(bad.rows.map((error) => [error.row, error.field])).toEqual([
    [3, 'poNo'],
    [4, 'factoryCode'],
    [5, 'sizeBreakdown'],
  ]);
  const good = await upload(await importWorkbook([importRow('PO-I20', 1, 2, { 工厂: factory.name, 尺码组: group.name })]));
  expect(good.json()).toEqual({ success: true, imported: 1 });
  const [line] = (await t.call('GET', '/v1/packing/bulkdata?poNo=PO-I20', { token: alice })).json().data;
  expect([line.factoryCode, line.sizeGroup]).toEqual(['F01', 'APP-INT']);
});
