/** 变更历史 calls, built from the endpoint table's route and typed with its schemas. */
import { requestRoute } from '@/utils/requestRoute';
import type { ListResult } from '@contract/shared/common';
import { historyRoutes, type HistoryEntity, type HistoryEntry } from '@contract/history/codes';

/** GET /v1/history/{entity}/{key} — a page of the row's changes, newest first. */
export const queryHistory = (entity: HistoryEntity, key: string, params: { current: number; pageSize: number }) =>
  requestRoute<ListResult<HistoryEntry> | undefined>(historyRoutes.get, { pathParams: { entity, key }, params });
