/**
 * The mock's price calendar: the demo sailings of demo/booking.ts, in the mock's one store. Its own module, so that
 * the demo seed (mock/_seed.ts) reads the sailings without importing the tables that load it.
 */
import type { Price } from '../contract/price/schema';
import { demoPrices } from '../demo/booking';
import { shared } from './_store';

export const prices: Price[] = shared('prices', () =>
  demoPrices().map((price, i) => ({
    ...price,
    key: `PR${String(i + 1).padStart(8, '0')}`,
    version: 1,
    updatedAt: new Date().toISOString(),
  })),
);
