/**
 * Events that reach Shipdesk from outside (a carrier's or terminal's system pushing DCSA 2.2 JSON) and from a
 * clerk (a milestone entered on the container or B/L page): each is tied to its plan by the container, booking or
 * B/L it names, or refused with a 422 naming the reference Shipdesk does not know.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, or } from 'drizzle-orm';
import { eventOfEntry, resolvePush } from '../../../contract/tnt/build';
import { milestoneTimeProblem, movesDelay } from '../../../contract/tnt/codes';
import type { MilestoneEntry, TntEvent } from '../../../contract/tnt/schema';
import type { SessionUser } from '../../auth/sessionUser';
import type { Db } from '../../db/open';
import { billsOfLading, osbContainers, osbOrders, osbPlans, tntEvents } from '../../db/schema';
import { invalid, notFound } from '../refusals';
import { recordEvents, type NewTntEvent } from './events';
import { followDelay, followDelays } from './delays';
import { milestoneOf } from './timeline';

interface PlanOf {
  planKey: string;
  owner: string;
}
type Found = Map<string, PlanOf>;

/** The references a push names: its boxes, its bookings (carrier's numbers or order keys), its B/Ls. */
function referencesOf(events: readonly TntEvent[]) {
  const boxes = new Set<string>();
  const bookings = new Set<string>();
  const documents = new Set<string>();
  for (const event of events) {
    if (event.eventType === 'EQUIPMENT') boxes.add(event.equipmentReference);
    else if (event.eventType === 'SHIPMENT') (event.documentTypeCode === 'BKG' ? bookings : documents).add(event.documentID);
    else
      for (const reference of event.documentReferences ?? [])
        (reference.documentReferenceType.startsWith('BKG') ? bookings : documents).add(reference.documentReferenceValue);
  }
  return { boxes: [...boxes], bookings: [...bookings], documents: [...documents] };
}

/** The plans of a push's references, in one statement per kind whatever the number of events. */
async function plansNamed(db: Db, events: readonly TntEvent[]) {
  const { boxes, bookings, documents } = referencesOf(events);
  const box: Found = new Map();
  const booking: Found = new Map();
  const document: Found = new Map();
  if (boxes.length) {
    // A number is the box's in use, else its latest: a B/L issued frees it for later bookings.
    const rows = await db
      .select({ no: osbContainers.containerNo, planKey: osbContainers.planKey, owner: osbContainers.owner })
      .from(osbContainers)
      .where(inArray(osbContainers.containerNo, boxes))
      .orderBy(asc(osbContainers.active), asc(osbContainers.createdAt));
    for (const row of rows) box.set(row.no as string, row);
  }
  if (bookings.length) {
    // A refused booking has no carrier's number: its events name the order.
    const rows = await db
      .select({ no: osbOrders.carrierBookingNo, key: osbOrders.key, planKey: osbOrders.planKey, owner: osbOrders.owner })
      .from(osbOrders)
      .where(or(inArray(osbOrders.carrierBookingNo, bookings), inArray(osbOrders.key, bookings)))
      .orderBy(asc(osbOrders.createdAt));
    for (const row of rows) {
      booking.set(row.key, row);
      if (row.no) booking.set(row.no, row);
    }
  }
  if (documents.length) {
    const rows = await db
      .select({ no: billsOfLading.bolNo, planKey: billsOfLading.planKey, owner: billsOfLading.owner })
      .from(billsOfLading)
      .where(inArray(billsOfLading.bolNo, documents));
    for (const row of rows) document.set(row.no, row);
  }
  return { box, booking, document };
}

/**
 * POST /v1/tnt/events: one event or a list, all or none, in one transaction; a repeated eventID with the same
 * content changes nothing. A sailing's event follows its plan's delay to-do.
 */
export async function pushEvents(db: Db, caller: SessionUser, body: TntEvent | TntEvent[]) {
  const now = new Date();
  const found = await plansNamed(db, Array.isArray(body) ? body : [body]);
  const lookup = {
    box: (no: string) => found.box.get(no),
    booking: (no: string) => found.booking.get(no),
    document: (no: string) => found.document.get(no),
  };
  const pushed = resolvePush(body, lookup, now);
  if (Object.keys(pushed.problems).length) throw invalid(pushed.problems);
  const source = caller.roles.includes('system') ? 'system' : 'clerk';
  const resolved: NewTntEvent[] = pushed.resolved.map(({ event, plan }) => ({ event, ...plan, source, createdBy: caller.id }));
  const sailings = resolved.filter((item) => movesDelay(item.event)).map((item) => item.planKey);
  const outcome = await db.transaction(async (tx) => {
    const counted = await recordEvents(tx, resolved);
    await followDelays(tx, sailings, now);
    return counted;
  });
  return { success: true as const, ...outcome };
}

/** The plan's sailing, to fill a clerk's event with its vessel and voyage. */
async function sailingOf(db: Db, planKey: string) {
  const [row] = await db
    .select({ owner: osbPlans.owner, vessel: osbOrders.vessel, voyage: osbOrders.voyage, bookingNo: osbOrders.carrierBookingNo })
    .from(osbPlans)
    .leftJoin(osbOrders, eq(osbOrders.planKey, osbPlans.key))
    .where(eq(osbPlans.key, planKey));
  return row;
}

/** POST /v1/tnt/milestones: a clerk's milestone on a plan's sailing or one of its containers. */
export async function enterMilestone(db: Db, caller: SessionUser, entry: MilestoneEntry) {
  const early = milestoneTimeProblem(entry.classifier, entry.eventDateTime, new Date());
  if (early) throw invalid({ eventDateTime: early });
  const sailing = await sailingOf(db, entry.planKey);
  if (!sailing) throw notFound('订舱计划不存在');
  if (entry.eventType === 'EQUIPMENT') {
    const [container] = await db
      .select({ key: osbContainers.key })
      .from(osbContainers)
      .where(
        and(
          eq(osbContainers.planKey, entry.planKey),
          eq(osbContainers.containerNo, entry.equipmentReference ?? ''),
          isNotNull(osbContainers.containerNo),
        ),
      );
    if (!container) throw invalid({ equipmentReference: `柜号 ${entry.equipmentReference} 不在该订舱计划中` });
  }
  if (entry.supersedes) {
    const [target] = await db
      .select({ planKey: tntEvents.planKey })
      .from(tntEvents)
      .where(eq(tntEvents.eventId, entry.supersedes));
    if (target?.planKey !== entry.planKey) throw invalid({ supersedes: '要更正的节点不在该订舱计划中' });
  }
  const event = eventOfEntry({ eventID: randomUUID(), now: new Date().toISOString() }, entry, {
    bookingNo: sailing.bookingNo ?? '',
    vessel: sailing.vessel ?? '',
    voyage: sailing.voyage ?? '',
  });
  await db.transaction(async (tx) => {
    await recordEvents(tx, [
      {
        event,
        planKey: entry.planKey,
        owner: sailing.owner,
        source: 'clerk',
        createdBy: caller.id,
        remark: entry.remark ?? '',
        supersedes: entry.supersedes,
      },
    ]);
    await followDelay(tx, entry.planKey, new Date());
  });
  return milestoneOf(db, event.eventID);
}
