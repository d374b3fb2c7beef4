/**
 * Events that reach Shipdesk from outside (a carrier's or terminal's system pushing DCSA 2.2 JSON) and from a
 * clerk (a milestone entered on the container or B/L page): each is tied to its plan by the container, booking or
 * B/L it names, or refused with a 422 naming the reference Shipdesk does not know.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNotNull, ne, or } from 'drizzle-orm';
import { equipmentEvent, transportEvent, type Sailing } from '../../../contract/tnt/build';
import { milestoneTimeProblem, type EquipmentEventCode, type TransportEventCode } from '../../../contract/tnt/codes';
import type { MilestoneEntry, TntEvent } from '../../../contract/tnt/schema';
import type { SessionUser } from '../../auth/sessionUser';
import type { Db } from '../../db/open';
import { billsOfLading, osbContainers, osbOrders, osbPlans, tntEvents } from '../../db/schema';
import { invalid, notFound } from '../refusals';
import { recordEvents, type NewTntEvent } from './events';
import { followDelay } from './delays';
import { milestoneOf } from './timeline';

interface PlanOf {
  planKey: string;
  owner: string;
}

async function planOfContainer(db: Db, containerNo: string): Promise<PlanOf | undefined> {
  const [row] = await db
    .select({ planKey: osbContainers.planKey, owner: osbContainers.owner })
    .from(osbContainers)
    .where(eq(osbContainers.containerNo, containerNo))
    .orderBy(desc(osbContainers.active), desc(osbContainers.createdAt))
    .limit(1);
  return row;
}

async function planOfBooking(db: Db, bookingNo: string): Promise<PlanOf | undefined> {
  const [row] = await db
    .select({ planKey: osbOrders.planKey, owner: osbOrders.owner })
    .from(osbOrders)
    // A refused booking has no carrier's number: its events name the order.
    .where(or(and(eq(osbOrders.carrierBookingNo, bookingNo), ne(osbOrders.carrierBookingNo, '')), eq(osbOrders.key, bookingNo)))
    .orderBy(desc(osbOrders.createdAt))
    .limit(1);
  return row;
}

async function planOfDocument(db: Db, bolNo: string): Promise<PlanOf | undefined> {
  const [row] = await db
    .select({ planKey: billsOfLading.planKey, owner: billsOfLading.owner })
    .from(billsOfLading)
    .where(eq(billsOfLading.bolNo, bolNo))
    .limit(1);
  return row;
}

/** The plan an event belongs to, or the field and words of the reference that names none. */
async function planOfEvent(db: Db, event: TntEvent): Promise<PlanOf | { field: string; message: string }> {
  if (event.eventType === 'EQUIPMENT') {
    return (
      (await planOfContainer(db, event.equipmentReference)) ?? {
        field: 'equipmentReference',
        message: `柜号 ${event.equipmentReference} 不属于任何订舱计划`,
      }
    );
  }
  if (event.eventType === 'SHIPMENT') {
    const found =
      event.documentTypeCode === 'BKG' ? await planOfBooking(db, event.documentID) : await planOfDocument(db, event.documentID);
    const what = event.documentTypeCode === 'BKG' ? '订舱号' : '提单号';
    return found ?? { field: 'documentID', message: `${what} ${event.documentID} 不存在` };
  }
  for (const reference of event.documentReferences ?? []) {
    const value = reference.documentReferenceValue;
    const found = reference.documentReferenceType.startsWith('BKG')
      ? await planOfBooking(db, value)
      : await planOfDocument(db, value);
    if (found) return found;
  }
  const named = (event.documentReferences ?? []).map((reference) => reference.documentReferenceValue).join('、');
  return {
    field: 'documentReferences',
    message: named ? `订舱号或提单号 ${named} 不存在` : '运输事件须在 documentReferences 中写明订舱号（BKG）或提单号（TRD）',
  };
}

/**
 * POST /v1/tnt/events: one event or a list, all or none, in one transaction; a repeated eventID with the same
 * content changes nothing.
 */
export async function pushEvents(db: Db, caller: SessionUser, body: TntEvent | TntEvent[]) {
  const events = Array.isArray(body) ? body : [body];
  const resolved: NewTntEvent[] = [];
  const problems: Record<string, string> = {};
  const now = new Date();
  const pathOf = (index: number, field: string) => (Array.isArray(body) ? `${index}.${field}` : field);
  for (const [index, event] of events.entries()) {
    const early = milestoneTimeProblem(event.eventClassifierCode, event.eventDateTime, now);
    if (early) problems[pathOf(index, 'eventDateTime')] = early;
    const plan = await planOfEvent(db, event);
    if ('field' in plan) problems[pathOf(index, plan.field)] = plan.message;
    else resolved.push({ event, ...plan, source: caller.roles.includes('system') ? 'system' : 'clerk', createdBy: caller.id });
  }
  if (Object.keys(problems).length) throw invalid(problems);
  const outcome = await db.transaction(async (tx) => {
    const counted = await recordEvents(tx, resolved);
    for (const planKey of new Set(resolved.map((item) => item.planKey))) await followDelay(tx, planKey, new Date());
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

/** The DCSA event of a clerk's entry. */
function eventOfEntry(entry: MilestoneEntry, sailing: Sailing): TntEvent {
  const stamp = { eventID: randomUUID(), now: new Date().toISOString() };
  const at = new Date(entry.eventDateTime).toISOString();
  if (entry.eventType === 'TRANSPORT')
    return transportEvent(stamp, entry.code as TransportEventCode, entry.classifier, entry.location, at, sailing);
  const code = entry.code as EquipmentEventCode;
  const empty = entry.emptyIndicatorCode ? entry.emptyIndicatorCode === 'EMPTY' : undefined;
  return equipmentEvent(stamp, code, entry.classifier, entry.location, at, entry.equipmentReference ?? '', sailing, empty);
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
  const event = eventOfEntry(entry, {
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
