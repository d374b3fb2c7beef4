/**
 * 箱码 (cartons by their SSCC): reading back the code printed on each carton's sticker (stickerCodes.ts). Routes,
 * access and the reading of a scan, without zod: the scan fields of the pages use them at run time.
 */
import type { AccessPolicy } from './access';
import type { Route } from './endpoint';
import { gs1CheckDigit } from './gs1';
import type { Gs1Prefix } from './stickerCodes';

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
 * scanner sends the element string, people copy the printed text); spaces and brackets are ignored.
 */
export function ssccFromScan(text: string): { sscc: string } | { error: string } {
  const digits = text.replace(/[\s()]/g, '');
  const sscc = digits.length === 20 && digits.startsWith('00') ? digits.slice(2) : digits;
  if (!/^\d{18}$/.test(sscc)) return { error: '箱码应为 18 位数字（可带 (00) 前缀）' };
  const check = gs1CheckDigit(sscc.slice(0, 17));
  if (check !== Number(sscc[17])) return { error: `箱码校验位错误（第 18 位应为 ${check}），请重新扫描` };
  return { sscc };
}

/** The serial reference inside an SSCC printed under `gs1`; undefined when another company prefix printed it. */
export function serialOfSscc(sscc: string, gs1: Gs1Prefix): number | undefined {
  const { companyPrefix, extensionDigit } = gs1;
  if (sscc[0] !== String(extensionDigit) || sscc.slice(1, 1 + companyPrefix.length) !== companyPrefix) return undefined;
  return Number(sscc.slice(1 + companyPrefix.length, 17));
}
