import fc from 'fast-check';
import { containerFreight, type Surcharge } from './codes';
import { toCents } from './split';

const lane = { carrier: 'MSCU', pol: 'CNSHA', pod: 'USLAX', etd: '2026-12-20' };
const surcharges: Surcharge[] = [
  { carrier: '*', pol: 'CNSHA', pod: '*', name: 'THC', amount: 1280, currency: 'CNY' },
  { carrier: 'MSCU', pol: '*', pod: '*', name: '文件费', amount: 45.5, currency: 'USD' },
  { carrier: 'MAEU', pol: '*', pod: '*', name: '旺季附加费', amount: 300, currency: 'USD' },
];
const rates = [
  { month: '2026-12', currency: 'USD', toCny: 7.1234 },
  { month: '2026-11', currency: 'USD', toCny: 7 },
];
const line = (key: string, poNo: string, cbm: number, totalGw: number, totalQty: number) => ({
  key,
  poNo,
  cbm,
  totalGw,
  totalQty,
});

describe('containerFreight', () => {
  it('adds the lane’s surcharges to the locked price and splits each currency to the cent, by CBM or by weight', () => {
    const lines = [line('L1', 'PO1', 10, 1000, 300), line('L2', 'PO1', 5, 3000, 100), line('L3', 'PO2', 5, 1000, 200)];
    const base = { price: { amount: 2000, currency: 'USD' }, lane, surcharges, rates, lines };
    const byCbm = containerFreight({ ...base, basis: 'cbm' });
    expect(byCbm.charges.map((charge) => charge.name)).toEqual(['海运费', 'THC', '文件费']);
    expect(byCbm.totals).toEqual([
      { currency: 'USD', amount: 2045.5 },
      { currency: 'CNY', amount: 1280 },
    ]);
    expect(byCbm.lines.map((l) => l.amounts[0].amount)).toEqual([1022.75, 511.38, 511.37]);
    expect(byCbm.lines.map((l) => l.amounts[1].amount)).toEqual([640, 320, 320]);
    expect(byCbm.pos.map((po) => [po.key, po.amounts[0].amount, po.pieces])).toEqual([
      ['PO1', 1534.13, 400],
      ['PO2', 511.37, 200],
    ]);
    expect(byCbm.cny).toBe(Math.round(2045.5 * 7.1234 * 100) / 100 + 1280);
    expect(byCbm.lines[0].cnyPerPiece).toBe(Math.round(((1022.75 * 7.1234 + 640) / 300) * 100) / 100);
    const byWeight = containerFreight({ ...base, basis: 'gw' });
    expect(byWeight.lines.map((l) => l.amounts[1].amount)).toEqual([256, 768, 256]);
  });

  it('takes the latest rate up to the sailing’s month, and says which currency has none instead of guessing', () => {
    const freight = containerFreight({
      price: { amount: 900, currency: 'EUR' },
      lane,
      surcharges: [],
      rates,
      basis: 'cbm',
      lines: [line('L1', 'PO1', 1, 1, 1)],
    });
    expect([freight.missingRates, freight.cny, freight.lines[0].cny]).toEqual([['EUR'], null, null]);
    const later = containerFreight({
      price: { amount: 100, currency: 'USD' },
      lane: { ...lane, etd: '2027-02-03' },
      surcharges: [],
      rates,
      basis: 'cbm',
      lines: [line('L1', 'PO1', 1, 1, 1)],
    });
    expect([later.ratesUsed, later.cny]).toEqual([[rates[0]], 712.34]);
  });

  it('keeps every currency’s parts adding up to its total for random lines, and again after a line moves', () => {
    const lines = fc.array(
      fc.record({
        cbm: fc.integer({ min: 0, max: 70_000 }),
        gw: fc.integer({ min: 0, max: 30_000_000 }),
        qty: fc.integer({ min: 1, max: 5000 }),
      }),
      { minLength: 1, maxLength: 40 },
    );
    fc.assert(
      fc.property(lines, fc.integer({ min: 1, max: 9_999_999 }), fc.constantFrom('cbm', 'gw'), (drawn, cents, basis) => {
        const held = drawn.map((d, i) => line(`L${i}`, `PO${i % 3}`, d.cbm / 1000, d.gw / 1000, d.qty));
        for (const subset of [held, held.slice(1)]) {
          if (subset.length === 0) continue;
          const freight = containerFreight({
            price: { amount: cents / 100, currency: 'USD' },
            lane,
            surcharges,
            rates,
            basis: basis as 'cbm' | 'gw',
            lines: subset,
          });
          freight.totals.forEach((total, c) => {
            const sum = (shares: typeof freight.lines) => shares.reduce((s, share) => s + toCents(share.amounts[c].amount), 0);
            expect(sum(freight.lines)).toBe(toCents(total.amount));
            expect(sum(freight.pos)).toBe(toCents(total.amount));
          });
        }
      }),
      { numRuns: 300 },
    );
  });
});
