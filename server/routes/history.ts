/** 变更历史 routes, registered from the endpoint table: a business row's audit trail, read as the row is. */
import type { HistoryEntity } from '../../contract/history/codes';
import { historyAccess } from '../../contract/history/policies';
import { historyEndpoints } from '../../contract/history/schema';
import { historyOf } from '../domain/history';
import { endpointPlugin } from '../http/endpoints';

export const historyRoutes = endpointPlugin(
  historyEndpoints,
  { policy: historyAccess, notFoundMessage: '记录不存在' },
  { get: ({ db, caller, params, query }) => historyOf(db, caller, params.entity as HistoryEntity, params.key, query) },
);
