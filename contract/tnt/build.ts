/**
 * The DCSA 2.2 events Shipdesk writes itself, as pure functions the server and the mock share: a booking's and a
 * B/L's steps (shipment events), a booked sailing's planned calls, a clerk's entry. zod-free.
 */
import { milestoneTimeProblem, type EquipmentEventCode, type ShipmentEventCode, type TransportEventCode } from './codes';
import type { EquipmentEvent, MilestoneEntry, ShipmentEvent, TntEvent, TransportEvent } from './schema';

/** When and under which id an event is written: the caller's clock and ids, so that the functions stay pure. */
export interface Stamp {
  eventID: string;
  /** ISO instant. */
  now: string;
}

/** A day of the sailing schedule as an instant: its start on China's clock (the ports' and the schedule's). */
export const dayStart = (day: string) => new Date(`${day}T00:00:00+08:00`).toISOString();

/** A shipment event: a step that happened now on a booking (BKG) or a transport document (TRD). */
export function shipmentEvent(
  stamp: Stamp,
  code: ShipmentEventCode,
  documentTypeCode: 'BKG' | 'TRD',
  documentID: string,
  reason?: string,
): ShipmentEvent {
  return {
    eventID: stamp.eventID,
    eventCreatedDateTime: stamp.now,
    eventType: 'SHIPMENT',
    eventClassifierCode: 'ACT',
    eventDateTime: stamp.now,
    shipmentEventTypeCode: code,
    documentID,
    documentTypeCode,
    ...(reason ? { reason: reason.slice(0, 250) } : {}),
  };
}

/** The sailing a plan is booked on, as its events name it. */
export interface Sailing {
  /** The carrier's booking number, when there is one. */
  bookingNo: string;
  vessel: string;
  voyage: string;
}

/** A vessel's call at `port` on the sailing: DCSA 2.2 keeps 5 characters for an export voyage, the older field more. */
export function vesselCall(port: string, sailing: Sailing): TransportEvent['transportCall'] {
  const { voyage, vessel } = sailing;
  return {
    transportCallID: `${port}-${voyage || 'NA'}`.slice(0, 100),
    modeOfTransport: 'VESSEL',
    UNLocationCode: port,
    ...(voyage && voyage.length <= 5 ? { exportVoyageNumber: voyage } : {}),
    ...(voyage.length > 5 ? { carrierVoyageNumber: voyage } : {}),
    ...(vessel ? { vessel } : {}),
  };
}

const bookingReference = (sailing: Sailing) =>
  sailing.bookingNo
    ? { documentReferences: [{ documentReferenceType: 'BKG (Booking)' as const, documentReferenceValue: sailing.bookingNo }] }
    : {};

/** A departure or arrival of the sailing at `port`, planned, estimated or actual. */
export function transportEvent(
  stamp: Stamp,
  code: TransportEventCode,
  classifier: TransportEvent['eventClassifierCode'],
  port: string,
  at: string,
  sailing: Sailing,
): TransportEvent {
  return {
    eventID: stamp.eventID,
    eventCreatedDateTime: stamp.now,
    eventType: 'TRANSPORT',
    eventClassifierCode: classifier,
    eventDateTime: at,
    transportEventTypeCode: code,
    transportCall: vesselCall(port, sailing),
    ...bookingReference(sailing),
  };
}

/** A container's move at `port`: empty when picked up empty (GTOT before stuffing), laden otherwise. */
export function equipmentEvent(
  stamp: Stamp,
  code: EquipmentEventCode,
  classifier: EquipmentEvent['eventClassifierCode'],
  port: string,
  at: string,
  containerNo: string,
  sailing: Sailing,
  empty = code === 'GTOT',
): EquipmentEvent {
  return {
    eventID: stamp.eventID,
    eventCreatedDateTime: stamp.now,
    eventType: 'EQUIPMENT',
    eventClassifierCode: classifier,
    eventDateTime: at,
    equipmentEventTypeCode: code,
    equipmentReference: containerNo,
    emptyIndicatorCode: empty ? 'EMPTY' : 'LADEN',
    eventLocation: { UNLocationCode: port },
    // Loading and discharge happen at a vessel's call.
    ...(code === 'LOAD' || code === 'DISC' ? { transportCall: vesselCall(port, sailing) } : {}),
    ...bookingReference(sailing),
  };
}

type AnyEvent = ShipmentEvent | TransportEvent | EquipmentEvent;

/** The code of an event of any type: LOAD, DEPA, ISSU. */
export function codeOf(event: AnyEvent): string {
  if (event.eventType === 'EQUIPMENT') return event.equipmentEventTypeCode;
  if (event.eventType === 'TRANSPORT') return event.transportEventTypeCode;
  return event.shipmentEventTypeCode;
}

