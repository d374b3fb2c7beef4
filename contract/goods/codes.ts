/**
 * 待拼柜货物 (goods waiting to be consolidated): the customer's 待拼柜 lines by destination and ex-factory week,
 * each group with its figures and the boxes suggested for it (contract/shared/consolidation.ts). Routes, access and
 * labels, without zod: the page reads them at run time.
 */
import type { AccessPolicy } from '../shared/access';
import type { Route } from '../shared/endpoint';

export const goodsRoutes = {
  list: { method: 'GET', path: '/v1/osbGoods' },
} as const satisfies Record<string, Route>;

/** A customer's own goods only: the groups mix no customers. */
export const goodsAccess: AccessPolicy = { read: ['user'], write: [], readAll: [], changeAll: [] };

export const goodsFieldLabels = {
  destination: '目的地',
  week: '出厂周',
  lineCount: '明细',
  cartonCount: '箱数',
  totalQty: '件数',
  cbm: '体积（m³）',
  totalGw: '毛重（kg）',
  suggestion: '建议柜型',
} as const;
