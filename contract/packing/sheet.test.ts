import { bulkLimits, bulkSheetColumns } from './codes';
import { bulkLineFixture } from '../../tests/fixtures/bulkLine';
import {
  aliasesOf,
  BULK_EXAMPLE_PO_NO,
  bulkLineToSheetRow,
  bulkSheetHeader,
  describeRowError,
  importRejected,
  readBulkSheet,
} from './sheet';

const header = bulkSheetColumns.filter((c) => c.imported).map((c) => c.header);

/** A valid import row in `header` order, with cells overridden by header name. */
function row(over: Record<string, unknown> = {}): unknown[] {
  const cells: Record<string, unknown> = {
    ODG货号: 'ODG-1001',
    PO号: 'PO-1',
    款号: 'ST-9',
    颜色: 'BLACK/WHITE',
    工厂: 'F01',
    尺码组: 'APP',
    尺码配比: 'S:2;M:4;L:2',
    装箱方式: '单色混码',
    起始箱号: 1,
    结束箱号: 10,
    '净重/箱(kg)': 8.5,
    '毛重/箱(kg)': '9.25',
    '外箱长(cm)': 60,
    '外箱宽(cm)': 40,
    '外箱高(cm)': 30,
    目的地: 'Los Angeles',
    出厂日: '2025-03-01',
    ...over,
  };
  return header.map((name) => cells[name]);
}

test('reads valid rows, finding columns by header in any order', () => {
  const reversedHeader = [...header].reverse();
  const rows = [reversedHeader, [...row()].reverse(), [...row({ 起始箱号: 11, 结束箱号: 12, 装箱方式: 'SCAS' })].reverse()];
  const read = readBulkSheet(rows);
  expect(read.errors).toEqual([]);
  expect(read.lines).toHaveLength(2);
  expect(read.lines[0]).toEqual({
    row: 2,
    line: {
      odgItemNo: 'ODG-1001',
      poNo: 'PO-1',
      styleNo: 'ST-9',
      colour: 'BLACK/WHITE',
      factoryCode: 'F01',
      sizeGroup: 'APP',
      sizeBreakdown: { S: 2, M: 4, L: 2 },
      packType: 'SCAS',
      cartonFrom: 1,
      cartonTo: 10,
      nwPerCtn: 8.5,
      gwPerCtn: 9.25,
      ctnL: 60,
      ctnW: 40,
      ctnH: 30,
      destination: 'Los Angeles',
      exFactoryDate: '2025-03-01',
    },
  });
  expect(read.lines[1].row).toBe(3);
});

test('reads the cell shapes an xlsx library gives: dates, serials, rich text, formulas', () => {
  const rows = [
    header,
    row({
      出厂日: new Date(Date.UTC(2025, 2, 1)),
      PO号: { richText: [{ text: 'PO-' }, { text: '1' }] },
      结束箱号: { formula: 'A1+1', result: 10 },
    }),
    row({ 出厂日: 45717, PO号: 'PO-2' }),
    row({ 出厂日: '2025/3/1', PO号: 'PO-3' }),
  ];
  const read = readBulkSheet(rows);
  expect(read.errors).toEqual([]);
  expect(read.lines.map((l) => [l.line.poNo, l.line.exFactoryDate, l.line.cartonTo])).toEqual([
    ['PO-1', '2025-03-01', 10],
    ['PO-2', '2025-03-01', 10],
    ['PO-3', '2025-03-01', 10],
  ]);
});

test('blank rows are skipped, and Excel row numbers are kept', () => {
  const read = readBulkSheet([
    header,
    row(),
    [],
    undefined,
    header.map(() => '  '),
    row({ 起始箱号: 11, 结束箱号: 11, 尺码配比: 'M:4', 装箱方式: '单色单码' }),
  ]);
  expect(read.errors).toEqual([]);
  expect(read.lines.map((l) => l.row)).toEqual([2, 6]);
});