/** The UN/LOCODE an event names: its place, else its transport call's; '' for a document's event. */
export function locationOf(event: AnyEvent): string {
  if (event.eventType === 'SHIPMENT') return '';
  const place = event.eventType === 'EQUIPMENT' ? event.eventLocation : undefined;
  return place?.UNLocationCode ?? event.transportCall?.UNLocationCode ?? event.transportCall?.location?.UNLocationCode ?? '';
}

/**
 * What makes two events the same milestone, so that the later supersedes the earlier: its type, code and
 * classifier, its place and its container.
 */
export function milestoneIdentity(event: AnyEvent): string {
  const container = event.eventType === 'EQUIPMENT' ? event.equipmentReference : '';
  return [event.eventType, codeOf(event), event.eventClassifierCode, locationOf(event), container].join('|');
}

/** JSON with its keys in order, at every depth. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => a.localeCompare(b)))
      : item,
  );
}

/** Whether a pushed event is the one kept under its eventID: the same fields and values, in whatever order. */
export const sameEvent = (kept: unknown, pushed: unknown) => canonical(kept) === canonical(pushed);

/** The DCSA event of a clerk's entry (POST /v1/tnt/milestones) on the plan's sailing. */
export function eventOfEntry(stamp: Stamp, entry: MilestoneEntry, sailing: Sailing): TntEvent {
  const at = new Date(entry.eventDateTime).toISOString();
  if (entry.eventType === 'TRANSPORT')
    return transportEvent(stamp, entry.code as TransportEventCode, entry.classifier, entry.location, at, sailing);
  const empty = entry.emptyIndicatorCode ? entry.emptyIndicatorCode === 'EMPTY' : undefined;
  const code = entry.code as EquipmentEventCode;
  return equipmentEvent(stamp, code, entry.classifier, entry.location, at, entry.equipmentReference ?? '', sailing, empty);
}

/** Where the plans a pushed event may name are found: by box number, by booking (carrier's number or order key), by B/L. */
export interface PlanLookup<P> {
  box(containerNo: string): P | undefined;
  booking(bookingNo: string): P | undefined;
  document(bolNo: string): P | undefined;
}

/** The plan a pushed event belongs to, or the field and words of the reference that names none. */
function planOfEvent<P>(lookup: PlanLookup<P>, event: TntEvent): P | { field: string; message: string } {
  if (event.eventType === 'EQUIPMENT') {
    return (
      lookup.box(event.equipmentReference) ?? {
        field: 'equipmentReference',
        message: `柜号 ${event.equipmentReference} 不属于任何订舱计划`,
      }
    );
  }
  if (event.eventType === 'SHIPMENT') {
    const bkg = event.documentTypeCode === 'BKG';
    const plan = bkg ? lookup.booking(event.documentID) : lookup.document(event.documentID);
    return plan ?? { field: 'documentID', message: `${bkg ? '订舱号' : '提单号'} ${event.documentID} 不存在` };
  }
  for (const reference of event.documentReferences ?? []) {
    const value = reference.documentReferenceValue;
    const plan = reference.documentReferenceType.startsWith('BKG') ? lookup.booking(value) : lookup.document(value);
    if (plan) return plan;
  }
  const named = (event.documentReferences ?? []).map((reference) => reference.documentReferenceValue).join('、');
  return {
    field: 'documentReferences',
    message: named ? `订舱号或提单号 ${named} 不存在` : '运输事件须在 documentReferences 中写明订舱号（BKG）或提单号（TRD）',
  };
}

/**
 * A push (POST /v1/tnt/events) as the server and the mock take it: each event with its plan, and the problems that
 * refuse the whole push — an actual time ahead of now, a reference that names no plan — by the field's path
 * (`1.equipmentReference` in a list).
 */
export function resolvePush<P>(body: TntEvent | TntEvent[], lookup: PlanLookup<P>, now: Date) {
  const events = Array.isArray(body) ? body : [body];
  const pathOf = (index: number, field: string) => (Array.isArray(body) ? `${index}.${field}` : field);
  const resolved: { event: TntEvent; plan: P }[] = [];
  const problems: Record<string, string> = {};
  for (const [index, event] of events.entries()) {
    const early = milestoneTimeProblem(event.eventClassifierCode, event.eventDateTime, now);
    if (early) problems[pathOf(index, 'eventDateTime')] = early;
    const plan = planOfEvent(lookup, event);
    if (plan && typeof plan === 'object' && 'field' in plan) problems[pathOf(index, plan.field)] = plan.message;
    else resolved.push({ event, plan: plan as P });
  }
  return { resolved, problems };
}
