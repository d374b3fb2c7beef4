/**
 * 验针 (needle inspection): routes, codes, Chinese labels, limits and rules, without zod. The browser imports
 * this file at run time (the record form previews the sample size and checks the calibration window with the
 * same functions the server and the mock use); contract/inspection/schema.ts builds the schemas on it.
 */
import type { AccessPolicy } from '../shared/access';
import type { BulkStatus } from '../packing/codes';
import type { Route } from '../shared/endpoint';
import { assertNoProblems, refuse, RuleError } from '../shared/ruleError';

export const inspectionRoutes = {
  list: { method: 'GET', path: '/v1/inspection' },
  export: { method: 'GET', path: '/v1/inspection/export' },
  queue: { method: 'GET', path: '/v1/inspection/queue' },
  calibrations: { method: 'GET', path: '/v1/inspection/calibration' },
  calibrate: { method: 'POST', path: '/v1/inspection/calibration' },
  get: { method: 'GET', path: '/v1/inspection/:key' },
  create: { method: 'POST', path: '/v1/inspection' },
  update: { method: 'PUT', path: '/v1/inspection/:key' },
} as const satisfies Record<string, Route>;

/**
 * Inspectors record (and see every record); clerks read every record; a customer reads the records of their
 * own lines. Only inspectors write.
 */
export const inspectionAccess: AccessPolicy = {
  read: ['inspector', 'documentClerk', 'user'],
  write: ['inspector'],
  readAll: ['inspector', 'documentClerk'],
  changeAll: ['inspector'],
};

/** 检验方式: every piece (全检) or a sample by ISO 2859-1 (抽检). */
export const inspectionModes = ['full', 'sample'] as const;
export type InspectionMode = (typeof inspectionModes)[number];
export const inspectionModeLabels: Record<InspectionMode, string> = { full: '全检', sample: '抽检' };

/** 碎片类型: what the detector found. */
export const fragmentTypes = ['brokenNeedle', 'needle', 'pin', 'staple', 'metal'] as const;
export type FragmentType = (typeof fragmentTypes)[number];
export const fragmentTypeLabels: Record<FragmentType, string> = {
  brokenNeedle: '断针',
  needle: '整针',
  pin: '大头针',
  staple: '订书钉',
  metal: '其他金属',
};

/** The fragments of a record in one line: `断针 12 mm · 第 3 箱；…`, or `—`. */
export const fragmentsText = (fragments: readonly { type: FragmentType; lengthMm: number; cartonNo: number }[]) =>
  fragments.map((f) => `${fragmentTypeLabels[f.type]} ${f.lengthMm} mm · 第 ${f.cartonNo} 箱`).join('；') || '—';

export const inspectionFieldLabels = {
  key: '验针单号',
  poNo: 'PO号',
  lineKeys: '明细',
  cartonFrom: '起始箱号',
  cartonTo: '结束箱号',
  lotQty: '批量（件）',
  mode: '检验方式',
  sampleSize: '样本量',
  detectorId: '验针机编号',
  sensitivityFeMm: '灵敏度（Fe mm）',
  calibratedAt: '校准时间',
  inspectedQty: '检验数量',
  passedQty: '通过数量',
  alarmQty: '报警数量',
  fragments: '碎片',
  result: '验针结果',
  remark: '备注',
  inspectorName: '验针员',
  ownerName: '客户',
  inspectedAt: '验针时间',
} as const;

export const inspectionLimits = {
  /** A detector must have been calibrated within this many minutes before an inspection is recorded. */
  calibrationWindowMinutes: 60,
  /** The Fe test piece of a calibration, mm. */
  minSensitivityFeMm: 1.0,
  maxSensitivityFeMm: 1.2,
  /** Lines in one lot. */
  maxLinesPerLot: 200,
  /** Fragments recorded on one inspection. */
  maxFragments: 50,
  /** A fragment's length, mm. */
  maxFragmentLengthMm: 100,
  remarkMax: 500,
  /** PO groups per page of the queue. */
  queueMaxPageSize: 50,
};

/**
 * ISO 2859-1, general inspection level II: the lot size's upper bound, its sample size code letter and the
 * sample size of single sampling, normal inspection.
 */
const levelTwo: readonly [maxLot: number, letter: string, sample: number][] = [
  [8, 'A', 2],
  [15, 'B', 3],
  [25, 'C', 5],
  [50, 'D', 8],
  [90, 'E', 13],
  [150, 'F', 20],
  [280, 'G', 32],
  [500, 'H', 50],
  [1200, 'J', 80],
  [3200, 'K', 125],
  [10000, 'L', 200],
  [35000, 'M', 315],
  [150000, 'N', 500],
  [500000, 'P', 800],
  [Infinity, 'Q', 1250],
];

/** The code letter and sample size for a lot of `lotQty` pieces; never more than the lot itself. */
export function sampleSizeFor(lotQty: number): { letter: string; sampleSize: number } {
  const [, letter, sample] = levelTwo.find(([maxLot]) => lotQty <= maxLot) ?? levelTwo[levelTwo.length - 1];
  return { letter, sampleSize: Math.min(sample, lotQty) };
}

