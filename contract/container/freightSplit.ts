/**
 * 运费分摊: a container's freight split over its lines by a weight (CBM by default, or gross weight), in whole
 * cents, so that the parts add up to the total exactly: each part is its share rounded down, and the cents left
 * go one each to the largest remainders (Hamilton's largest-remainder method); equal remainders go to the earlier
 * line, so the split is the same every time it is read.
 */

/** Splits `totalCents` (an integer) over `weights` (≥ 0). All weights 0: split evenly. */
export function splitCents(totalCents: number, weights: readonly number[]): number[] {
  if (!Number.isInteger(totalCents)) throw new RangeError(`splitCents: ${totalCents} is not whole cents`);
  if (weights.length === 0) return [];
  const sum = weights.reduce((total, weight) => total + weight, 0);
  const shares = sum > 0 ? weights.map((weight) => weight / sum) : weights.map(() => 1 / weights.length);
  const sign = Math.sign(totalCents) || 1;
  const magnitude = Math.abs(totalCents);
  const exact = shares.map((share) => share * magnitude);
  const parts = exact.map(Math.floor);
  let left = magnitude - parts.reduce((total, part) => total + part, 0);
  const byRemainder = exact
    .map((value, i) => ({ i, remainder: value - parts[i] }))
    .sort((a, b) => b.remainder - a.remainder || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left === 0) break;
    parts[i] += 1;
    left -= 1;
  }
  return parts.map((part) => sign * part + 0);
}

/** An amount of money as whole cents (two decimals; a float's 0.1 + 0.2 rounds to the cent it means). */
export const toCents = (amount: number) => Math.round(amount * 100);
export const fromCents = (cents: number) => cents / 100;
