/**
 * The streaming xlsx writer: what it writes reads back the same — through the product's own bounded reader (an
 * export is a valid import) and through exceljs (as Excel would) — whatever the text holds, in order, at any size.
 */
import { buffer } from 'node:stream/consumers';
import ExcelJS from 'exceljs';
import { readFirstSheet } from './readSheet';
import { sheetStream, type WrittenCell } from './writeSheet';
import { zipEntries } from './zip';

async function* chunks(rows: WrittenCell[][], size: number) {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

const limits = { maxUnpackedBytes: 50 * 1024 * 1024, maxRows: 20_000, maxColumns: 10 };

const header = ['编号', '名称', '数量', '时间', '是否'];
const rows: WrittenCell[][] = [
  ['BD1', '<b>&"引号"</b>', 12.5, new Date('2026-11-26T07:04:05.000Z'), true],
  ['BD2', '  前后空格\n换行  ', -3, null, false],
  ['BD3', 'NUL\u0000和\u0007控制字符', 0, undefined, ''],
];

it('reads back through the product’s reader: text, numbers, times, yes/no, empty cells', async () => {
  const file = await buffer(sheetStream('订舱[计划]', header, chunks(rows, 2)));
  expect(zipEntries(file).map((entry) => entry.name)).toContain('xl/worksheets/sheet1.xml');
  const read = await readFirstSheet(file, limits);
  expect(read[0]).toEqual(header);
  expect(read[1]).toEqual(['BD1', '<b>&"引号"</b>', 12.5, new Date('2026-11-26T07:04:05.000Z'), true]);
  expect(read[2].slice(0, 3)).toEqual(['BD2', '  前后空格\n换行  ', -3]);
  expect(read[2][4]).toBe(false);
  expect(read[3].slice(0, 3)).toEqual(['BD3', 'NUL和控制字符', 0]);
});

it('opens in exceljs with its sheet name, a bold frozen header, and every row in order', async () => {
  const many: WrittenCell[][] = Array.from({ length: 12_345 }, (_, i) => [`K${i}`, `名称 ${i}`, i, null, i % 2 === 0]);
  const file = await buffer(sheetStream('订舱计划', header, chunks(many, 1000)));
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  const [sheet] = workbook.worksheets;
  expect(sheet.name).toBe('订舱计划');
  expect(sheet.rowCount).toBe(12_346);
  expect(sheet.getCell('A1').font?.bold).toBe(true);
  expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  expect(sheet.getRow(12_346).values).toEqual([undefined, 'K12344', '名称 12344', 12344, undefined, true]);
});

it('a failing source ends the stream with its error', async () => {
  async function* failing() {
    yield [['K1']];
    throw new Error('database gone');
  }
  await expect(buffer(sheetStream('x', ['编号'], failing()))).rejects.toThrow('database gone');
});
