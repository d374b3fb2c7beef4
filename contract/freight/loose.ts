/**
 * 散货运费: a loose-cargo booking's freight is its forwarder's rate per CBM for its destination times the booking's
 * CBM, never less than the rate's minimum charge, in the rate's currency; split over the booking's lines by CBM like a
 * container's (codes.ts). The rates are kept in the settings (散货运价) by month: a booking takes the rate of its CFS
 * cut-off's month, or the latest before, the forwarder's own before `*`, the destination's own before `*`.
 */
import {
  freightTotal,
  splitFreight,
  type ContainerFreight,
  type ExchangeRate,
  type FreightLine,
  type FreightTotal,
} from './codes';
import { fromCents, toCents } from './split';

/** One forwarder's (`*`: any) rate to one destination (`*`: any) from `month` on. */
export interface LooseRate {
  month: string;
  forwarder: string;
  destination: string;
  currency: string;
  ratePerCbm: number;
  minimumCharge: number;
}

interface LooseBookingTerms {
  forwarder: string;
  destination: string;
  cfsCutOff: string;
  cbm: number;
}

/** The rate that applies to `booking`, or undefined when the settings have none. */
export function looseRateFor(rates: readonly LooseRate[], booking: Omit<LooseBookingTerms, 'cbm'>): LooseRate | undefined {
  const month = booking.cfsCutOff.slice(0, 7);
  const rank = (rate: LooseRate) => (rate.forwarder === '*' ? 0 : 2) + (rate.destination === '*' ? 0 : 1);
  return rates
    .filter(
      (rate) =>
        rate.month <= month &&
        (rate.forwarder === '*' || rate.forwarder === booking.forwarder) &&
        (rate.destination === '*' || rate.destination === booking.destination),
    )
    .sort((a, b) => rank(b) - rank(a) || b.month.localeCompare(a.month))[0];
}

/** The booking's charge in cents of the rate's currency: rate × CBM to the cent, at least the minimum. */
export const looseChargeCents = (rate: LooseRate, cbm: number) =>
  Math.max(Math.round(rate.ratePerCbm * cbm * 100), toCents(rate.minimumCharge));

/** A loose-cargo booking's freight over its lines (in key order), or null when no rate applies. */
export function looseFreight(input: {
  booking: LooseBookingTerms;
  looseRates: readonly LooseRate[];
  rates: readonly ExchangeRate[];
  lines: readonly FreightLine[];
}): ContainerFreight | null {
  const rate = looseRateFor(input.looseRates, input.booking);
  if (!rate) return null;
  const cents = looseChargeCents(rate, input.booking.cbm);
  const minimum = cents === toCents(rate.minimumCharge) && cents > Math.round(rate.ratePerCbm * input.booking.cbm * 100);
  const name = `散货运费 ${rate.ratePerCbm} ${rate.currency}/m³ × ${input.booking.cbm} m³${minimum ? '（按最低收费）' : ''}`;
  return splitFreight({
    chargedPer: '每票',
    charges: [{ name, amount: fromCents(cents), currency: rate.currency }],
    month: input.booking.cfsCutOff.slice(0, 7),
    rates: input.rates,
    basis: 'cbm',
    lines: input.lines,
  });
}

/** A booking's whole freight, for the list export: null when no rate applies. */
export function looseFreightTotal(
  booking: LooseBookingTerms,
  looseRates: readonly LooseRate[],
  rates: readonly ExchangeRate[],
): FreightTotal | null {
  const rate = looseRateFor(looseRates, booking);
  if (!rate) return null;
  const amount = fromCents(looseChargeCents(rate, booking.cbm));
  return freightTotal([{ currency: rate.currency, amount }], booking.cfsCutOff.slice(0, 7), rates);
}
