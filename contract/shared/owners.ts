/**
 * 客户 and 客户公司 on the rows of the staff's lists (zod-free; the schemas' fields are in common.ts): a row names
 * its owner and the owner's company, and a list's query takes `ownerCompany` (a company's key, from
 * GET /v1/companies) to show one company's rows.
 */
import type { FilterRule } from './listFilters';

export const ownerCompanyLabel = '客户公司';

/** The names a row carries of whom it belongs to ('' for a company when the owner is of staff). */
export interface OwnerNames {
  ownerName: string;
  ownerCompanyName: string;
}
export type OwnerNameField = keyof OwnerNames;

/** The list filter by company, as a resource's filter description spreads it. */
export const ownerCompanyFilter = { ownerCompany: ['ownerCompany', 'equal'] } as const satisfies Record<string, FilterRule>;
