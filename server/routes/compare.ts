/** 出运对比表 routes, registered from the endpoint table under the clerk's policy. */
import { compareAccess, compareEndpoints, compareFileName } from '../../contract/compare/schema';
import { chinaToday } from '../../contract/plan/codes';
import { compareSummary, compareWorkbook } from '../domain/compare';
import { endpointPlugin, sendXlsx } from '../http/endpoints';

export const compareRoutes = endpointPlugin(
  compareEndpoints,
  { policy: compareAccess, notFoundMessage: '记录不存在' },
  {
    summary: ({ db, query }) => compareSummary(db, query),
    download: async ({ db, query, reply }) => sendXlsx(reply, compareFileName(chinaToday()), compareWorkbook(db, query)),
  },
);
