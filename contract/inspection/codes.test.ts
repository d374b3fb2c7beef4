import { calibrationValid, inspectionProblems, recordedLot, requiredQty, sampleSizeFor } from './codes';
import type { RuleError } from '../shared/ruleError';

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
  const lot = { lotQty: 100, lines: [{ cartonFrom: 1, cartonTo: 5 }] };
  const fine = { mode: 'sample' as const, inspectedQty: 20, passedQty: 20, alarmQty: 0, fragments: [], result: 'pass' as const };
  expect(inspectionProblems(fine, lot)).toEqual({});
  expect(Object.keys(inspectionProblems({ ...fine, inspectedQty: 19, passedQty: 19 }, lot))).toEqual(['inspectedQty']);
  expect(inspectionProblems({ ...fine, passedQty: 19, alarmQty: 1, result: 'fail', fragments: [{ cartonNo: 6 }] }, lot)).toEqual({
    'fragments.0.cartonNo': '箱号 6 不在本批明细的箱号范围内',
  });
  expect(Object.keys(inspectionProblems({ ...fine, passedQty: 19, alarmQty: 1 }, lot))).toEqual(['result']);
});

test('a record keeps its lot and calibration only when the figures fit and the detector was calibrated in the hour', () => {
  const lines = [
    { key: 'BD1', owner: 'u', poNo: 'PO1', cartonFrom: 1, cartonTo: 5, totalQty: 60, status: 'pendingInspection' as const },
    { key: 'BD2', owner: 'u', poNo: 'PO1', cartonFrom: 6, cartonTo: 8, totalQty: 40, status: 'pendingInspection' as const },
  ];
  const figures = { detectorId: 'MD-1', mode: 'sample' as const, inspectedQty: 20, passedQty: 20, alarmQty: 0, fragments: [] };
  const calibration = { sensitivityFeMm: 1.1, calibratedAt: new Date(Date.now() - 60_000) };
  expect(recordedLot(lines, { ...figures, result: 'pass' }, calibration)).toEqual({
    poNo: 'PO1',
    owner: 'u',
    lineKeys: ['BD1', 'BD2'],
    lines: lines.map(({ key, cartonFrom, cartonTo, totalQty }) => ({ key, cartonFrom, cartonTo, totalQty })),
    lotQty: 100,
    sampleSize: 20,
    ...calibration,
  });
  const refused = (call: () => unknown) => {
    try {
      call();
    } catch (error) {
      return (error as RuleError).fields;
    }
  };
  const stale = { ...calibration, calibratedAt: new Date(Date.now() - 61 * 60_000) };
  expect(Object.keys(refused(() => recordedLot(lines, { ...figures, inspectedQty: 5, result: 'pass' }, stale)) ?? {})).toEqual([
    'inspectedQty',
    'passedQty',
    'detectorId',
  ]);
  expect(refused(() => recordedLot(lines, { ...figures, result: 'pass' }, undefined))).toEqual({
    detectorId: '验针机 MD-1 最近 60 分钟内没有校准记录，请先校准',
  });
  const pass = { ...figures, result: 'pass' as const };
  expect(refused(() => recordedLot([lines[0], { ...lines[1], poNo: 'PO2' }], pass, calibration))).toEqual({
    lineKeys: '一批验针的明细须属于同一客户的同一 PO',
  });
  expect(() => recordedLot([lines[0], { ...lines[1], status: 'pendingConsolidation' }], pass, calibration)).toThrow(
    '明细 BD2 不是待验针状态',
  );
});
