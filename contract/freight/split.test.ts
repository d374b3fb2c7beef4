import fc from 'fast-check';
import { splitCents } from './split';

const weights = fc.array(fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 500_000 })), {
  minLength: 1,
  maxLength: 60,
});
const totals = fc.integer({ min: -10_000_000, max: 10_000_000 });

describe('splitCents (largest remainder)', () => {
  it('adds up to the total to the cent, every part within a cent of its exact share', () => {
    fc.assert(
      fc.property(totals, weights, (total, drawn) => {
        const parts = splitCents(total, drawn);
        expect(parts.reduce((sum, part) => sum + part, 0)).toBe(total);
        const sum = drawn.reduce((s, w) => s + w, 0);
        drawn.forEach((weight, i) => {
          const exact = sum > 0 ? (total * weight) / sum : total / drawn.length;
          expect(Math.abs(parts[i] - exact)).toBeLessThan(1 + 1e-6);
        });
      }),
      { numRuns: 500 },
    );
  });

  it('follows a moved line: both containers still add up, and the line takes its share along', () => {
    fc.assert(
      fc.property(totals, totals, weights, weights, fc.nat(), (totalA, totalB, a, b, pick) => {
        const moved = a[pick % a.length];
        const fromA = a.filter((_, i) => i !== pick % a.length);
        const intoB = [...b, moved];
        const sum = (parts: number[]) => parts.reduce((s, p) => s + p, 0);
        if (fromA.length) expect(sum(splitCents(totalA, fromA))).toBe(totalA);
        expect(sum(splitCents(totalB, intoB))).toBe(totalB);
      }),
    );
  });

  it('gives the cents left to the largest remainders, the earlier line on a tie', () => {
    expect(splitCents(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitCents(1000, [2, 1])).toEqual([667, 333]);
    expect(splitCents(-100, [1, 1, 1])).toEqual([-34, -33, -33]);
    expect(splitCents(5, [0, 0])).toEqual([3, 2]);
    expect(() => splitCents(10.5, [1])).toThrow(RangeError);
    expect(() => splitCents(10, [0.5])).toThrow(RangeError);
  });
});