test('every bad row is reported with its row, field and reason, and nothing is accepted', () => {
  const rows = [
    header,
    row(),
    row({ PO号: '', 起始箱号: 11, 结束箱号: 12 }),
    row({ 起始箱号: 'abc', 结束箱号: 30 }),
    row({ 尺码配比: 'S=2,M', 起始箱号: 40, 结束箱号: 41 }),
    row({ 装箱方式: '随便', 起始箱号: 50, 结束箱号: 51 }),
    row({ 出厂日: '2025-02-30', 起始箱号: 60, 结束箱号: 59 }),
    row({ '毛重/箱(kg)': 8, 起始箱号: 70, 结束箱号: 70 }),
  ];
  const read = readBulkSheet(rows);
  // Only the valid row reads as a line (the caller writes nothing while any error stands).
  expect(read.lines.map((line) => line.row)).toEqual([2]);
  expect(read.errors).toEqual([
    { row: 3, field: 'poNo', message: '请输入PO号' },
    { row: 4, field: 'cartonFrom', message: '起始箱号应为数字' },
    { row: 5, field: 'sizeBreakdown', message: '尺码配比“M”格式应为 尺码:件数，如 S:2;M:4' },
    { row: 6, field: 'packType', message: '请选择装箱方式' },
    { row: 7, field: 'exFactoryDate', message: '日期格式应为 YYYY-MM-DD' },
    { row: 7, field: 'cartonTo', message: '结束箱号不能小于起始箱号' },
    { row: 8, field: 'gwPerCtn', message: '毛重不能小于净重' },
  ]);
  expect(read.errors.map(describeRowError)[0]).toBe('第 3 行 PO号：请输入PO号');
});

test('unknown computed fields in the file are ignored, not imported', () => {
  const rows = [
    [...header, '总件数'],
    [...row(), 999],
  ];
  expect(readBulkSheet(rows).lines[0].line).not.toHaveProperty('totalQty');
});

test('overlapping carton ranges of one PO within the file are refused', () => {
  const read = readBulkSheet([header, row(), row({ 起始箱号: 5, 结束箱号: 12 }), row({ PO号: 'PO-2' })]);
  expect(read.lines.map((line) => line.row)).toEqual([2, 3, 4]);
  expect(read.errors).toEqual([{ row: 3, field: 'cartonFrom', message: 'PO PO-1 的箱号 5–12 与第 2 行（1–10）重叠' }]);
});

test('missing headers are reported on row 1', () => {
  const read = readBulkSheet([header.filter((h) => h !== '尺码配比' && h !== 'PO号'), row()]);
  expect(read.errors).toEqual([
    { row: 1, field: 'poNo', message: '缺少列“PO号”' },
    { row: 1, field: 'sizeBreakdown', message: '缺少列“尺码配比”' },
  ]);
});

test('an empty file and a file over the row limit are refused', () => {
  expect(readBulkSheet([header]).errors).toEqual([{ row: 2, message: '文件中没有装箱明细' }]);
  const rows = [
    header,
    ...Array.from({ length: bulkLimits.importMaxRows + 1 }, (_, i) => row({ 起始箱号: i + 1, 结束箱号: i + 1 })),
  ];
  const read = readBulkSheet(rows);
  expect(read.errors).toEqual([
    {
      row: bulkLimits.importMaxRows + 2,
      message: `一次最多导入 ${bulkLimits.importMaxRows} 行，本文件有 ${bulkLimits.importMaxRows + 1} 行`,
    },
  ]);
});

test('every bad row is read in one round; the refusal lists at most importMaxRowErrors and says so', () => {
  const rows = [header, ...Array.from({ length: bulkLimits.importMaxRowErrors + 5 }, () => row({ PO号: '' }))];
  const read = readBulkSheet(rows);
  expect(read.errors).toHaveLength(bulkLimits.importMaxRowErrors + 5);
  const refusal = importRejected(read.errors);
  expect(refusal.rows).toHaveLength(bulkLimits.importMaxRowErrors);
  expect(refusal).toMatchObject({
    errorCode: 'IMPORT_INVALID',
    rowsTruncated: true,
    errorMessage: `至少 ${bulkLimits.importMaxRowErrors} 行有错误，文件未导入`,
  });
  expect(importRejected(read.errors.slice(0, 3))).not.toHaveProperty('rowsTruncated');
});

