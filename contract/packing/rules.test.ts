import { bulkLimits, type BulkStatus, type PackType } from './codes';
import {
  BulkRuleError,
  cartonCountOf,
  cartonFigureProblems,
  computeBulkTotals,
  hasAtMostDecimals,
  isBulkEditable,
  mergeCompatible,
  mergeLines,
  packTypeMatchesSizes,
  packTypeOf,
  splitLine,
  totalsAfterEdit,
  type CartonFigures,
  type MergeableLine,
} from './rules';
import { findOverlaps, rangesOverlap } from './checks';
import { formatSizeBreakdown, parseSizeBreakdown } from '../shared/sizeBreakdownText';

const milli = (value: number) => Math.round(value * 1000);

const figures = (over: Partial<CartonFigures> = {}): CartonFigures => ({
  cartonFrom: 1,
  cartonTo: 10,
  sizeBreakdown: { S: 2, M: 4, L: 2 },
  nwPerCtn: 8.5,
  gwPerCtn: 9.25,
  ctnL: 60,
  ctnW: 40,
  ctnH: 30,
  ...over,
});

function line(over: Partial<MergeableLine> = {}): MergeableLine {
  const base = {
    key: 'L1',
    type: 'multi',
    owner: 'u1',
    odgItemNo: 'ODG-1001',
    poNo: 'PO-1',
    styleNo: 'ST-9',
    colour: 'BLACK/WHITE',
    factoryCode: 'F01',
    sizeGroup: 'APP-INT',
    packType: 'SCAS' as PackType,
    destination: 'Los Angeles',
    exFactoryDate: '2025-03-01',
    status: 'pendingInspection' as BulkStatus,
    inspectionResult: null,
    ...figures(),
    ...over,
  };
  return { ...base, ...computeBulkTotals(base), ...over };
}

describe('computeBulkTotals', () => {
  test('cartons, pieces, weights and volume follow the per-carton figures', () => {
    expect(computeBulkTotals(figures())).toEqual({
      cartonCount: 10,
      qtyPerCarton: 8,
      totalQty: 80,
      totalNw: 85,
      totalGw: 92.5,
      cbm: 0.72,
    });
  });

  test('a one-carton line counts one carton', () => {
    expect(computeBulkTotals(figures({ cartonFrom: 7, cartonTo: 7 })).cartonCount).toBe(1);
  });

  test('weights are exact at gram precision where floating point would drift', () => {
    // 3 × 0.1 is 0.30000000000000004 in floating point; 7 × 1.001 is 7.007 exactly here.
    expect(computeBulkTotals(figures({ cartonFrom: 1, cartonTo: 3, nwPerCtn: 0.1, gwPerCtn: 0.2 })).totalNw).toBe(0.3);
    expect(computeBulkTotals(figures({ cartonFrom: 1, cartonTo: 3, nwPerCtn: 0.1, gwPerCtn: 0.2 })).totalGw).toBe(0.6);
    expect(computeBulkTotals(figures({ cartonFrom: 1, cartonTo: 7, nwPerCtn: 1.001, gwPerCtn: 1.1 })).totalNw).toBe(7.007);
  });

  test('cbm is cartons × L×W×H / 10⁶ rounded half up to 3 decimals, with mm-precise sides', () => {
    // 55 × 38 × 27 = 56 430 cm³ per carton; 3 cartons = 0.16929 m³ → 0.169
    expect(computeBulkTotals(figures({ cartonTo: 3, ctnL: 55, ctnW: 38, ctnH: 27 })).cbm).toBe(0.169);
    // 2 cartons = 0.11286 → 0.113
    expect(computeBulkTotals(figures({ cartonTo: 2, ctnL: 55, ctnW: 38, ctnH: 27 })).cbm).toBe(0.113);
    // 50 × 10 × 1 = 500 cm³ = 0.0005 m³: exactly half a litre rounds up
    expect(computeBulkTotals(figures({ cartonTo: 1, ctnL: 50, ctnW: 10, ctnH: 1 })).cbm).toBe(0.001);
    // sides with one decimal: 58.5 × 38.5 × 30.5 = 68 694.375 cm³ × 4 = 0.2747775 → 0.275
    expect(computeBulkTotals(figures({ cartonTo: 4, ctnL: 58.5, ctnW: 38.5, ctnH: 30.5 })).cbm).toBe(0.275);
  });

  test('the largest line allowed stays within exact integer arithmetic', () => {
    const totals = computeBulkTotals(
      figures({
        cartonFrom: 1,
        cartonTo: bulkLimits.maxCartonsPerLine,
        nwPerCtn: 999.999,
        gwPerCtn: 999.999,
        ctnL: 299.9,
        ctnW: 299.9,
        ctnH: 299.9,
      }),
    );
    expect(totals.totalNw).toBe(9_999_990);
    // 2999³ mm³ × 10 000 = 269 730 089 990 000 mm³ → 269 730.090 m³
    expect(totals.cbm).toBe(269_730.09);
  });

  test('an incomplete or reversed range counts 0 cartons while the form is being typed', () => {
    expect(cartonCountOf({ cartonFrom: 5, cartonTo: 4 })).toBe(0);
    expect(cartonCountOf({ cartonFrom: 5, cartonTo: Number.NaN })).toBe(0);
    const totals = computeBulkTotals(figures({ cartonFrom: 10, cartonTo: 1 }));
    expect(totals).toMatchObject({ cartonCount: 0, totalQty: 0, totalNw: 0, cbm: 0 });
  });

  test('missing or non-positive sizes count as 0 pieces', () => {
    expect(computeBulkTotals(figures({ sizeBreakdown: { S: 3, M: 0, L: Number.NaN } })).qtyPerCarton).toBe(3);
  });
});

