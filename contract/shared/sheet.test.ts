import { dataRows, dateOf, mapHeader, numberOf, plainCell, textOf } from './sheet';

test('plainCell unwraps library cell objects', () => {
  expect(plainCell({ text: 'link', hyperlink: 'http://x' })).toBe('link');
  expect(plainCell({ richText: [{ text: 'NA' }, { text: 'VY' }] })).toBe('NAVY');
  expect(plainCell({ formula: 'A1*2', result: 4 })).toBe(4);
  expect(plainCell({ error: '#N/A' })).toBeNull();
  expect(plainCell(undefined)).toBeNull();
});

test('numbers and dates as users type them; what cannot be read is left for the schema to refuse', () => {
  expect([numberOf(' 12.5 '), numberOf(3), numberOf(''), numberOf('12kg'), numberOf(true)]).toEqual([
    12.5,
    3,
    undefined,
    NaN,
    NaN,
  ]);
  expect(dateOf('2025/3/1')).toBe('2025-03-01');
  expect(dateOf(45_000)).toBe('2023-03-15');
  expect(dateOf(new Date(Date.UTC(2025, 0, 31)))).toBe('2025-01-31');
  // Beyond Excel's calendar or before its first day: the text, which no date schema accepts.
  expect([dateOf(1e12), dateOf(0), dateOf('31.12.')]).toEqual(['1000000000000', '0', '31.12.']);
  expect(textOf('  PO-1 ')).toBe('PO-1');
});

test('columns are found by header in any order; the missing ones are named', () => {
  const columns = [{ header: 'PO号' }, { header: '款号' }, { header: '颜色' }];
  const { index, missing } = mapHeader([' 款号 ', null, 'PO号', { richText: [{ text: '备注' }] }], columns);
  expect([index.get(columns[0]), index.get(columns[1])]).toEqual([2, 0]);
  expect(missing).toEqual([columns[2]]);
});

test('data rows are those with a value in one of the columns, numbered as Excel numbers them', () => {
  const rows = [['header'], ['a', 'x'], [], undefined, ['', '  ', 'note only'], ['', 'b']];
  expect(dataRows(rows, 2, [0, 1]).map(({ row }) => row)).toEqual([2, 6]);
});
