/**
 * The events Shipdesk's own lifecycles are, in DCSA 2.2's words (contract/tnt/build.ts), written in the
 * transaction of the change that makes them: a booking confirmed (CONF) with its planned departure and arrival,
 * a booking refused (REJE), a B/L's every step (DRFT … RELS).
 */
import { randomUUID } from 'node:crypto';
import { dayStart, shipmentEvent, transportEvent, type Sailing } from '../../../contract/tnt/build';
import type { ShipmentEventCode } from '../../../contract/tnt/codes';
import type { Db } from '../../db/open';
import { recordEvents, type NewTntEvent } from './events';

const stamp = () => ({ eventID: randomUUID(), now: new Date().toISOString() });

const own = (plan: { planKey: string; owner: string }, event: NewTntEvent['event'], actor: string): NewTntEvent => ({
  event,
  planKey: plan.planKey,
  owner: plan.owner,
  source: 'shipdesk',
  createdBy: actor,
});

export interface BookedSailing extends Sailing {
  planKey: string;
  owner: string;
  pol: string;
  pod: string;
  etd: string;
  eta: string;
}

/** A booking confirmed: CONF, and the sailing's planned departure and arrival (superseding earlier plans). */
export async function bookingConfirmed(tx: Db, actor: string, sailing: BookedSailing): Promise<void> {
  await recordEvents(tx, [
    own(sailing, shipmentEvent(stamp(), 'CONF', 'BKG', sailing.bookingNo), actor),
    own(sailing, transportEvent(stamp(), 'DEPA', 'PLN', sailing.pol, dayStart(sailing.etd), sailing), actor),
    own(sailing, transportEvent(stamp(), 'ARRI', 'PLN', sailing.pod, dayStart(sailing.eta), sailing), actor),
  ]);
}

/** A booking refused by the clerk: REJE on the order (it has no carrier's number), with the reason. */
export async function bookingRejected(
  tx: Db,
  actor: string,
  plan: { planKey: string; owner: string },
  orderKey: string,
  reason: string,
) {
  await recordEvents(tx, [own(plan, shipmentEvent(stamp(), 'REJE', 'BKG', orderKey, reason), actor)]);
}

/** A step of a B/L's lifecycle, on its transport document. */
export async function documentStep(
  tx: Db,
  actor: string,
  bol: { planKey: string; owner: string; bolNo: string },
  code: ShipmentEventCode,
  reason?: string,
): Promise<void> {
  await recordEvents(tx, [own(bol, shipmentEvent(stamp(), code, 'TRD', bol.bolNo, reason), actor)]);
}
