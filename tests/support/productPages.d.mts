/** Types of productPages.mjs for the TypeScript browser tests. */
import type { Page } from 'playwright-core';

export interface ProductPage {
  path: string;
  /** false signed out, true the customer `user`, or the demo account's name. */
  signedIn: boolean | string;
  budgetKb: number;
  ready: (page: Page) => Promise<void>;
}
export const productPages: ProductPage[];
