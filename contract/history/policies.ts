/** Who reads a row's history: who reads the row, by each entity's own access policy. */
import { reads, type AccessPolicy } from '../shared/access';
import { bolAccess } from '../bol/codes';
import { bulkAccess } from '../packing/codes';
import { containerAccess } from '../container/codes';
import { declarationAccess } from '../declaration/codes';
import { inspectionAccess } from '../inspection/codes';
import { handoverAccess, looseAccess } from '../loose/codes';
import { orderAccess } from '../order/codes';
import { planAccess } from '../plan/codes';
import { roles, type Role } from '../shared/formats';
import { RuleError } from '../shared/ruleError';
import type { HistoryEntity } from './codes';

/** Each entity's access policy: its history is read by exactly those who read it. */
export const historyPolicies: Record<HistoryEntity, AccessPolicy> = {
  packing: bulkAccess,
  plan: planAccess,
  order: orderAccess,
  container: containerAccess,
  bol: bolAccess,
  declaration: declarationAccess,
  looseBooking: looseAccess,
  handover: handoverAccess,
  inspection: inspectionAccess,
};

/** The call itself: every business role reaches it; the entity's policy and owner decide (403 / 404). */
export const historyAccess: AccessPolicy = { read: roles, write: [], readAll: [], changeAll: [] };

/** 403 for a caller whose roles do not read `entity` (its owner and key are the entity's own read). */
export function assertReadsHistory(entity: HistoryEntity, roles: readonly Role[]) {
  if (!reads(historyPolicies[entity], roles)) throw new RuleError(403, 'FORBIDDEN', '无权查看该记录的历史');
}
