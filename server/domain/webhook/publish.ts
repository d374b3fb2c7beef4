/**
 * An event reaches the subscriptions that want it in the transaction of the change that makes it: one INSERT of
 * a delivery per subscription whose owner may read the event's data (a member of its customer's company, or a
 * clerk), whose types hold
 * it and whose plans (if any) hold its plan. Sending is the deliverer's (deliver.ts), after the change commits.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { TntEvent } from '../../../contract/tnt/schema';
import type { PING_EVENT, ShipdeskEvent, WebhookEventType } from '../../../contract/webhook/schema';
import type { Db } from '../../db/open';

export interface PublishedEvent {
  type: WebhookEventType;
  /** The customer whose data it is. */
  owner: string;
  planKey: string | null;
  eventId: string;
  /** What is sent and signed: a list of the one event. */
  body: string;
}

/** Queues each event for every subscription that wants it; an event queued before for one is not queued again. */
export async function publishEvents(tx: Db, events: readonly PublishedEvent[]): Promise<void> {
  if (events.length === 0) return;
  await tx.execute(sql`insert into webhook_deliveries (subscription_key, event_id, event_type, body)
    select s.key, e."eventId", e.type, e.body
    from jsonb_to_recordset(${JSON.stringify(events)}::jsonb)
      as e(type text, owner uuid, "planKey" text, "eventId" text, body text)
    join webhook_subscriptions s on s.active and e.type = any(s.event_types)
      and (cardinality(s.plan_keys) = 0 or e."planKey" = any(s.plan_keys))
    join users u on u.id = s.owner and u.status = 'active'
      and (s.owner = e.owner or 'documentClerk' = any(u.roles)
        or s.owner_company = (select o.company_key from users o where o.id = e.owner))
    on conflict do nothing`);
}

/** A business event as delivered. */
export function shipdeskEvent(
  code: WebhookEventType | typeof PING_EVENT,
  what: Pick<ShipdeskEvent, 'planKey' | 'subject' | 'title' | 'link'>,
): ShipdeskEvent {
  return {
    eventID: randomUUID(),
    eventType: 'SHIPDESK',
    eventCode: code,
    eventCreatedDateTime: new Date().toISOString(),
    ...what,
  };
}

/** Publishes one business event of an owner's data. */
export function publishShipdeskEvent(
  tx: Db,
  code: WebhookEventType,
  owner: string,
  what: Pick<ShipdeskEvent, 'planKey' | 'subject' | 'title' | 'link'>,
): Promise<void> {
  const event = shipdeskEvent(code, what);
  return publishEvents(tx, [{ type: code, owner, planKey: what.planKey, eventId: event.eventID, body: JSON.stringify([event]) }]);
}

/** Track & Trace events as recorded, each as its type; an actual LOAD of a box is also `container.loaded`. */
export function publishTntEvents(tx: Db, events: readonly { event: TntEvent; planKey: string; owner: string }[]): Promise<void> {
  return publishEvents(
    tx,
    events.flatMap(({ event, planKey, owner }) => {
      const own = { owner, planKey };
      const tnt: PublishedEvent = {
        ...own,
        type: `tnt.${event.eventType}`,
        eventId: event.eventID,
        body: JSON.stringify([event]),
      };
      if (!(event.eventType === 'EQUIPMENT' && event.equipmentEventTypeCode === 'LOAD' && event.eventClassifierCode === 'ACT'))
        return [tnt];
      const loaded = shipdeskEvent('container.loaded', {
        planKey,
        subject: { type: 'container', key: event.equipmentReference },
        title: `柜 ${event.equipmentReference} 已装船`,
        link: `/osb/plan/${planKey}`,
      });
      return [tnt, { ...own, type: 'container.loaded', eventId: loaded.eventID, body: JSON.stringify([loaded]) }];
    }),
  );
}
