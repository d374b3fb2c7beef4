/** GS1's arithmetic, shared by the stickers that print codes and the scan fields that read them back. */

/** GS1's mod-10 check digit of a digit string (GTIN, SSCC…): weights 3 and 1 alternately from the right. */
export function gs1CheckDigit(digits: string): number {
  if (!/^\d+$/.test(digits)) throw new Error(`not a digit string: ${digits}`);
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) sum += Number(digits[digits.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
}