test('factories and size groups may be written by name or by code', () => {
  const aliases = {
    factoryCode: aliasesOf([{ code: 'F01', name: '宁波一厂' }]),
    sizeGroup: aliasesOf([{ code: 'APP', name: '服装国际码' }]),
  };
  const read = readBulkSheet(
    [
      header,
      row({ 工厂: '宁波一厂', 尺码组: '服装国际码' }),
      row({ 工厂: 'F01', 起始箱号: 20, 结束箱号: 21 }),
      row({ 工厂: '别的厂', 起始箱号: 30, 结束箱号: 31 }),
    ],
    aliases,
  );
  expect(read.lines.map(({ line }) => [line.factoryCode, line.sizeGroup])).toEqual([
    ['F01', 'APP'],
    ['F01', 'APP'],
    // An unknown name stays as written: the server answers that the factory does not exist.
    ['别的厂', 'APP'],
  ]);
});

test('a date cell with a serial beyond Excel’s calendar is a row error, not a crash', () => {
  const read = readBulkSheet([
    header,
    row({ 出厂日: 1e12 }),
    row({ 出厂日: -5, 起始箱号: 20, 结束箱号: 21 }),
    row({ 出厂日: 45_000, 起始箱号: 30, 结束箱号: 31 }),
  ]);
  expect(read.errors).toEqual([
    { row: 2, field: 'exFactoryDate', message: '日期格式应为 YYYY-MM-DD' },
    { row: 3, field: 'exFactoryDate', message: '日期格式应为 YYYY-MM-DD' },
  ]);
  expect(read.lines.map(({ line }) => line.exFactoryDate)).toEqual(['2023-03-15']);
});

test('an exported row reads back as the same line', () => {
  const line = bulkLineFixture({
    type: 'single',
    sizeBreakdown: { L: 2, S: 2 },
    status: 'pendingConsolidation',
    inspectionResult: 'pass',
  });
  const exported = bulkLineToSheetRow(line, ['S', 'M', 'L']);
  const cell = (name: string) => exported[bulkSheetHeader().indexOf(name)];
  expect([cell('出运方式'), cell('装箱方式'), cell('状态'), cell('验针结果'), cell('尺码配比'), cell('总体积(m³)')]).toEqual([
    '散货',
    '单色混码',
    '待拼柜',
    '合格',
    'S:2;L:2',
    3.36,
  ]);
  expect(cell('创建时间')).toEqual(new Date('2025-01-02T08:00:00.000Z'));
  const read = readBulkSheet([bulkSheetHeader(), exported]);
  expect(read.errors).toEqual([]);
  expect(read.lines[0].line).toMatchObject({
    poNo: '4500123456',
    sizeBreakdown: { S: 2, L: 2 },
    packType: 'SCAS',
    exFactoryDate: '2025-03-10',
  });
});

test("the template's example row (its PO number) is left out, and a file of only that row says so", () => {
  const example = row({ PO号: BULK_EXAMPLE_PO_NO });
  const only = readBulkSheet([header, example]);
  expect(only.lines).toEqual([]);
  expect(only.errors).toEqual([
    { row: 2, message: `文件中只有模板的示例行（第 2 行，PO ${BULK_EXAMPLE_PO_NO}），示例行不会导入：请填写装箱明细后再导入` },
  ]);
  const withLine = readBulkSheet([header, example, row()]);
  expect([withLine.errors, withLine.exampleRows, withLine.lines.map((line) => line.row)]).toEqual([[], [2], [3]]);
});
