/**
 * 变更历史: a business row's audit trail, page by page, as its detail page shows it. Read exactly as the row is:
 * a role outside the entity's policy is refused (403), and the row itself is read first, so another customer's row
 * is a 404 like a missing one.
 */
import type { ListResult } from '../../contract/shared/common';
import type { HistoryEntity, HistoryEntry } from '../../contract/history/codes';
import { assertReadsHistory } from '../../contract/history/policies';
import { historyEntry } from '../../contract/history/changes';
import type { SessionUser } from '../auth/sessionUser';
import { auditCount, auditHistory } from '../db/audit';
import type { Db } from '../db/open';
import { BOL, getBol } from './bol/rows';
import { BULK_ENTITY, getBulkLine } from './packing/lines';
import { ENTITY as CONTAINER, getOpenContainer } from './container/containers';
import { ENTITY as DECLARATION, getDeclaration } from './declaration';
import { ENTITY as INSPECTION, getInspection } from './inspection';
import { ENTITY as LOOSE_BOOKING, getLooseBooking } from './loose';
import { getOrder } from './order';
import { ORDER, PLAN } from './plan/rows';
import { getPlan } from './plan/plans';

type Read = (db: Db, caller: SessionUser, key: string) => Promise<unknown>;

/** Each entity's name in the audit log, and its own read (which refuses a row the caller may not see). */
const sources: Record<HistoryEntity, { audit: string; read: Read }> = {
  packing: { audit: BULK_ENTITY, read: getBulkLine },
  plan: { audit: PLAN, read: getPlan },
  order: { audit: ORDER, read: getOrder },
  container: { audit: CONTAINER, read: getOpenContainer },
  bol: { audit: BOL, read: getBol },
  declaration: { audit: DECLARATION, read: getDeclaration },
  looseBooking: { audit: LOOSE_BOOKING, read: (db, caller, key) => getLooseBooking(db, caller, key) },
  handover: { audit: LOOSE_BOOKING, read: (db, caller, key) => getLooseBooking(db, caller, key, true) },
  inspection: { audit: INSPECTION, read: getInspection },
};

/** GET /v1/history/{entity}/{key} — newest first. */
export async function historyOf(
  db: Db,
  caller: SessionUser,
  entity: HistoryEntity,
  key: string,
  page: { current: number; pageSize: number },
): Promise<ListResult<HistoryEntry>> {
  assertReadsHistory(entity, caller.roles);
  const { audit, read } = sources[entity];
  await read(db, caller, key);
  const [entries, total] = await Promise.all([auditHistory(db, audit, key, page), auditCount(db, audit, key)]);
  const data = entries.map((entry) => historyEntry(entity, entry));
  return { data, total, success: true, current: page.current, pageSize: page.pageSize };
}