/** How many pieces must go through the detector: the whole lot (全检) or the sample (抽检). */
export const requiredQty = (mode: InspectionMode, lotQty: number) =>
  mode === 'full' ? lotQty : sampleSizeFor(lotQty).sampleSize;

/** Whether a calibration made at `calibratedAt` still allows recording an inspection at `now`. */
export function calibrationValid(calibratedAt: string | Date, now: Date = new Date()): boolean {
  const age = now.getTime() - new Date(calibratedAt).getTime();
  return age >= 0 && age <= inspectionLimits.calibrationWindowMinutes * 60_000;
}

/** The message of a detector without a calibration in the window. */
export const uncalibratedMessage = (detectorId: string) =>
  `验针机 ${detectorId} 最近 ${inspectionLimits.calibrationWindowMinutes} 分钟内没有校准记录，请先校准`;

export type LotLine = { key: string; owner: string; poNo: string; cartonFrom: number; cartonTo: number; totalQty: number };

/** A lot as its record keeps it: whose PO, the lines as they were, their pieces and the sample size for them. */
export function lotOf(lines: readonly LotLine[]) {
  const lotQty = lines.reduce((sum, line) => sum + line.totalQty, 0);
  return {
    poNo: lines[0].poNo,
    owner: lines[0].owner,
    lineKeys: lines.map((line) => line.key),
    lines: lines.map(({ key, cartonFrom, cartonTo, totalQty }) => ({ key, cartonFrom, cartonTo, totalQty })),
    lotQty,
    sampleSize: sampleSizeFor(lotQty).sampleSize,
  };
}

export interface InspectionFigures {
  mode: InspectionMode;
  inspectedQty: number;
  passedQty: number;
  alarmQty: number;
  fragments: readonly { cartonNo: number }[];
  result: 'pass' | 'fail';
}

/**
 * What is wrong with an inspection's figures for its lot, field → message (empty when fine): enough pieces
 * inspected for the mode, passed + alarms = inspected, no pass with an alarm or a fragment, every fragment in
 * one of the lot's cartons.
 */
export function inspectionProblems(
  figures: InspectionFigures,
  lot: { lotQty: number; lines: readonly { cartonFrom: number; cartonTo: number }[] },
): Record<string, string> {
  const problems: Record<string, string> = {};
  const required = requiredQty(figures.mode, lot.lotQty);
  if (figures.inspectedQty > lot.lotQty) problems.inspectedQty = `检验数量不能超过批量 ${lot.lotQty} 件`;
  else if (figures.inspectedQty < required) {
    problems.inspectedQty =
      figures.mode === 'full'
        ? `全检须检验全部 ${lot.lotQty} 件`
        : `抽检样本量至少 ${required} 件（GB/T 2828.1 一般检验水平 II）`;
  }
  if (figures.passedQty + figures.alarmQty !== figures.inspectedQty) {
    problems.passedQty = '通过数量与报警数量之和应等于检验数量';
  }
  if (figures.result === 'pass' && (figures.alarmQty > 0 || figures.fragments.length > 0)) {
    problems.result = '有报警或发现碎片时不能判定合格';
  }
  figures.fragments.forEach((fragment, i) => {
    if (!lot.lines.some((range) => fragment.cartonNo >= range.cartonFrom && fragment.cartonNo <= range.cartonTo)) {
      problems[`fragments.${i}.cartonNo`] = `箱号 ${fragment.cartonNo} 不在本批明细的箱号范围内`;
    }
  });
  return problems;
}

/**
 * What an inspection's record keeps besides its figures — the lot, and the calibration it stands on — once the
 * lines are one customer's one PO, all 待验针 (else a 409), the figures fit the lot and the detector was calibrated
 * within the window (else a 422 naming each field at fault).
 */
export function recordedLot<C extends { sensitivityFeMm: number; calibratedAt: string | Date }>(
  lines: readonly (LotLine & { status: BulkStatus })[],
  figures: InspectionFigures & { detectorId: string },
  calibration: C | undefined,
) {
  if (lines.some((line) => line.owner !== lines[0].owner || line.poNo !== lines[0].poNo)) {
    refuse({ lineKeys: '一批验针的明细须属于同一客户的同一 PO' });
  }
  const notWaiting = lines.find((line) => line.status !== 'pendingInspection');
  if (notWaiting) throw new RuleError(409, 'NOT_PENDING_INSPECTION', `明细 ${notWaiting.key} 不是待验针状态`);
  const lot = lotOf(lines);
  const problems = inspectionProblems(figures, lot);
  if (!calibration || !calibrationValid(calibration.calibratedAt)) {
    return refuse({ ...problems, detectorId: uncalibratedMessage(figures.detectorId) });
  }
  assertNoProblems(problems);
  // As the caller keeps it (a Date on the server, ISO text in the mock).
  return { ...lot, sensitivityFeMm: calibration.sensitivityFeMm, calibratedAt: calibration.calibratedAt as C['calibratedAt'] };
}