describe('cartonFigureProblems', () => {
  test('a sound line has none', () => {
    expect(cartonFigureProblems({ ...figures(), packType: 'SCAS' })).toEqual([]);
  });

  test('a reversed range is refused on cartonTo', () => {
    expect(cartonFigureProblems(figures({ cartonFrom: 10, cartonTo: 9 }))).toEqual([
      { field: 'cartonTo', message: '结束箱号不能小于起始箱号' },
    ]);
  });

  test('more cartons than a line may hold are refused', () => {
    const ok = cartonFigureProblems(figures({ cartonFrom: 1, cartonTo: bulkLimits.maxCartonsPerLine }));
    const tooMany = cartonFigureProblems(figures({ cartonFrom: 1, cartonTo: bulkLimits.maxCartonsPerLine + 1 }));
    expect(ok).toEqual([]);
    expect(tooMany.map((p) => p.field)).toEqual(['cartonTo']);
  });

  test('gross weight below net weight is refused, equal is fine', () => {
    expect(cartonFigureProblems(figures({ nwPerCtn: 9, gwPerCtn: 8.999 }))).toEqual([
      { field: 'gwPerCtn', message: '毛重不能小于净重' },
    ]);
    expect(cartonFigureProblems(figures({ nwPerCtn: 9, gwPerCtn: 9 }))).toEqual([]);
  });

  test('too many pieces in one carton are refused', () => {
    const problems = cartonFigureProblems(figures({ sizeBreakdown: { S: 600, M: 401 } }));
    expect(problems.map((p) => p.field)).toEqual(['sizeBreakdown']);
  });

  test('the pack type must agree with the number of sizes', () => {
    expect(cartonFigureProblems({ ...figures({ sizeBreakdown: { M: 12 } }), packType: 'SCAS' })).toEqual([
      { field: 'packType', message: '混码装箱的尺码配比至少要有两个尺码' },
    ]);
    expect(cartonFigureProblems({ ...figures(), packType: 'ACSS' })).toEqual([
      { field: 'packType', message: '单码装箱的尺码配比只能有一个尺码' },
    ]);
  });
});

