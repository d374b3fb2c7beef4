/**
 * Recording Track & Trace events: each belongs to a plan, is kept as DCSA 2.2 writes it, is new once by its
 * eventID, and supersedes the standing event of the same milestone (type, code, classifier, place, container),
 * which stays, marked, for the timeline's history.
 */
import { and, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import { codeOf, locationOf, sameEvent } from '../../../contract/tnt/build';
import { loadingFactsOf, type TntSource } from '../../../contract/tnt/codes';
import type { TntEvent } from '../../../contract/tnt/schema';
import type { Db } from '../../db/open';
import { tntEvents } from '../../db/schema';
import { conflict } from '../refusals';

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
 * Keeps the events in the caller's transaction, in order. An eventID Shipdesk has with the same content changes
 * nothing (`unchanged`); with other content it is a 409: an event is never rewritten, a correction is a new one.
 */
export async function recordEvents(tx: Db, events: readonly NewTntEvent[]): Promise<{ created: number; unchanged: number }> {
  let created = 0;
  let unchanged = 0;
  for (const item of events) {
    const { event } = item;
    const equipmentReference = event.eventType === 'EQUIPMENT' ? event.equipmentReference : null;
    const location = locationOf(event);
    const code = codeOf(event);
    const [row] = await tx
      .insert(tntEvents)
      .values({
        eventId: event.eventID,
        eventType: event.eventType,
        code,
        classifier: event.eventClassifierCode,
        eventDateTime: new Date(event.eventDateTime),
        eventCreatedDateTime: new Date(event.eventCreatedDateTime),
        planKey: item.planKey,
        owner: item.owner,
        location,
        equipmentReference,
        source: item.source,
        createdBy: item.createdBy ?? null,
        remark: item.remark ?? '',
        body: event,
      })
      .onConflictDoNothing({ target: tntEvents.eventId })
      .returning({ seq: tntEvents.seq });
    if (!row) {
      const [kept] = await tx.select({ body: tntEvents.body }).from(tntEvents).where(eq(tntEvents.eventId, event.eventID));
      if (!sameEvent(kept?.body, event))
        throw conflict('EVENT_EXISTS', `事件 ${event.eventID} 已存在且内容不同：事件不能改写，更正请发送新的事件`);
      unchanged += 1;
      continue;
    }
    created += 1;
    const sameMilestone = and(
      eq(tntEvents.planKey, item.planKey),
      eq(tntEvents.eventType, event.eventType),
      eq(tntEvents.code, code),
      eq(tntEvents.classifier, event.eventClassifierCode),
      eq(tntEvents.location, location),
      equipmentReference === null ? isNull(tntEvents.equipmentReference) : eq(tntEvents.equipmentReference, equipmentReference),
    );
    await tx
      .update(tntEvents)
      .set({ supersededBy: event.eventID })
      .where(
        and(
          isNull(tntEvents.supersededBy),
          ne(tntEvents.eventId, event.eventID),
          item.supersedes
            ? sql`(${eq(tntEvents.eventId, item.supersedes)} or (${sameMilestone} and ${lt(tntEvents.seq, row.seq)}))`
            : and(sameMilestone, lt(tntEvents.seq, row.seq)),
        ),
      );
  }
  return { created, unchanged };
}

/** The standing events of plans, oldest first: what the rules (delays, on-board date) read. */
export async function standingEvents(db: Db, planKeys: readonly string[]) {
  if (planKeys.length === 0) return [];
  return db
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
    .where(and(inArray(tntEvents.planKey, [...planKeys]), isNull(tntEvents.supersededBy)))
    .orderBy(tntEvents.seq);
}

/** The loading facts of a B/L's containers (contract/tnt/codes.ts loadingFactsOf), from the plan's standing events. */
export async function loadingFacts(db: Db, planKey: string, pol: string, containers: readonly string[]) {
  const facts = (await standingEvents(db, [planKey])).map((row) => ({
    ...row,
    eventDateTime: row.eventDateTime.toISOString(),
    equipmentReference: row.equipmentReference ?? undefined,
  }));
  return loadingFactsOf(facts, pol, containers);
}
