import { calibrationValid, inspectionProblems, requiredQty, sampleSizeFor } from './inspectionCodes';

test('sample sizes follow ISO 2859-1 general inspection level II, never more than the lot', () => {
  const table: [number, string, number][] = [
    [1, 'A', 1],
    [2, 'A', 2],
    [8, 'A', 2],
    [9, 'B', 3],
    [25, 'C', 5],
    [26, 'D', 8],
    [90, 'E', 13],
    [150, 'F', 20],
    [151, 'G', 32],
    [480, 'H', 50],
    [1200, 'J', 80],
    [3200, 'K', 125],
    [3201, 'L', 200],
    [35000, 'M', 315],
    [150000, 'N', 500],
    [500000, 'P', 800],
    [500001, 'Q', 1250],
  ];
  for (const [lot, letter, sampleSize] of table) expect([lot, sampleSizeFor(lot)]).toEqual([lot, { letter, sampleSize }]);
  expect(requiredQty('full', 480)).toBe(480);
  expect(requiredQty('sample', 480)).toBe(50);
});

test('a calibration allows inspections for 60 minutes, not before it was made', () => {
  const now = new Date('2026-11-23T10:00:00Z');
  expect(calibrationValid('2026-11-23T09:00:00Z', now)).toBe(true);
  expect(calibrationValid('2026-11-23T08:59:59Z', now)).toBe(false);
  expect(calibrationValid('2026-11-23T10:00:01Z', now)).toBe(false);
});

test('the figures of an inspection against its lot', () => {
  const lot = { lotQty: 100, ranges: [{ cartonFrom: 1, cartonTo: 5 }] };
  const fine = { mode: 'sample' as const, inspectedQty: 20, passedQty: 20, alarmQty: 0, fragments: [], result: 'pass' as const };
  expect(inspectionProblems(fine, lot)).toEqual({});
  expect(Object.keys(inspectionProblems({ ...fine, inspectedQty: 19, passedQty: 19 }, lot))).toEqual(['inspectedQty']);
  expect(inspectionProblems({ ...fine, passedQty: 19, alarmQty: 1, result: 'fail', fragments: [{ cartonNo: 6 }] }, lot)).toEqual({
    'fragments.0.cartonNo': '箱号 6 不在本批明细的箱号范围内',
  });
  expect(Object.keys(inspectionProblems({ ...fine, passedQty: 19, alarmQty: 1 }, lot))).toEqual(['result']);
});
