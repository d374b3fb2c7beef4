/**
 * GET /v1/tnt/events as DCSA's GET /v2/events: the events as the standard writes them, oldest first, a page of
 * `limit`, the next one named by an opaque cursor (DCSA's Next-Page header). The cursor carries the filters and
 * where the page ended, never who may read: a customer's pages are of their own plans whatever cursor they send.
 */
import { and, eq, gt, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import { readsAll } from '../../../contract/shared/access';
import { tntAccess, tntLimits, tntListQuerySchema, type TntEventType, type TntListQuery } from '../../../contract/tnt/schema';
import type { SessionUser } from '../../auth/sessionUser';
import type { Db } from '../../db/open';
import { billsOfLading, osbOrders, tntEvents } from '../../db/schema';
import { RuleError } from '../../../contract/shared/ruleError';
import { ownRows } from '../ownership';

type Filters = Omit<TntListQuery, 'cursor'>;
interface Cursor {
  after: number;
  filters: Filters;
}

const badCursor = () => new RuleError(400, 'BAD_QUERY', 'cursor 无效：请使用上一页 Next-Page 给出的地址');

const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

function decodeCursor(text: string): Cursor {
  try {
    const cursor = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Partial<Cursor>;
    // A cursor comes back from the client: its filters are held to the query's schema again.
    const filters = tntListQuerySchema.omit({ cursor: true }).safeParse(cursor.filters);
    if (!Number.isSafeInteger(cursor.after) || !filters.success) throw badCursor();
    return { after: cursor.after as number, filters: filters.data };
  } catch {
    throw badCursor();
  }
}

const createdOperators = {
  'eventCreatedDateTime:gte': gte,
  'eventCreatedDateTime:gt': gt,
  'eventCreatedDateTime:lte': lte,
  'eventCreatedDateTime:lt': lt,
  'eventCreatedDateTime:eq': eq,
  eventCreatedDateTime: eq,
} as const;

function conditions(caller: SessionUser, filters: Filters, after: number): SQL[] {
  const where: SQL[] = [gt(tntEvents.seq, after)];
  if (!readsAll(tntAccess, caller.roles)) where.push(ownRows(tntEvents, caller));
  if (filters.equipmentReference) where.push(eq(tntEvents.equipmentReference, filters.equipmentReference));
  if (filters.carrierBookingReference) {
    const plans = sql`(select ${osbOrders.planKey} from ${osbOrders} where ${osbOrders.carrierBookingNo} = ${filters.carrierBookingReference})`;
    where.push(sql`${tntEvents.planKey} in ${plans}`);
  }
  if (filters.transportDocumentReference) {
    const plans = sql`(select ${billsOfLading.planKey} from ${billsOfLading} where ${billsOfLading.bolNo} = ${filters.transportDocumentReference})`;
    where.push(sql`${tntEvents.planKey} in ${plans}`);
  }
  if (filters.eventType) where.push(inArray(tntEvents.eventType, filters.eventType.split(',') as TntEventType[]));
  for (const [name, operator] of Object.entries(createdOperators)) {
    const value = filters[name as keyof typeof createdOperators];
    if (value) where.push(operator(tntEvents.eventCreatedDateTime, new Date(value)));
  }
  return where;
}

/** A page of events as JSON text, and the cursor of the next page when there is one. */
export async function listTntEvents(db: Db, caller: SessionUser, query: TntListQuery): Promise<{ json: string; next?: string }> {
  const { cursor: cursorText, ...given } = query;
  const cursor = cursorText ? decodeCursor(cursorText) : { after: 0, filters: given };
  const limit = Math.min(cursor.filters.limit ?? tntLimits.defaultPage, tntLimits.maxPage);
  // Each event is answered as it was kept: its JSON text, joined, never parsed here.
  const rows = await db
    .select({ seq: tntEvents.seq, body: sql<string>`${tntEvents.body}::text` })
    .from(tntEvents)
    .where(and(...conditions(caller, cursor.filters, cursor.after)))
    .orderBy(tntEvents.seq)
    .limit(limit + 1);
  const shown = rows.slice(0, limit);
  const next = rows.length > limit ? encodeCursor({ after: shown[shown.length - 1].seq, filters: cursor.filters }) : undefined;
  return { json: `[${shown.map((row) => row.body).join(',')}]`, next };
}
