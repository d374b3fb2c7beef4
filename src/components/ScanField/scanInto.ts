import { refusalOf } from './cartonOfScan';
import type { ScanAnswer } from '@contract/carton/schema';
import type { ScanOutcome } from '.';

/**
 * A scan into a place that counts cartons (a handover, a container): the call made with the code as scanned (the
 * server reads it), and what the scan line says — `verb` for a carton counted now, a repeat flagged, a refusal with
 * the server's reason (a wrong check digit among them).
 */
export async function scanInto(
  code: string,
  verb: string,
  call: (sscc: string) => Promise<ScanAnswer | undefined>,
  onAnswer: (answer: ScanAnswer) => void,
): Promise<ScanOutcome> {
  try {
    const answer = await call(code);
    if (!answer) return { ok: false, text: '扫描未完成，请重扫' };
    onAnswer(answer);
    const { carton, line } = answer;
    const where = `PO ${carton.poNo} 第 ${carton.cartonNo} 箱`;
    return answer.outcome === 'received'
      ? { ok: true, text: `${verb}：${where}（本行 ${line.cartonsScanned} / ${line.cartonCount}）` }
      : { ok: false, text: `重复扫描：${where} 已扫过，不重复计数` };
  } catch (error) {
    return { ok: false, text: refusalOf(error, '扫描失败，请重扫') };
  }
}

type Counted = {
  version: number;
  cartonsScanned: number;
  lines: { key: string; cartonsScanned: number; missingCartons: string }[];
};

/**
 * A place's detail after a scan: the scanned line's count and missing numbers, the running count and the place's new
 * version (a scan is a change: the next save of the place sends it). Answers may cross, so each keeps the highest.
 */
export function withScannedLine<D extends Counted>(detail: D, { line, scanned, version }: ScanAnswer): D {
  return {
    ...detail,
    version: Math.max(detail.version, version),
    cartonsScanned: Math.max(detail.cartonsScanned, scanned),
    lines: detail.lines.map((shown) =>
      shown.key === line.key && line.cartonsScanned >= shown.cartonsScanned
        ? { ...shown, cartonsScanned: line.cartonsScanned, missingCartons: line.missingCartons }
        : shown,
    ),
  };
}