describe('pack type', () => {
  test('single size vs mixed sizes decides the size part, the caller the colour part', () => {
    expect(packTypeOf({ M: 12 })).toBe('SCSS');
    expect(packTypeOf({ S: 4, M: 8 })).toBe('SCAS');
    expect(packTypeOf({ M: 12 }, true)).toBe('ACSS');
    expect(packTypeOf({ S: 4, M: 8 }, true)).toBe('ACAS');
    expect(packTypeOf({ S: 0, M: 8 })).toBe('SCSS');
  });

  test('packTypeMatchesSizes checks only the size part', () => {
    expect(packTypeMatchesSizes('ACAS', { S: 1, M: 1 })).toBe(true);
    expect(packTypeMatchesSizes('ACSS', { S: 1, M: 1 })).toBe(false);
    expect(packTypeMatchesSizes('SCSS', { XL: 6 })).toBe(true);
  });
});

describe('hasAtMostDecimals', () => {
  test.each([
    [8.5, 3, true],
    [0.1 + 0.2, 1, true],
    [1.2345, 3, false],
    [30.55, 1, false],
    [Number.NaN, 3, false],
    [Number.POSITIVE_INFINITY, 3, false],
  ])('%p with at most %p decimals → %p', (value, decimals, expected) => {
    expect(hasAtMostDecimals(value, decimals)).toBe(expected);
  });
});

describe('carton range overlaps', () => {
  test('closed ranges: a shared end carton overlaps, touching ranges do not', () => {
    expect(rangesOverlap({ cartonFrom: 1, cartonTo: 10 }, { cartonFrom: 10, cartonTo: 12 })).toBe(true);
    expect(rangesOverlap({ cartonFrom: 1, cartonTo: 10 }, { cartonFrom: 11, cartonTo: 12 })).toBe(false);
    expect(rangesOverlap({ cartonFrom: 5, cartonTo: 5 }, { cartonFrom: 1, cartonTo: 9 })).toBe(true);
    expect(rangesOverlap({ cartonFrom: 1, cartonTo: 9 }, { cartonFrom: 5, cartonTo: 5 })).toBe(true);
    expect(rangesOverlap({ cartonFrom: 3, cartonTo: 3 }, { cartonFrom: 3, cartonTo: 3 })).toBe(true);
  });

  const r = (key: string, poNo: string, cartonFrom: number, cartonTo: number) => ({ key, poNo, cartonFrom, cartonTo });

  test('only lines of the same PO collide', () => {
    expect(findOverlaps([r('a', 'PO-1', 1, 10), r('b', 'PO-2', 1, 10)])).toEqual([]);
    const overlaps = findOverlaps([r('a', 'PO-1', 1, 10), r('b', 'PO-1', 10, 20)]);
    expect(overlaps.map((o) => [o.line.key, o.other.key])).toEqual([['b', 'a']]);
  });

  test('adjacent ranges are fine, a range inside a long earlier one is caught', () => {
    expect(findOverlaps([r('a', 'P', 1, 10), r('b', 'P', 11, 20), r('c', 'P', 21, 21)])).toEqual([]);
    // c lies inside a even though b (between them) does not touch c.
    const overlaps = findOverlaps([r('a', 'P', 1, 100), r('b', 'P', 2, 3), r('c', 'P', 50, 60)]);
    expect(overlaps.map((o) => [o.line.key, o.other.key])).toEqual([
      ['b', 'a'],
      ['c', 'a'],
    ]);
  });

  test('input order does not matter and identical ranges collide', () => {
    const overlaps = findOverlaps([r('late', 'P', 40, 50), r('early', 'P', 1, 45), r('twin', 'P', 40, 50)]);
    const involved = new Set(overlaps.flatMap((o) => [o.line.key, o.other.key]));
    expect(involved).toEqual(new Set(['late', 'early', 'twin']));
  });

  test('checks a 50 000-row import quickly', () => {
    const rows = Array.from({ length: bulkLimits.importMaxRows }, (_, i) => r(`k${i}`, `PO-${i % 500}`, i * 10 + 1, i * 10 + 10));
    rows.push(r('dup', 'PO-7', 75, 75)); // row 7 holds cartons 71–80 of PO-7
    const started = Date.now();
    const overlaps = findOverlaps(rows);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(overlaps.map((o) => [o.line.key, o.other.key])).toEqual([['dup', 'k7']]);
  });
});

