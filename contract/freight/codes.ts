/**
 * 运费 per line and PO of a container: the plan's price per container locked at booking, plus the surcharges the
 * settings keep for its carrier and lane (THC, 文件费, …, each in its currency), split over the container's lines by
 * CBM (the default) or gross weight (the clerk's choice per container), each currency to the cent (split.ts),
 * and the whole in CNY at the rates the clerk keeps for the month of the sailing (the latest month before it while
 * that month has none yet). Read, never stored: a moved line or an approved plan change splits again on the next
 * read. Loose cargo's freight (loose.ts) is split the same way.
 */
import { splitCents, toCents, fromCents, toMilli } from './split';

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
  /** What the charges are for: 每柜 (a container) or 每票 (a loose-cargo booking). */
  chargedPer: '每柜' | '每票';
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
export function byCurrency(items: readonly Money[]): Money[] {
  const cents = new Map<string, number>();
  for (const item of items) cents.set(item.currency, (cents.get(item.currency) ?? 0) + toCents(item.amount));
  return [...cents].map(([currency, total]) => ({ currency, amount: fromCents(total) }));
}

/** An amount in CNY cents at `toCny` (1 for CNY), rounded half up as the database's floor(x + 0.5). */
export const cnyCents = (cents: number, toCny: number) => Math.floor((cents / 100) * toCny * 100 + 0.5);

/** CNY a piece, to the fen; null without an amount or pieces. */
export const perPiece = (cny: number | null, pieces: number) =>
  cny === null || pieces === 0 ? null : Math.round((cny / pieces) * 100) / 100;

function inCny(amounts: readonly Money[], rates: ReadonlyMap<string, number>): number | null {
  let cents = 0;
  for (const { currency, amount } of amounts) {
    const rate = currency === 'CNY' ? 1 : rates.get(currency);
    if (rate === undefined) return null;
    cents += cnyCents(toCents(amount), rate);
  }
  return fromCents(cents);
}

/** The rate of each of `currencies` in `month` (YYYY-MM): its month's, or the latest before; CNY needs none. */
export function ratesFor(currencies: readonly string[], month: string, rates: readonly ExchangeRate[]) {
  const ratesUsed = currencies.flatMap((currency) => {
    const latest = rates
      .filter((rate) => rate.currency === currency && rate.month <= month)
      .sort((a, b) => b.month.localeCompare(a.month))[0];
    return currency === 'CNY' || !latest ? [] : [latest];
  });
  const used = new Set(ratesUsed.map((rate) => rate.currency));
  return { ratesUsed, missingRates: currencies.filter((currency) => currency !== 'CNY' && !used.has(currency)) };
}

export interface FreightLine {
  key: string;
  poNo: string;
  cbm: number;
  totalGw: number;
  totalQty: number;
}

/** The weight a line carries in a split: litres of CBM or grams of gross weight. */
export const freightWeight = (basis: FreightBasis, line: Pick<FreightLine, 'cbm' | 'totalGw'>) =>
  toMilli(basis === 'cbm' ? line.cbm : line.totalGw);

/** `charges` (per container or booking) split by `basis` over `lines` (in loading order), in CNY at `month`'s rates. */
export function splitFreight(input: {
  chargedPer: ContainerFreight['chargedPer'];
  charges: FreightCharge[];
  month: string;
  rates: readonly ExchangeRate[];
  basis: FreightBasis;
  lines: readonly FreightLine[];
}): ContainerFreight {
  const { basis, lines, charges } = input;
  const totals = byCurrency(charges);
  const { ratesUsed, missingRates } = ratesFor(
    totals.map((total) => total.currency),
    input.month,
    input.rates,
  );
  const rates = new Map(ratesUsed.map((rate) => [rate.currency, rate.toCny]));
  const weights = lines.map((line) => freightWeight(basis, line));
  const parts = totals.map((total) => splitCents(toCents(total.amount), weights));
  const share = (key: string, poNo: string, amounts: Money[], pieces: number): FreightShare => {
    const cny = inCny(amounts, rates);
    return {
      key,
      poNo,
      amounts,
      cny,
      cnyPerPiece: perPiece(cny, pieces),
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
  return {
    basis,
    chargedPer: input.chargedPer,
    charges,
    totals,
    ratesUsed,
    missingRates,
    cny: inCny(totals, rates),
    lines: lineShares,
    pos: poShares,
  };
}

/** The charges per container of a plan: its locked price (海运费) and each surcharge of its lane. */
export function containerCharges(
  price: Money,
  lane: { carrier: string; pol: string; pod: string },
  surcharges: readonly Surcharge[],
): FreightCharge[] {
  return [
    { name: '海运费', amount: price.amount, currency: price.currency },
    ...surcharges
      .filter((surcharge) => applies(surcharge, lane))
      .map(({ name, amount, currency }) => ({ name, amount, currency })),
  ];
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
  return splitFreight({
    chargedPer: '每柜',
    charges: containerCharges(input.price, input.lane, input.surcharges),
    month: input.lane.etd.slice(0, 7),
    rates: input.rates,
    basis: input.basis,
    lines: input.lines,
  });
}

/** Why the caller may not set a container's freight basis (only a clerk chooses it), or undefined. */
export function freightBasisRefusal(choosesForAll: boolean, current: FreightBasis, wanted: FreightBasis | undefined) {
  if (wanted === undefined || wanted === current || choosesForAll) return undefined;
  return '运费分摊方式由单证员选择';
}

/** A whole freight without its split: what the list exports write beside a container or booking. */
export interface FreightTotal {
  amounts: Money[];
  cny: number | null;
}

/** `charges` summed by currency, in CNY at `month`'s rates (null without one). */
export function freightTotal(charges: readonly Money[], month: string, rates: readonly ExchangeRate[]): FreightTotal {
  const amounts = byCurrency(charges);
  const { ratesUsed } = ratesFor(
    amounts.map((amount) => amount.currency),
    month,
    rates,
  );
  return { amounts, cny: inCny(amounts, new Map(ratesUsed.map((rate) => [rate.currency, rate.toCny]))) };
}

/** The export cells of a freight: `USD 2,045.50 + CNY 1,280.00`, and the CNY (blank without a rate). */
export const freightCells = (total: FreightTotal | null | undefined): [string, number | null] =>
  total ? [total.amounts.map((amount) => `${amount.currency} ${amount.amount.toFixed(2)}`).join(' + '), total.cny] : ['', null];

/** `total` for `count` containers: each amount and the CNY times `count`, to the cent. */
export const timesFreight = (total: FreightTotal, count: number): FreightTotal => ({
  amounts: total.amounts.map(({ currency, amount }) => ({ currency, amount: fromCents(toCents(amount) * count) })),
  cny: total.cny === null ? null : fromCents(toCents(total.cny) * count),
});

/** What an export's row carries beside its item: its freight (null without a rate or price). */
export type WithFreight<T> = T & { freight?: FreightTotal | null };

/** A line's freight columns in its exports (装箱明细, 装柜清单): its part in CNY and a piece. */
export const lineFreightHeader = ['运费（CNY）', '每件运费（CNY）'];
export const lineFreightCells = (share: { cny: number | null; cnyPerPiece: number | null } | undefined) => [
  share?.cny ?? null,
  share?.cnyPerPiece ?? null,
];
