/**
 * 变更历史 (zod-free and light, for the browser's pages): the business rows whose detail page shows their audit
 * trail, and the one call that reads it. Who may read a row's history is who may read the row (./policies.ts).
 */
import type { Route } from '../shared/endpoint';

export const historyRoutes = {
  get: { method: 'GET', path: '/v1/history/:entity/:key' },
} as const satisfies Record<string, Route>;

/** The rows with a history, by the name the call takes, with what the page calls them. */
export const historyEntityLabels = {
  packing: '装箱明细',
  plan: '订舱计划',
  order: '订舱单',
  container: '柜',
  bol: '提单',
  declaration: '报关交接',
  looseBooking: '散货订舱',
  handover: '订舱交接',
  inspection: '验针记录',
} as const;
export type HistoryEntity = keyof typeof historyEntityLabels;
export const historyEntities = Object.keys(historyEntityLabels) as HistoryEntity[];

/** One changed field of an entry: its Chinese label, the value before and after as the page shows them. */
export interface HistoryChange {
  field: string;
  label: string;
  before: string;
  after: string;
}

/** One audited change of the row: who, when, what it was, and each field it changed. */
export interface HistoryEntry {
  id: string;
  /** ISO 8601 */
  at: string;
  /** 新建, 修改, 扫描收货, …  */
  action: string;
  actorName: string;
  changes: HistoryChange[];
  /** The other rows of the same change (a split's new line, a merge's removed lines). */
  relatedKeys: string[];
}

/** A value that is a time (ISO 8601): the page shows it in the reader's zone. */
export const HISTORY_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** Values longer than this are cut on the page, whole on demand. */
export const HISTORY_SHORT_TEXT = 60;
