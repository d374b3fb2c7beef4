import { ssccFromScan } from './cartonCodes';

// Extension digit 3, company prefix 0614141, serial reference 123456789, and its mod-10 check digit 1.
const sscc = '306141411234567891';

it('reads the 18 digits, the element string a scanner sends and the printed text alike', () => {
  for (const scanned of [sscc, `00${sscc}`, '(00) 3 0614141 123456789 1', ` ${sscc}\n`]) {
    expect(ssccFromScan(scanned)).toEqual({ sscc });
  }
});

it('names the check digit a misread code should have, and refuses what is no SSCC', () => {
  expect(ssccFromScan('306141411234567897')).toEqual({ error: '箱码校验位错误（第 18 位应为 1），请重新扫描' });
  for (const text of ['', '3061414112345678', `01${sscc}`, 'ABCDEFGHIJKLMNOPQR', `0${sscc}`]) {
    expect(ssccFromScan(text)).toEqual({ error: '箱码应为 18 位数字（可带 (00) 前缀）' });
  }
});
