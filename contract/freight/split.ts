/**
 * 运费分摊: a freight split over lines by a weight (litres of CBM by default, or grams of gross weight), in whole
 * cents, so that the parts add up to the total exactly: each part is its share rounded down, and the cents left
 * go one each to the largest remainders (Hamilton's largest-remainder method); equal remainders go to the earlier
 * line, so the split is the same every time it is read. Weights are whole numbers and the arithmetic is exact
 * (BigInt), so that the database's split of the same lines (server/domain/freight/lines.ts) is the same to the cent.
 */

/** Splits `totalCents` (an integer) over `weights` (whole numbers ≥ 0). All weights 0: split evenly. */
export function splitCents(totalCents: number, weights: readonly number[]): number[] {
  if (!Number.isInteger(totalCents)) throw new RangeError(`splitCents: ${totalCents} is not whole cents`);
  if (weights.some((weight) => !Number.isSafeInteger(weight) || weight < 0)) {
    throw new RangeError('splitCents: weights are whole numbers ≥ 0');
  }
  if (weights.length === 0) return [];
  const sum = weights.reduce((total, weight) => total + weight, 0);
  const units = (sum > 0 ? weights : weights.map(() => 1)).map(BigInt);
  const whole = BigInt(sum > 0 ? sum : weights.length);
  const magnitude = BigInt(Math.abs(totalCents));
  const parts = units.map((unit) => (magnitude * unit) / whole);
  const remainders = units.map((unit) => (magnitude * unit) % whole);
  let left = magnitude - parts.reduce((total, part) => total + part, 0n);
  const byRemainder = remainders
    .map((remainder, i) => ({ i, remainder }))
    .sort((a, b) => (a.remainder === b.remainder ? a.i - b.i : a.remainder > b.remainder ? -1 : 1));
  for (const { i } of byRemainder) {
    if (left === 0n) break;
    parts[i] += 1n;
    left -= 1n;
  }
  const sign = totalCents < 0 ? -1 : 1;
  return parts.map((part) => sign * Number(part) + 0);
}

/** An amount of money as whole cents (two decimals; a float's 0.1 + 0.2 rounds to the cent it means). */
export const toCents = (amount: number) => Math.round(amount * 100);
export const fromCents = (cents: number) => cents / 100;
/** CBM in litres, kilograms in grams: the whole-number weights of a split. */
export const toMilli = (value: number) => Math.round(value * 1000);
