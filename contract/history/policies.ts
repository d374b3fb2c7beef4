/** Who reads a row's history: who reads the row, by each entity's own access policy. */
import type { AccessPolicy } from '../access';
import { bolAccess } from '../bolCodes';
import { bulkAccess } from '../bulkCodes';
import { containerAccess } from '../containerCodes';
import { declarationAccess } from '../declarationCodes';
import { inspectionAccess } from '../inspectionCodes';
import { handoverAccess, looseAccess } from '../looseCodes';
import { orderAccess } from '../orderCodes';
import { planAccess } from '../planCodes';
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

/** The call itself: every signed-in role reaches it; the entity's policy and owner decide (403 / 404). */
export const historyAccess: AccessPolicy = { read: 'signedIn', write: [], readAll: [], changeAll: [] };
