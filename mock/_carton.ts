/**
 * Cartons by their SSCC in the mock, from the serials the mock's stickers gave (mock/sticker.ts), and the scans of
 * cartons into a place (a handover, a container): both in the one store, for every mock file that reads them.
 */
import { cartonOf, serialOfSscc, type Carton } from '../contract/carton/schema';
import { demoSizeGroups } from '../demo/lookups';
import { refuse } from './_resource';
import { shared } from './_store';
import { billsOfLading, bulkLines, valueOf } from './_tables';

/** `owner/poNo/cartonNo` → the serial its first sticker gave. */
export const stickerSerials = () => shared('stickerSerials', () => new Map<string, number>());

/** Carton numbers scanned into a place, by place and line: `place` → line key → numbers. */
export const cartonScans = () => shared('cartonScans', () => new Map<string, Map<string, number[]>>());

/** The carton of `sscc` with its line's owner, or a 404 naming the code. */
export function cartonOfSscc(sscc: string): Carton & { owner: string } {
  const gs1 = valueOf('gs1');
  const serial = serialOfSscc(sscc, gs1);
  const carton = [...stickerSerials()].find(([, given]) => given === serial)?.[0];
  const [owner, poNo, cartonText] = carton?.split('/') ?? [];
  const cartonNo = Number(cartonText);
  const line = bulkLines.rows.find(
    (row) => row.owner === owner && row.poNo === poNo && row.cartonFrom <= cartonNo && cartonNo <= row.cartonTo,
  );
  if (!line) throw refuse(404, 'NOT_FOUND', `没有箱码 ${sscc} 的箱`);
  const sizeOrder = demoSizeGroups.find((group) => group.code === line.sizeGroup)?.sizes ?? [];
  const bol = billsOfLading.rows.find((row) => line.planKey && row.planKey === line.planKey);
  return { ...cartonOf(sscc, gs1, { poNo, cartonNo }, line, sizeOrder, bol?.key ?? null), owner };
}

/** Records a carton scanned into `place`: true when it was not there yet. */
export function recordScan(place: string, carton: Carton): boolean {
  const byLine = cartonScans().get(place) ?? cartonScans().set(place, new Map()).get(place)!;
  const numbers = byLine.get(carton.lineKey) ?? byLine.set(carton.lineKey, []).get(carton.lineKey)!;
  if (numbers.includes(carton.cartonNo)) return false;
  numbers.push(carton.cartonNo);
  return true;
}

/** The carton numbers of `lineKey` scanned into `place`. */
export const scannedNumbers = (place: string, lineKey: string) => cartonScans().get(place)?.get(lineKey) ?? [];

/** Forgets the scans of `lineKeys` in `place` (the lines left it); answers how many cartons were scanned. */
export function forgetScans(place: string, lineKeys: readonly string[]): number {
  const byLine = cartonScans().get(place);
  return lineKeys.reduce((forgotten, lineKey) => {
    const numbers = byLine?.get(lineKey) ?? [];
    byLine?.delete(lineKey);
    return forgotten + numbers.length;
  }, 0);
}
