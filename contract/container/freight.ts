/**
 * 运费 per line and PO of a container: the plan's price per container locked at booking, plus the surcharges the
 * settings keep for its carrier and lane (THC, 文件费, …, each in its currency), split over the container's lines by
 * CBM (the default) or gross weight (the clerk's choice per container), each currency to the cent (freightSplit.ts),
 * and the whole in CNY at the rates the clerk keeps for the month of the sailing (the latest month before it while
 * that month has none yet). Read, never stored: a moved line or an approved plan change splits again on the next
 * read.
 */
import { splitCents, toCents, fromCents } from './freightSplit';

export const freightBases = ['cbm', 'gw'] as const;
export type FreightBasis = (typeof freightBases)[number];
export const freightBasisLabels: Record<FreightBasis, string> = { cbm: '按体积', gw: '按毛重' };

/** One surcharge per container of a carrier on a lane (`*` for any carrier, POL or POD). */
export interface Surcharge {
  carrier: string;
  pol: string;
  pod: string;
  name: string;
  amount: number;
  currency: string;
}

/** How many CNY one unit of `currency` was worth in `month` (YYYY-MM). */
export interface ExchangeRate {
  month: string;
  currency: string;
  toCny: number;
}

export interface Money {
  currency: string;
  amount: number;
}

export interface FreightCharge extends Money {
  name: string;
}

export interface FreightShare {
  key: string;
  poNo: string;
  /** Its part of each currency's total. */
  amounts: Money[];
  /** All of it in CNY, or null when a currency has no rate for the month. */
  cny: number | null;
  /** CNY a piece (the line's or PO's pieces), or null. */
  cnyPerPiece: number | null;
  pieces: number;
}

export interface ContainerFreight {
  basis: FreightBasis;
  /** The charges per container: 海运费 and each surcharge that applies. */
  charges: FreightCharge[];
  totals: Money[];
  /** The rates that turn it into CNY, and the currencies that have none up to the sailing's month. */
  ratesUsed: ExchangeRate[];
  missingRates: string[];
  cny: number | null;
  lines: FreightShare[];
  pos: FreightShare[];
}

const applies = (surcharge: Surcharge, lane: { carrier: string; pol: string; pod: string }) =>
  (surcharge.carrier === '*' || surcharge.carrier === lane.carrier) &&
  (surcharge.pol === '*' || surcharge.pol === lane.pol) &&
  (surcharge.pod === '*' || surcharge.pod === lane.pod);

/** Sums money by currency, in the order the currencies first come. */
function byCurrency(items: readonly Money[]): Money[] {
  const cents = new Map<string, number>();
  for (const item of items) cents.set(item.currency, (cents.get(item.currency) ?? 0) + toCents(item.amount));
  return [...cents].map(([currency, total]) => ({ currency, amount: fromCents(total) }));
}

function inCny(amounts: readonly Money[], rates: ReadonlyMap<string, number>): number | null {
  let cents = 0;
  for (const { currency, amount } of amounts) {
    const rate = currency === 'CNY' ? 1 : rates.get(currency);
    if (rate === undefined) return null;
    cents += Math.round(amount * rate * 100);
  }
  return fromCents(cents);
}

interface FreightLine {
  key: string;
  poNo: string;
  cbm: number;
  totalGw: number;
  totalQty: number;
}

/** A container's freight split over `lines` (in loading order). */
export function containerFreight(input: {
  price: Money;
  lane: { carrier: string; pol: string; pod: string; etd: string };
  surcharges: readonly Surcharge[];
  rates: readonly ExchangeRate[];
  basis: FreightBasis;
  lines: readonly FreightLine[];
}): ContainerFreight {
  const { lane, basis, lines } = input;
  const charges: FreightCharge[] = [
    { name: '海运费', ...input.price },
    ...input.surcharges
      .filter((surcharge) => applies(surcharge, lane))
      .map(({ name, amount, currency }) => ({ name, amount, currency })),
  ];
  const totals = byCurrency(charges);
  const month = lane.etd.slice(0, 7);
  const ratesUsed = totals.flatMap(({ currency }) => {
    const latest = input.rates
      .filter((rate) => rate.currency === currency && rate.month <= month)
      .sort((a, b) => b.month.localeCompare(a.month))[0];
    return currency === 'CNY' || !latest ? [] : [latest];
  });
  const rates = new Map(ratesUsed.map((rate) => [rate.currency, rate.toCny]));
  const missingRates = totals.map((total) => total.currency).filter((currency) => currency !== 'CNY' && !rates.has(currency));
  const weights = lines.map((line) => (basis === 'cbm' ? line.cbm : line.totalGw));
  const parts = totals.map((total) => splitCents(toCents(total.amount), weights));
  const share = (key: string, poNo: string, amounts: Money[], pieces: number): FreightShare => {
    const cny = inCny(amounts, rates);
    return {
      key,
      poNo,
      amounts,
      cny,
      cnyPerPiece: cny === null || pieces === 0 ? null : Math.round((cny / pieces) * 100) / 100,
      pieces,
    };
  };
  const lineShares = lines.map((line, i) =>
    share(
      line.key,
      line.poNo,
      totals.map((total, c) => ({ currency: total.currency, amount: fromCents(parts[c][i]) })),
      line.totalQty,
    ),
  );
  const poNos = [...new Set(lines.map((line) => line.poNo))];
  const poShares = poNos.map((poNo) => {
    const ofPo = lineShares.filter((line) => line.poNo === poNo);
    const pieces = lines.filter((line) => line.poNo === poNo).reduce((sum, line) => sum + line.totalQty, 0);
    return share(poNo, poNo, byCurrency(ofPo.flatMap((line) => line.amounts)), pieces);
  });
  return { basis, charges, totals, ratesUsed, missingRates, cny: inCny(totals, rates), lines: lineShares, pos: poShares };
}

/** Why the caller may not set a container's freight basis (only a clerk chooses it), or undefined. */
export function freightBasisRefusal(choosesForAll: boolean, current: FreightBasis, wanted: FreightBasis | undefined) {
  if (wanted === undefined || wanted === current || choosesForAll) return undefined;
  return '运费分摊方式由单证员选择';
}
