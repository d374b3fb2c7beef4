/** 变更历史 in the mock: a row's audit trail from its table in the shared store, read as the row is. */
import type { HistoryEntity } from '../contract/history/codes';
import { assertReadsHistory, historyAccess, historyPolicies } from '../contract/history/policies';
import { historyEntry } from '../contract/history/changes';
import { historyEndpoints } from '../contract/history/schema';
import { mockEndpoints } from './_resource';
import { billsOfLading, bulkLines, containers, declarations, inspections, looseBookings, orders, plans } from './_tables';

const tables = {
  packing: bulkLines,
  plan: plans,
  order: orders,
  container: containers,
  bol: billsOfLading,
  declaration: declarations,
  looseBooking: looseBookings,
  handover: looseBookings,
  inspection: inspections,
} satisfies Record<HistoryEntity, unknown>;

export default mockEndpoints(historyEndpoints, historyAccess, '记录不存在', {
  get: ({ user, params, query }) => {
    const entity = params.entity as HistoryEntity;
    assertReadsHistory(entity, user.authority);
    const table = tables[entity];
    table.find(user, [params.key], 'read', historyPolicies[entity]);
    const entries = table.history(params.key);
    const page = entries.slice((query.current - 1) * query.pageSize, query.current * query.pageSize);
    return {
      data: page.map((entry) => historyEntry(entity, entry)),
      total: entries.length,
      success: true,
      current: query.current,
      pageSize: query.pageSize,
    };
  },
});
