/**
 * 搜索 (zod-free and light, for the header): a number someone sent — a PO or ODG item number, a B/L number, a
 * container number, a plan or order key, an SO number, a declaration, an SSCC — found by its start among what the
 * caller may see, grouped by kind, each opening its page.
 */
import { roles } from '../shared/formats';
import type { AccessPolicy } from '../shared/access';
import type { Route } from '../shared/endpoint';

export const searchRoutes = {
  search: { method: 'GET', path: '/v1/search' },
} as const satisfies Record<string, Route>;

/** The kinds of thing found, in the order the header lists them, with what it calls them. */
export const searchKindLabels = {
  po: 'PO / 货号',
  bol: '提单',
  container: '柜',
  plan: '订舱计划',
  order: '订舱单',
  declaration: '报关交接',
  carton: '箱码',
} as const;
export type SearchKind = keyof typeof searchKindLabels;

export const searchLimits = {
  /** Characters a search takes (after trimming); fewer than `minLength` finds nothing. */
  maxLength: 40,
  minLength: 2,
  /** Results per kind. */
  perKind: 5,
} as const;

export interface SearchItem {
  /** The number found, as stored. */
  title: string;
  /** What else tells it apart: the customer, the style, the lane. */
  description: string;
  /** Its status in words. */
  status: string;
  /** The page that shows it. */
  path: string;
}

export interface SearchGroup {
  kind: SearchKind;
  label: string;
  items: SearchItem[];
}

export interface SearchResult {
  q: string;
  groups: SearchGroup[];
}

/** Every business role searches (not the administrator); what each finds is what it reads (./results.ts). */
export const searchAccess: AccessPolicy = { read: roles, write: [], readAll: [], changeAll: [] };
