/**
 * 箱码 (cartons by their SSCC): reading back the code printed on each carton's sticker (contract/sticker/codes.ts). Routes,
 * access and the reading of a scan, without zod: the scan fields of the pages use them at run time.
 */
import type { AccessPolicy } from '../shared/access';
import type { Route } from '../shared/endpoint';
import { gs1CheckDigit } from '../shared/gs1';
import { RuleError } from '../shared/ruleError';
import type { Gs1Prefix } from '../sticker/codes';

export const cartonRoutes = {
  get: { method: 'GET', path: '/v1/cartons/:sscc' },
} as const satisfies Record<string, Route>;

/** As the stickers: a customer finds their own cartons; the clerk and the inspector anyone's. */
export const cartonAccess: AccessPolicy = {
  read: 'signedIn',
  write: [],
  readAll: ['documentClerk', 'inspector'],
  changeAll: [],
};

export const cartonFieldLabels = {
  sscc: '箱码',
  poNo: 'PO号',
  cartonNo: '箱号',
  lineKey: '明细编号',
  planKey: '订舱计划 / 散货订舱',
  containerKey: '柜',
} as const;

/**
 * A scanned or typed SSCC: 18 digits, with or without its application identifier `(00)` / `00` in front (a
 * scanner sends the element string, people copy the printed text); spaces and brackets are ignored, and so are
 * the GS1-128 symbology identifier `]C1` and the group separator a decoder may put in front.
 */
export function ssccFromScan(text: string): { sscc: string } | { error: string } {
  const digits = text.replace(/^\s*\]C1/, '').replace(/[\s()\x1d]/g, '');
  const sscc = digits.length === 20 && digits.startsWith('00') ? digits.slice(2) : digits;
  if (!/^\d{18}$/.test(sscc)) return { error: '箱码应为 18 位数字（可带 (00) 前缀）' };
  const check = gs1CheckDigit(sscc.slice(0, 17));
  if (check !== Number(sscc[17])) return { error: `箱码校验位错误（第 18 位应为 ${check}），请重新扫描` };
  return { sscc };
}

/**
 * The serial references an SSCC can hold, one for each length a company prefix may have (7–10 digits): a lookup asks
 * for all of them with the setting in one query, and `serialOfSscc` with the setting picks the one.
 */
export const serialReadings = (sscc: string): number[] => [7, 8, 9, 10].map((length) => Number(sscc.slice(1 + length, 17)));

/** The serial reference inside an SSCC printed under `gs1`; undefined when another company prefix printed it. */
export function serialOfSscc(sscc: string, gs1: Gs1Prefix): number | undefined {
  const { companyPrefix, extensionDigit } = gs1;
  if (sscc[0] !== String(extensionDigit) || sscc.slice(1, 1 + companyPrefix.length) !== companyPrefix) return undefined;
  return Number(sscc.slice(1 + companyPrefix.length, 17));
}

/** A run of consecutive carton numbers, first and last. */
export type CartonRun = readonly [number, number];

/** `numbers` (each once) as runs of consecutive numbers, in order. */
export function cartonRuns(numbers: readonly number[]): CartonRun[] {
  const sorted = [...numbers].sort((a, b) => a - b);
  const runs: CartonRun[] = [];
  for (let at = 0; at < sorted.length;) {
    let end = at;
    while (end + 1 < sorted.length && sorted[end + 1] === sorted[end] + 1) end += 1;
    runs.push([sorted[at], sorted[end]]);
    at = end + 1;
  }
  return runs;
}

/** Runs as a clerk reads them: `1–3、7、9–12`. */
export const cartonRunsText = (runs: readonly CartonRun[]) =>
  runs.map(([first, last]) => (first === last ? String(first) : `${first}–${last}`)).join('、');

/** Carton numbers as a clerk reads them: `1–3、7、9–12`, in order. */
export const cartonNumbersText = (numbers: readonly number[]) => cartonRunsText(cartonRuns(numbers));

/** The runs of a line's carton numbers (`from`…`to`) outside `scanned` (runs in order): those not scanned yet. */
export function missingCartonRuns(from: number, to: number, scanned: readonly CartonRun[]): CartonRun[] {
  const missing: CartonRun[] = [];
  let next = from;
  for (const [first, last] of scanned) {
    if (first > next) missing.push([next, Math.min(first - 1, to)]);
    next = Math.max(next, last + 1);
    if (next > to) return missing;
  }
  if (next <= to) missing.push([next, to]);
  return missing;
}

/**
 * A line with its cartons scanned into a place, given as runs in order (what the database answers however many
 * were scanned), and the numbers still missing.
 */
export const scannedLineOfRuns = <L extends { cartonFrom: number; cartonTo: number }>(line: L, runs: readonly CartonRun[]) => ({
  ...line,
  cartonsScanned: runs.reduce((count, [first, last]) => count + last - first + 1, 0),
  missingCartons: cartonRunsText(missingCartonRuns(line.cartonFrom, line.cartonTo, runs)),
});

/** A line with its cartons scanned into a place (`numbers`, each once) and the numbers still missing. */
export const scannedLine = <L extends { cartonFrom: number; cartonTo: number }>(line: L, numbers: readonly number[]) =>
  scannedLineOfRuns(line, cartonRuns(numbers));

/** What a scan did: a carton counted now, or one counted before (flagged, not counted twice). */
export const scanOutcomes = ['received', 'repeated'] as const;
export type ScanOutcomeKind = (typeof scanOutcomes)[number];

/** Where a scanned carton's line is booked, in words: `散货订舱 LB00000012`, `订舱计划 OP00000003`, or not booked. */
export const cartonPlaceText = (planKey: string | null) =>
  planKey === null ? '尚未订舱' : `${planKey.startsWith('LB') ? '散货订舱' : '订舱计划'} ${planKey}`;

/** Which container a scanned carton's line is loaded into, in words. */
export const cartonContainerText = (containerKey: string | null) => (containerKey === null ? '未装柜' : `柜 ${containerKey}`);

/**
 * Refuses (409, with the reason) a carton scanned into a place it does not belong to: `at` is where the carton's line
 * is (its booking or container key), `into` the place scanned into, `label` names it and `where` says where it is.
 */
export function assertCartonBelongs(
  carton: { poNo: string; cartonNo: number },
  at: string | null,
  into: { key: string; label: string; where: string },
): void {
  if (at === into.key) return;
  throw new RuleError(
    409,
    'FOREIGN_CARTON',
    `PO ${carton.poNo} 第 ${carton.cartonNo} 箱不属于${into.label}（${into.where}），请放回`,
  );
}
