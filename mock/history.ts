/** 变更历史 in the mock: a row's audit trail from its table in the shared store, read as the row is. */
import { reads } from '../contract/access';
import type { HistoryEntity } from '../contract/history/codes';
import { historyAccess, historyPolicies } from '../contract/history/policies';
import { historyActionText, historyChanges } from '../contract/history/changes';
import { historyEndpoints } from '../contract/history/schema';
import { mockEndpoints, refuse } from './_resource';
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
    if (!reads(historyPolicies[entity], user.authority)) throw refuse(403, 'FORBIDDEN', '无权查看该记录的历史');
    const table = tables[entity];
    table.find(user, [params.key], 'read', historyPolicies[entity]);
    const entries = table.history(params.key);
    const page = entries.slice((query.current - 1) * query.pageSize, query.current * query.pageSize);
    return {
      data: page.map((entry) => ({
        id: entry.id,
        at: entry.at,
        action: historyActionText(entry.action, entry.before, entry.after),
        actorName: entry.actorName,
        changes: historyChanges(entity, entry.before, entry.after),
        relatedKeys: entry.relatedKeys ?? [],
      })),
      total: entries.length,
      success: true,
      current: query.current,
      pageSize: query.pageSize,
    };
  },
});
