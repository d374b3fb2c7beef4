import { looseFreight, looseRateFor, type LooseRate } from './loose';

const rates: LooseRate[] = [
  { month: '2026-01', forwarder: '*', destination: '*', currency: 'USD', ratePerCbm: 38, minimumCharge: 76 },
  { month: '2026-06', forwarder: '*', destination: '*', currency: 'USD', ratePerCbm: 40, minimumCharge: 80 },
  { month: '2026-01', forwarder: '中外运', destination: '*', currency: 'USD', ratePerCbm: 35, minimumCharge: 70 },
  { month: '2026-01', forwarder: '中外运', destination: 'Hamburg', currency: 'EUR', ratePerCbm: 30, minimumCharge: 60 },
  { month: '2027-01', forwarder: '*', destination: '*', currency: 'USD', ratePerCbm: 50, minimumCharge: 100 },
];
const booking = (forwarder: string, destination: string, cfsCutOff: string, cbm = 1) => ({
  forwarder,
  destination,
  cfsCutOff,
  cbm,
});
const line = (key: string, poNo: string, cbm: number, totalQty = 100) => ({ key, poNo, cbm, totalGw: 1, totalQty });

describe('looseRateFor', () => {
  it('takes the forwarder’s own before *, the destination’s own before *, then the latest month up to the cut-off', () => {
    expect(looseRateFor(rates, booking('中外运', 'Hamburg', '2026-12-01'))?.currency).toBe('EUR');
    expect(looseRateFor(rates, booking('中外运', 'Tokyo', '2026-12-01'))?.ratePerCbm).toBe(35);
    expect(looseRateFor(rates, booking('德迅', 'Tokyo', '2026-12-01'))?.ratePerCbm).toBe(40);
    expect(looseRateFor(rates, booking('德迅', 'Tokyo', '2026-03-31'))?.ratePerCbm).toBe(38);
    expect(looseRateFor(rates, booking('德迅', 'Tokyo', '2025-12-31'))).toBeUndefined();
  });
});

describe('looseFreight', () => {
  const exchange = [{ month: '2026-01', currency: 'USD', toCny: 7.1 }];
  it('charges rate × CBM split by CBM to the cent, in CNY at the cut-off month’s rate', () => {
    const freight = looseFreight({
      booking: booking('德迅', 'Tokyo', '2026-12-01', 3.333),
      looseRates: rates,
      rates: exchange,
      lines: [line('L1', 'PO1', 1.111), line('L2', 'PO1', 1.111), line('L3', 'PO2', 1.111)],
    })!;
    expect(freight.totals).toEqual([{ currency: 'USD', amount: 133.32 }]);
    expect(freight.lines.map((share) => share.amounts[0].amount)).toEqual([44.44, 44.44, 44.44]);
    expect(freight.pos.map((po) => [po.key, po.cny])).toEqual([
      ['PO1', Math.round(88.88 * 7.1 * 100) / 100],
      ['PO2', Math.round(44.44 * 7.1 * 100) / 100],
    ]);
    expect([freight.chargedPer, freight.charges[0].name]).toEqual(['每票', '散货运费 40 USD/m³ × 3.333 m³']);
  });

  it('charges the minimum below it, and nothing where no rate applies', () => {
    const small = looseFreight({
      booking: booking('德迅', 'Tokyo', '2026-12-01', 0.5),
      looseRates: rates,
      rates: exchange,
      lines: [line('L1', 'PO1', 0.5)],
    })!;
    expect([small.totals, small.charges[0].name]).toEqual([
      [{ currency: 'USD', amount: 80 }],
      '散货运费 40 USD/m³ × 0.5 m³（按最低收费）',
    ]);
    expect(
      looseFreight({ booking: booking('德迅', 'Tokyo', '2025-01-01'), looseRates: rates, rates: exchange, lines: [] }),
    ).toBeNull();
  });
});
