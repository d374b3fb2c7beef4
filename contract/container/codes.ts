/**
 * 柜 (the containers of a booking plan): routes, access, labels and the ISO 6346 container number check, without
 * zod: the container form checks the number as the server does.
 */
import type { AccessPolicy } from '../shared/access';
import type { Route } from '../shared/endpoint';

export const containerRoutes = {
  list: { method: 'GET', path: '/v1/osbContainer' },
  export: { method: 'GET', path: '/v1/osbContainer/export' },
  get: { method: 'GET', path: '/v1/osbContainer/:key' },
  loadList: { method: 'GET', path: '/v1/osbContainer/:key/loadList' },
  loadPlan: { method: 'GET', path: '/v1/osbContainer/:key/loadPlan' },
  loadPlanPdf: { method: 'GET', path: '/v1/osbContainer/:key/loadPlan/pdf' },
  freight: { method: 'GET', path: '/v1/osbContainer/:key/freight' },
  create: { method: 'POST', path: '/v1/osbplan/:planKey/container' },
  update: { method: 'PUT', path: '/v1/osbplan/:planKey/container/:key' },
  remove: { method: 'DELETE', path: '/v1/osbplan/:planKey/container/:key' },
  scan: { method: 'POST', path: '/v1/osbContainer/:key/scans' },
} as const satisfies Record<string, Route>;

/**
 * The customer adds the containers of their confirmed plans and enters numbers and seals; the clerk may do so
 * for any plan (the carrier often tells the clerk the numbers).
 */
export const containerAccess: AccessPolicy = {
  read: ['user', 'documentClerk'],
  write: ['user', 'documentClerk'],
  readAll: ['documentClerk'],
  changeAll: ['documentClerk'],
};

export const containerFieldLabels = {
  key: '柜编号',
  containerType: '箱型',
  containerNo: '箱号',
  sealNo: '封号',
  tareKg: '皮重（kg）',
  vgmKg: 'VGM（kg）',
  cbmCapacity: '容量（m³）',
  payloadKg: '载重（kg）',
  cartonsScanned: '已扫描箱数',
} as const;

/** The ISO 6346 value of each letter, A–Z (11, 22 and 33 are skipped). */
const LETTER_VALUES: Record<string, number> = (() => {
  const values: Record<string, number> = {};
  let value = 10;
  for (let code = 65; code <= 90; code += 1) {
    if (value % 11 === 0) value += 1;
    values[String.fromCharCode(code)] = value;
    value += 1;
  }
  return values;
})();

/** The check digit of the first ten characters of a container number (owner code, category, serial). */
export function iso6346CheckDigit(first10: string): number {
  let sum = 0;
  for (let i = 0; i < 10; i += 1) {
    const char = first10[i];
    const value = /\d/.test(char) ? Number(char) : LETTER_VALUES[char];
    sum += value * 2 ** i;
  }
  // A remainder of 10 counts as 0 (such numbers are valid, if avoided by owners).
  return (sum % 11) % 10;
}

/**
 * Why `containerNo` is not an ISO 6346 container number, or undefined: owner code (3 letters), category U, J
 * or Z, six digits, and the check digit, which is named when wrong.
 */
export function containerNoProblem(containerNo: string): string | undefined {
  if (!/^[A-Z]{3}[UJZ]\d{7}$/.test(containerNo)) return '箱号应为 4 个字母（第 4 位为 U、J 或 Z）加 7 位数字，如 CSQU3054383';
  const expected = iso6346CheckDigit(containerNo.slice(0, 10));
  const given = Number(containerNo[10]);
  return expected === given ? undefined : `箱号校验位应为 ${expected}（输入的是 ${given}）`;
}

/** A loaded line as the container page and its load list show it. */
export interface LoadedLine {
  key: string;
  poNo: string;
  styleNo: string;
  colour: string;
  cartonFrom: number;
  cartonTo: number;
  cartonCount: number;
  totalQty: number;
  totalNw: number;
  totalGw: number;
  cbm: number;
  destination: string;
}

/** The load list's file name: `装柜清单-CSQU3054383.xlsx` (the box's key until it has a number). */
export const loadListFileName = (box: { key: string; containerNo: string | null }) =>
  `装柜清单-${box.containerNo ?? box.key}.xlsx`;
