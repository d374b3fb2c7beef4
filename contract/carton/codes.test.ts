import { RuleError } from '../shared/ruleError';
import {
  assertCartonBelongs,
  cartonNumbersText,
  missingCartonRuns,
  scannedLine,
  serialOfSscc,
  serialReadings,
  ssccFromScan,
} from './codes';
import { receivedCartons } from '../compare/codes';
import { hallScanRefusal } from '../shared/consolidation';

// Extension digit 3, company prefix 0614141, serial reference 123456789, and its mod-10 check digit 1.
const sscc = '306141411234567891';

it('reads the 18 digits, the element string a scanner sends and the printed text alike', () => {
  for (const scanned of [sscc, `00${sscc}`, '(00) 3 0614141 123456789 1', ` ${sscc}\n`, `]C100${sscc}`, `\x1d00${sscc}`]) {
    expect(ssccFromScan(scanned)).toEqual({ sscc });
  }
});

it('names the check digit a misread code should have, and refuses what is no SSCC', () => {
  expect(ssccFromScan('306141411234567897')).toEqual({ error: '箱码校验位错误（第 18 位应为 1），请重新扫描' });
  for (const text of ['', '3061414112345678', `01${sscc}`, 'ABCDEFGHIJKLMNOPQR', `0${sscc}`]) {
    expect(ssccFromScan(text)).toEqual({ error: '箱码应为 18 位数字（可带 (00) 前缀）' });
  }
});

it('writes carton numbers as ranges, and finds the numbers of a line not scanned yet', () => {
  expect(cartonNumbersText([9, 1, 2, 3, 7, 11, 10])).toBe('1–3、7、9–11');
  expect(cartonNumbersText([])).toBe('');
  expect(
    missingCartonRuns(5, 12, [
      [5, 5],
      [7, 8],
      [12, 12],
    ]),
  ).toEqual([
    [6, 6],
    [9, 11],
  ]);
  expect(missingCartonRuns(1, 4, [])).toEqual([[1, 4]]);
  expect(missingCartonRuns(1, 4, [[1, 4]])).toEqual([]);
  expect(missingCartonRuns(1, 9, [[3, 4]])).toEqual([
    [1, 2],
    [5, 9],
  ]);
  expect(scannedLine({ key: 'BD1', cartonFrom: 1, cartonTo: 6 }, [2, 4, 1])).toEqual({
    key: 'BD1',
    cartonFrom: 1,
    cartonTo: 6,
    cartonsScanned: 3,
    missingCartons: '3、5–6',
  });
});

it('refuses a carton scanned into a place it does not belong to, saying where it is', () => {
  const carton = { poNo: 'PO1', cartonNo: 4 };
  expect(() => assertCartonBelongs(carton, 'LB1', { key: 'LB1', label: '本票', where: '' })).not.toThrow();
  const refusal = () => assertCartonBelongs(carton, null, { key: 'LB1', label: '本票散货 LB1', where: '尚未订舱' });
  expect(refusal).toThrow(RuleError);
  expect(refusal).toThrow('PO PO1 第 4 箱不属于本票散货 LB1（尚未订舱），请放回');
});

it('counts a handed-over line by its scans, the typed cartons going to the unscanned ones first in key order', () => {
  const handover = { cartonsHandedOver: 8, cartonsScanned: 5 };
  // 3 typed cartons: the first line has 2 unscanned, the second 4.
  expect(receivedCartons(4, 2, handover, 0)).toBe(4);
  expect(receivedCartons(6, 2, handover, 2)).toBe(3);
  expect(receivedCartons(6, 1, { cartonsHandedOver: 1, cartonsScanned: 1 }, 10)).toBe(1);
  // Nothing scanned: the count from the first line on, the shortfall on the last.
  expect(receivedCartons(10, 0, { cartonsHandedOver: 13, cartonsScanned: 0 }, 0)).toBe(10);
  expect(receivedCartons(5, 0, { cartonsHandedOver: 13, cartonsScanned: 0 }, 10)).toBe(3);
});

it('lets the hall choose by scan only a waiting 拼柜 line, saying why not otherwise', () => {
  const waiting = { type: 'multi', status: 'pendingConsolidation', containerKey: null } as const;
  expect(hallScanRefusal(waiting)).toBeUndefined();
  expect(hallScanRefusal({ ...waiting, type: 'single' })).toBe('是散货，请在散货大厅订舱');
  expect(hallScanRefusal({ ...waiting, status: 'allocated', containerKey: 'CT1' })).toBe('已装入柜 CT1');
  expect(hallScanRefusal({ ...waiting, status: 'pendingInspection' })).toBe('当前为「待验针」，只有待拼柜的明细可以装柜');
});

it('reads the serial an SSCC can hold for each prefix length, the setting picking the one printed here', () => {
  expect(serialReadings(sscc)).toEqual([123456789, 23456789, 3456789, 456789]);
  expect(serialOfSscc(sscc, { companyPrefix: '0614141', extensionDigit: 3 })).toBe(serialReadings(sscc)[0]);
  expect(serialOfSscc(sscc, { companyPrefix: '06141411', extensionDigit: 3 })).toBe(serialReadings(sscc)[1]);
  expect(serialOfSscc(sscc, { companyPrefix: '0614142', extensionDigit: 3 })).toBeUndefined();
});