describe('splitLine', () => {
  test('the last n cartons become a new line with their own totals', () => {
    const [original, newLine] = splitLine(line({ cartonFrom: 1, cartonTo: 10 }), 3);
    expect(original).toMatchObject({ key: 'L1', cartonFrom: 1, cartonTo: 7, cartonCount: 7, totalQty: 56 });
    expect(newLine).toMatchObject({ cartonFrom: 8, cartonTo: 10, cartonCount: 3, qtyPerCarton: 8, totalQty: 24 });
    expect(newLine.totalNw).toBe(25.5);
    expect(original.totalNw).toBe(59.5);
    expect(newLine).toMatchObject({
      poNo: 'PO-1',
      status: 'pendingInspection',
      owner: 'u1',
      sizeBreakdown: { S: 2, M: 4, L: 2 },
    });
  });

  test('totals of both parts add up exactly, also where cbm rounds', () => {
    // 56 430 cm³ per carton: 3 cartons 0.169, 1 carton 0.056, 2 cartons 0.113 — 0.056 + 0.113 ≠ 0.169.
    const whole = line({ cartonFrom: 1, cartonTo: 3, ctnL: 55, ctnW: 38, ctnH: 27, nwPerCtn: 0.1, gwPerCtn: 0.333 });
    expect(whole.cbm).toBe(0.169);
    const [original, newLine] = splitLine(whole, 2);
    expect(newLine.cbm).toBe(0.113); // the new line's own figure
    expect(original.cbm).toBe(0.056); // the remainder
    for (const field of ['cartonCount', 'totalQty', 'totalNw', 'totalGw', 'cbm'] as const) {
      expect(milli(original[field]) + milli(newLine[field])).toBe(milli(whole[field]));
    }
  });

  test('splitting a line that holds a remainder never leaves a negative figure', () => {
    // 0.0004 m³ per carton: 2 cartons round to 0.001, 1 carton to 0.000.
    const whole = line({ cartonFrom: 1, cartonTo: 2, ctnL: 10, ctnW: 10, ctnH: 4 });
    expect(whole.cbm).toBe(0.001);
    const [original, newLine] = splitLine(whole, 1);
    expect([original.cbm, newLine.cbm]).toEqual([0.001, 0]);
    const [tiny, newTiny] = splitLine({ ...whole, cbm: 0 }, 1);
    expect([tiny.cbm, newTiny.cbm]).toEqual([0, 0]);
  });

  test.each([0, -1, 10, 11, 2.5, Number.NaN])('refuses %p cartons of a 10-carton line', (cartons) => {
    expect(() => splitLine(line(), cartons)).toThrow(BulkRuleError);
    expect(() => splitLine(line(), cartons)).toThrow('拆出箱数应为 1 到 9 之间的整数');
  });

  test('a one-carton line cannot be split', () => {
    expect(() => splitLine(line({ cartonFrom: 4, cartonTo: 4 }), 1)).toThrow('只有一箱的明细不能拆分');
  });

  test('a line in a container or shipped cannot be split', () => {
    for (const status of ['allocated', 'shipped'] as const) {
      try {
        splitLine(line({ status }), 1);
        throw new Error('split was allowed');
      } catch (error) {
        expect((error as BulkRuleError).code).toBe('NOT_EDITABLE');
      }
    }
  });

  test('split then merge gives the original line back', () => {
    const whole = line({ cartonFrom: 11, cartonTo: 23, ctnL: 55.5, ctnW: 38.5, ctnH: 27.5, nwPerCtn: 7.777 });
    const [original, newLine] = splitLine(whole, 5);
    const merged = mergeLines([{ ...newLine, key: 'L2' }, original]);
    expect(merged).toEqual(whole);
  });
});

