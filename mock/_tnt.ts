/**
 * 货物跟踪 in the mock: events kept in the store's `tntEvents` as the server keeps them (once by eventID, a later
 * event of the same milestone supersedes), written by the order and B/L mocks for their steps too.
 */
import { randomUUID } from 'node:crypto';
import {
  codeOf,
  dayStart,
  locationOf,
  milestoneIdentity,
  sameEvent,
  shipmentEvent,
  transportEvent,
  type Sailing,
  type Stamp,
} from '../contract/tnt/build';
import type { ShipmentEventCode, TntSource } from '../contract/tnt/codes';
import type { Milestone, TntEvent } from '../contract/tnt/schema';
import type { User } from '../contract/user/schema';
import { refuse } from './_resource';
import { tntEvents, type TntRow } from './_tables';

export const stamp = (): Stamp => ({ eventID: randomUUID(), now: new Date().toISOString() });

export interface MockNewEvent {
  event: TntEvent;
  planKey: string;
  owner: string;
  source: TntSource;
  user?: User;
  remark?: string;
  supersedes?: string;
}

/** Keeps the events; answers how many were new and how many it had already. */
export function recordTnt(items: readonly MockNewEvent[]) {
  let created = 0;
  let unchanged = 0;
  for (const item of items) {
    const kept = tntEvents.find((row) => row.event.eventID === item.event.eventID);
    if (kept) {
      if (!sameEvent(kept.event, item.event))
        throw refuse(409, 'EVENT_EXISTS', `事件 ${item.event.eventID} 已存在且内容不同：事件不能改写，更正请发送新的事件`);
      unchanged += 1;
      continue;
    }
    const identity = milestoneIdentity(item.event);
    for (const row of tntEvents) {
      // A document's step happening again corrects nothing.
      const same =
        item.event.eventType !== 'SHIPMENT' && row.planKey === item.planKey && milestoneIdentity(row.event) === identity;
      if (!row.supersededBy && (same || row.event.eventID === item.supersedes)) row.supersededBy = item.event.eventID;
    }
    tntEvents.push({
      seq: tntEvents.length + 1,
      planKey: item.planKey,
      owner: item.owner,
      source: item.source,
      createdByName: item.user?.realName ?? '',
      remark: item.remark ?? '',
      supersededBy: null,
      event: item.event,
    });
    created += 1;
  }
  return { created, unchanged };
}

/** A B/L's or a booking's step as Shipdesk's own shipment event. */
export function recordStep(
  plan: { planKey: string; owner: string },
  code: ShipmentEventCode,
  documentTypeCode: 'BKG' | 'TRD',
  documentID: string,
  user?: User,
) {
  recordTnt([{ event: shipmentEvent(stamp(), code, documentTypeCode, documentID), ...plan, source: 'shipdesk', user }]);
}

/** A booking confirmed: CONF and the sailing's planned departure and arrival, as the server writes them. */
export function recordBooking(
  plan: { key: string; owner: string; pol: string; pod: string },
  sailing: Sailing & { etd: string; eta: string },
  user: User,
) {
  const own = { planKey: plan.key, owner: plan.owner, source: 'shipdesk' as const, user };
  recordTnt([
    { event: shipmentEvent(stamp(), 'CONF', 'BKG', sailing.bookingNo), ...own },
    { event: transportEvent(stamp(), 'DEPA', 'PLN', plan.pol, dayStart(sailing.etd), sailing), ...own },
    { event: transportEvent(stamp(), 'ARRI', 'PLN', plan.pod, dayStart(sailing.eta), sailing), ...own },
  ]);
}

/** The plan's milestones, corrections included: the rules leave out the superseded ones. */
export const milestonesOf = (planKey: string) => tntEvents.filter((row) => row.planKey === planKey).map(milestoneOf);

/** A kept event as the timeline shows it. */
export function milestoneOf(row: TntRow): Milestone {
  const { event } = row;
  const call = event.eventType === 'SHIPMENT' ? undefined : event.transportCall;
  return {
    eventID: event.eventID,
    eventType: event.eventType,
    code: codeOf(event),
    classifier: event.eventClassifierCode,
    eventDateTime: new Date(event.eventDateTime).toISOString(),
    eventCreatedDateTime: new Date(event.eventCreatedDateTime).toISOString(),
    location: locationOf(event),
    ...(event.eventType === 'EQUIPMENT' ? { equipmentReference: event.equipmentReference } : {}),
    ...(event.eventType === 'SHIPMENT' ? { documentID: event.documentID, documentTypeCode: event.documentTypeCode } : {}),
    vessel: call?.vessel ?? '',
    voyage: call?.exportVoyageNumber ?? call?.carrierVoyageNumber ?? '',
    source: row.source,
    createdByName: row.createdByName,
    remark: row.remark,
    supersededBy: row.supersededBy,
  };
}
