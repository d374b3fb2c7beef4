/**
 * 运价日历 (price calendar): routes, space levels, limits and the calendar's rules (which sailing can be booked,
 * which is the month's cheapest), without zod: the calendar page runs the same rules as the server.
 */
import type { AccessPolicy } from '../shared/access';
import type { Route } from '../shared/endpoint';
import { siCutoffState } from '../order/codes';
import type { ContainerType } from '../setting/codes';

export const priceRoutes = {
  month: { method: 'GET', path: '/v1/osbPrice' },
  put: { method: 'PUT', path: '/v1/osbPrice' },
  importSheet: { method: 'POST', path: '/v1/osbPrice/import' },
  template: { method: 'GET', path: '/v1/osbPrice/template' },
} as const satisfies Record<string, Route>;

/** Customers and clerks read the calendar; the clerk keeps the prices. */
export const priceAccess: AccessPolicy = {
  read: ['user', 'documentClerk'],
  write: ['documentClerk'],
  readAll: ['user', 'documentClerk'],
  changeAll: ['documentClerk'],
};

/** 舱位: 充足 / 紧张 / 满舱. A full sailing cannot be booked. */
export const spaceLevels = ['ample', 'tight', 'full'] as const;
export type SpaceLevel = (typeof spaceLevels)[number];
export const spaceLabels: Record<SpaceLevel, string> = { ample: '充足', tight: '紧张', full: '满舱' };
export const spaceColors: Record<SpaceLevel, string> = { ample: 'success', tight: 'warning', full: 'error' };

export const currencies = ['USD', 'CNY', 'EUR'] as const;
export type Currency = (typeof currencies)[number];

export const priceLimits = {
  maxAmount: 100_000,
  maxTransitDays: 90,
  /** Prices in one PUT. */
  maxPut: 500,
  /** Rows of one import. */
  maxImportRows: 20_000,
  importMaxBytes: 5 * 1024 * 1024,
};

export const priceFieldLabels = {
  carrier: '船公司',
  pol: '起运港',
  pod: '目的港',
  containerType: '箱型',
  sailingDate: '开船日期',
  amount: '运价',
  currency: '币种',
  space: '舱位',
  transitDays: '航程（天）',
  validUntil: '有效期至',
} as const;

/** The columns of the price workbook, in order: the import reads them, the template and export write them. */
export const priceSheetColumns = [
  'pol',
  'pod',
  'containerType',
  'carrier',
  'sailingDate',
  'amount',
  'currency',
  'space',
  'transitDays',
  'validUntil',
] as const satisfies readonly (keyof typeof priceFieldLabels)[];

export interface PriceDay {
  key: string;
  carrier: string;
  pol: string;
  pod: string;
  containerType: ContainerType;
  sailingDate: string;
  amount: number;
  currency: string;
  space: SpaceLevel;
  transitDays: number;
  validUntil: string | null;
}

/** A price as people read it: `USD 2,100`. */
export const priceText = (amount: number, currency: string) => `${currency} ${amount.toLocaleString('en-US')}`;

/** Why a sailing cannot be booked on `today` (China's date), or undefined when it can. */
export function unbookableReason(price: Pick<PriceDay, 'sailingDate' | 'space' | 'validUntil'>, today: string) {
  if (price.sailingDate < today) return '船期已过';
  if (price.space === 'full') return '满舱';
  if (price.validUntil !== null && price.validUntil < today) return '运价已过期';
  return undefined;
}

/**
 * The month's cheapest bookable sailing: the lowest amount in the currency most of the bookable sailings are
 * priced in (amounts of different currencies are not compared), the earliest of equal ones.
 */
export function cheapestOf<T extends PriceDay>(prices: readonly T[], today: string, siCutoffHours: number): T | undefined {
  const bookable = prices.filter(
    (price) => unbookableReason(price, today) === undefined && !siCutoffState(price.sailingDate, { siCutoffHours }).passed,
  );
  const byCurrency = new Map<string, number>();
  for (const price of bookable) byCurrency.set(price.currency, (byCurrency.get(price.currency) ?? 0) + 1);
  const currency = [...byCurrency.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  return bookable
    .filter((price) => price.currency === currency)
    .reduce<T | undefined>(
      (best, price) =>
        !best || price.amount < best.amount || (price.amount === best.amount && price.sailingDate < best.sailingDate)
          ? price
          : best,
      undefined,
    );
}