describe('mergeCompatible / mergeLines', () => {
  const a = line({ key: 'A', cartonFrom: 1, cartonTo: 10 });
  const b = line({ key: 'B', cartonFrom: 11, cartonTo: 15 });
  const c = line({ key: 'C', cartonFrom: 16, cartonTo: 16 });

  test('contiguous lines of the same order and carton figures merge, in any order', () => {
    expect(mergeCompatible([c, a, b])).toEqual({ ok: true });
    const merged = mergeLines([c, a, b]);
    expect(merged).toMatchObject({ key: 'A', cartonFrom: 1, cartonTo: 16, cartonCount: 16, totalQty: 128 });
  });

  test('merged totals are the sums of the parts, exactly', () => {
    const odd = { ctnL: 55, ctnW: 38, ctnH: 27, nwPerCtn: 0.1, gwPerCtn: 0.2 };
    const parts = [
      line({ key: 'A', cartonFrom: 1, cartonTo: 1, ...odd }),
      line({ key: 'B', cartonFrom: 2, cartonTo: 2, ...odd }),
      line({ key: 'C', cartonFrom: 3, cartonTo: 3, ...odd }),
    ];
    const merged = mergeLines(parts);
    // Each carton 0.05643 → 0.056; recomputing 3 cartons would say 0.169 and lose 0.001 of stored volume.
    expect(merged.cbm).toBe(0.168);
    expect(merged.totalNw).toBe(0.3);
    expect(merged.totalGw).toBe(0.6);
    expect(merged.totalQty).toBe(24);
  });

  test.each([
    ['poNo', { poNo: 'PO-2' }, 'PO号不同，不能合并'],
    ['styleNo', { styleNo: 'X' }, '款号不同，不能合并'],
    ['colour', { colour: 'RED' }, '颜色不同，不能合并'],
    ['factoryCode', { factoryCode: 'F02' }, '工厂不同，不能合并'],
    ['sizeGroup', { sizeGroup: 'EU' }, '尺码组不同，不能合并'],
    ['type', { type: 'single' }, '出运方式不同，不能合并'],
    ['owner', { owner: 'u2' }, '所属用户不同，不能合并'],
    ['destination', { destination: 'Hamburg' }, '目的地不同，不能合并'],
    ['status', { status: 'pendingConsolidation' as BulkStatus }, '状态不同，不能合并'],
    ['inspectionResult', { inspectionResult: 'pass' }, '验针结果不同，不能合并'],
    ['sizeBreakdown', { sizeBreakdown: { S: 2, M: 4, L: 3 } }, '尺码配比不同，不能合并'],
    ['nwPerCtn', { nwPerCtn: 8.501 }, '每箱净重或毛重不同，不能合并'],
    ['ctnH', { ctnH: 30.1 }, '外箱尺寸不同，不能合并'],
  ])('a different %s refuses the merge', (_field, change, reason) => {
    expect(mergeCompatible([a, line({ key: 'B', cartonFrom: 11, cartonTo: 15, ...change })])).toEqual({ ok: false, reason });
  });

  test('a gap or an overlap between ranges refuses the merge', () => {
    const gap = line({ key: 'B', cartonFrom: 12, cartonTo: 15 });
    expect(mergeCompatible([a, gap])).toEqual({ ok: false, reason: '箱号不连续（1–10 与 12–15），不能合并' });
    const overlap = line({ key: 'B', cartonFrom: 10, cartonTo: 15 });
    expect(mergeCompatible([a, overlap]).ok).toBe(false);
  });

  test('fewer than two, duplicate keys, frozen lines and oversized results are refused', () => {
    expect(mergeCompatible([a])).toEqual({ ok: false, reason: '至少选择两条明细才能合并' });
    expect(mergeCompatible([a, a])).toEqual({ ok: false, reason: '明细重复' });
    expect(
      mergeCompatible([
        line({ key: 'A', status: 'allocated' }),
        line({ key: 'B', cartonFrom: 11, cartonTo: 11, status: 'allocated' }),
      ]),
    ).toEqual({
      ok: false,
      reason: '已配柜或已出运的明细不能合并',
    });
    const big = line({ key: 'B', cartonFrom: 11, cartonTo: bulkLimits.maxCartonsPerLine + 1 });
    expect(mergeCompatible([a, big])).toEqual({ ok: false, reason: `合并后超过 ${bulkLimits.maxCartonsPerLine} 箱，不能合并` });
    const many = Array.from({ length: bulkLimits.mergeMaxKeys + 1 }, (_, i) =>
      line({ key: `K${i}`, cartonFrom: i + 1, cartonTo: i + 1 }),
    );
    expect(mergeCompatible(many).ok).toBe(false);
  });

  test('mergeLines throws the reason when lines are incompatible', () => {
    expect(() => mergeLines([a, line({ key: 'B', cartonFrom: 11, cartonTo: 12, poNo: 'PO-9' })])).toThrow('PO号不同，不能合并');
  });
});

