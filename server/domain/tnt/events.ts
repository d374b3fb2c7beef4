/**
 * Recording Track & Trace events: each belongs to a plan, is kept as DCSA 2.2 writes it, is new once by its
 * eventID, and a container's or the sailing's event supersedes the standing event of the same milestone (type,
 * code, classifier, place, container), which stays, marked, for the timeline's history.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { codeOf, locationOf, sameEvent } from '../../../contract/tnt/build';
import { loadingFactsOf, type MilestoneFacts, type TntSource } from '../../../contract/tnt/codes';
import type { TntEvent } from '../../../contract/tnt/schema';
import type { Db } from '../../db/open';
import { tntEvents } from '../../db/schema';
import { conflict } from '../refusals';
import { publishTntEvents } from '../webhook/publish';

/** An event to keep, with the plan it belongs to. */
export interface NewTntEvent {
  event: TntEvent;
  planKey: string;
  owner: string;
  source: TntSource;
  createdBy?: string | null;
  remark?: string;
  /** An event it corrects (the clerk's choice), beside the standing event of the same milestone. */
  supersedes?: string;
}

/**
 * Keeps the events in the caller's transaction, in order, in three statements whatever their number: the insert,
 * the check of ids it had, the corrections. An eventID Shipdesk has with the same content changes nothing
 * (`unchanged`); with other content it is a 409: an event is never rewritten, a correction is a new one.
 */
export async function recordEvents(tx: Db, events: readonly NewTntEvent[]): Promise<{ created: number; unchanged: number }> {
  if (events.length === 0) return { created: 0, unchanged: 0 };
  const inserted = await tx
    .insert(tntEvents)
    .values(
      events.map(({ event, ...item }) => ({
        eventId: event.eventID,
        eventType: event.eventType,
        code: codeOf(event),
        classifier: event.eventClassifierCode,
        eventDateTime: new Date(event.eventDateTime),
        eventCreatedDateTime: new Date(event.eventCreatedDateTime),
        planKey: item.planKey,
        owner: item.owner,
        location: locationOf(event),
        equipmentReference: event.eventType === 'EQUIPMENT' ? event.equipmentReference : null,
        source: item.source,
        createdBy: item.createdBy ?? null,
        remark: item.remark ?? '',
        body: event,
      })),
    )
    .onConflictDoNothing({ target: tntEvents.eventId })
    .returning({ eventId: tntEvents.eventId });
  const created = new Set(inserted.map((row) => row.eventId));
  const repeated = events.filter((item) => !created.has(item.event.eventID));
  if (repeated.length) {
    const kept = new Map(
      (
        await tx
          .select({ eventId: tntEvents.eventId, body: tntEvents.body })
          .from(tntEvents)
          .where(inArray(tntEvents.eventId, [...new Set(repeated.map((item) => item.event.eventID))]))
      ).map((row) => [row.eventId, row.body]),
    );
    const changed = repeated.find((item) => !sameEvent(kept.get(item.event.eventID), item.event));
    if (changed)
      throw conflict('EVENT_EXISTS', `事件 ${changed.event.eventID} 已存在且内容不同：事件不能改写，更正请发送新的事件`);
  }
  if (created.size) {
    await supersede(tx, [...created]);
    const fresh = new Map(events.filter((item) => created.has(item.event.eventID)).map((item) => [item.event.eventID, item]));
    await publishTntEvents(tx, [...fresh.values()]);
  }
  for (const item of events) {
    if (!item.supersedes || !created.has(item.event.eventID)) continue;
    await tx
      .update(tntEvents)
      .set({ supersededBy: item.event.eventID })
      .where(and(eq(tntEvents.eventId, item.supersedes), isNull(tntEvents.supersededBy)));
  }
  return { created: created.size, unchanged: events.length - created.size };
}

/**
 * The standing events the new ones correct: of the same plan and milestone (type, code, classifier, place,
 * container) and older. A document's step done again (a B/L sent for approval twice, a second B/L issued) corrects
 * nothing. Of several new events of one milestone the newest stands.
 */
async function supersede(tx: Db, newIds: string[]): Promise<void> {
  await tx.execute(sql`update ${tntEvents} as o set superseded_by = n.event_id
    from ${tntEvents} as n
    where n.event_id = any(${sql.param(newIds)}::uuid[]) and n.event_type <> 'SHIPMENT'
      and o.plan_key = n.plan_key and o.event_type = n.event_type and o.code = n.code
      and o.classifier = n.classifier and o.location = n.location
      and o.equipment_reference is not distinct from n.equipment_reference
      and o.seq < n.seq and o.superseded_by is null
      and not exists (select 1 from ${tntEvents} as m where m.event_id = any(${sql.param(newIds)}::uuid[])
        and m.plan_key = n.plan_key and m.event_type = n.event_type and m.code = n.code
        and m.classifier = n.classifier and m.location = n.location
        and m.equipment_reference is not distinct from n.equipment_reference and m.seq > n.seq)`);
}

/**
 * The standing events of plans (of one type, when given), oldest first, as the rules of contract/tnt/codes.ts read
 * them (delays, the on-board date).
 */
export async function standingEvents(
  db: Db,
  planKeys: readonly string[],
  eventType?: TntEvent['eventType'],
): Promise<(MilestoneFacts & { planKey: string })[]> {
  if (planKeys.length === 0) return [];
  const rows = await db
    .select({
      planKey: tntEvents.planKey,
      eventType: tntEvents.eventType,
      code: tntEvents.code,
      classifier: tntEvents.classifier,
      eventDateTime: tntEvents.eventDateTime,
      location: tntEvents.location,
      equipmentReference: tntEvents.equipmentReference,
    })
    .from(tntEvents)
    .where(
      and(
        inArray(tntEvents.planKey, [...planKeys]),
        isNull(tntEvents.supersededBy),
        eventType ? eq(tntEvents.eventType, eventType) : undefined,
      ),
    )
    .orderBy(tntEvents.seq);
  return rows.map(({ eventDateTime, equipmentReference, ...row }) => ({
    ...row,
    eventDateTime: eventDateTime.toISOString(),
    ...(equipmentReference ? { equipmentReference } : {}),
  }));
}

/** The loading facts of a B/L's containers (contract/tnt/codes.ts loadingFactsOf), from the plan's standing events. */
export async function loadingFacts(db: Db, planKey: string, pol: string, containers: readonly string[]) {
  return loadingFactsOf(await standingEvents(db, [planKey]), pol, containers);
}
