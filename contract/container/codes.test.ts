import { containerNoProblem, iso6346CheckDigit } from './codes';

test('ISO 6346 check digits of known valid container numbers', () => {
  for (const number of ['CSQU3054383', 'MWCU6059784', 'APZU4812090', 'TASU1170000']) {
    expect([number, iso6346CheckDigit(number.slice(0, 10))]).toEqual([number, Number(number[10])]);
    expect(containerNoProblem(number)).toBeUndefined();
  }
});

test('a remainder of 10 counts as 0', () => {
  // TASU117000: the weighted sum leaves 10 over 11.
  expect(iso6346CheckDigit('TASU117000')).toBe(0);
});

test('a wrong number names the check digit it should have, or the format', () => {
  expect(containerNoProblem('CSQU3054384')).toBe('箱号校验位应为 3（输入的是 4）');
  expect(containerNoProblem('CSQX3054383')).toMatch(/第 4 位为 U、J 或 Z/);
  expect(containerNoProblem('CSQU305438')).toMatch(/7 位数字/);
  expect(containerNoProblem('csqu3054383')).toBeDefined();
});