describe('totalsAfterEdit', () => {
  test('keeps stored totals when range and per-carton figures are unchanged', () => {
    const stored = { ...line(), cbm: 0.721 }; // a split remainder
    expect(totalsAfterEdit(stored, { ...figures() }).cbm).toBe(0.721);
  });

  test('recomputes when a per-carton figure or the range changes', () => {
    const stored = { ...line(), cbm: 0.721 };
    expect(totalsAfterEdit(stored, figures({ ctnH: 31 })).cbm).toBe(0.744);
    expect(totalsAfterEdit(stored, figures({ cartonTo: 11 })).cartonCount).toBe(11);
    expect(totalsAfterEdit(stored, figures({ sizeBreakdown: { S: 2, M: 4, L: 3 } })).totalQty).toBe(90);
  });
});

describe('size breakdown cell', () => {
  test('reads the one-cell format with ASCII or full-width separators', () => {
    expect(parseSizeBreakdown('S:2;M:4;L:2')).toEqual({ ok: true, value: { S: 2, M: 4, L: 2 } });
    expect(parseSizeBreakdown(' 170/92A：3； 175/96A=4 ,XL:1\n')).toEqual({
      ok: true,
      value: { '170/92A': 3, '175/96A': 4, XL: 1 },
    });
    expect(parseSizeBreakdown('S:0;M:5')).toEqual({ ok: true, value: { M: 5 } });
  });

  test.each([
    ['', '尺码配比不能为空'],
    ['S2;M:4', '尺码配比“S2”格式应为 尺码:件数，如 S:2;M:4'],
    ['S:-1', '尺码配比“S:-1”格式应为 尺码:件数，如 S:2;M:4'],
    ['S:1.5', '尺码配比“S:1.5”格式应为 尺码:件数，如 S:2;M:4'],
    ['S:1;S:2', '尺码 S 重复'],
    ['S:0', '尺码配比至少要有一个尺码的件数大于 0'],
  ])('refuses %p', (text, message) => {
    expect(parseSizeBreakdown(text)).toEqual({ ok: false, message });
  });

  test('refuses more sizes than allowed', () => {
    const text = Array.from({ length: bulkLimits.maxSizeEntries + 1 }, (_, i) => `Z${i}:1`).join(';');
    expect(parseSizeBreakdown(text).ok).toBe(false);
  });

  test('writes sizes in the size group order, unknown sizes last, zeros left out', () => {
    expect(formatSizeBreakdown({ L: 2, XXL: 1, S: 2, M: 0 }, ['S', 'M', 'L', 'XL'])).toBe('S:2;L:2;XXL:1');
    const round = parseSizeBreakdown(formatSizeBreakdown({ M: 4, S: 2 }));
    expect(round).toEqual({ ok: true, value: { M: 4, S: 2 } });
  });
});

test('only lines outside containers are editable', () => {
  expect(isBulkEditable('pendingInspection')).toBe(true);
  expect(isBulkEditable('pendingConsolidation')).toBe(true);
  expect(isBulkEditable('allocated')).toBe(false);
  expect(isBulkEditable('shipped')).toBe(false);
});
