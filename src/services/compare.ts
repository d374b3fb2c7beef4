/** 出运对比表 calls: the page's figures and the workbook, over one filter. */
import { download } from '@/utils/request';
import { requestRoute } from '@/utils/requestRoute';
import type { CompareQuery, compareEndpoints } from '@contract/compare/schema';
import { compareRoutes } from '@contract/compare/codes';
import type { ResponseOf } from '@contract/shared/endpoint';

/** GET /v1/shipping/bulkdata/compare/summary */
export const queryCompareSummary = (query: CompareQuery) =>
  requestRoute<ResponseOf<(typeof compareEndpoints)['summary']> | undefined>(compareRoutes.summary, { params: query });

/** GET /v1/shipping/bulkdata/compare — the xlsx as the server streams it. */
export const downloadCompare = (query: CompareQuery) =>
  download(compareRoutes.download.path, {
    params: query,
    accept: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    fallbackName: '出运对比表.xlsx',
  });
