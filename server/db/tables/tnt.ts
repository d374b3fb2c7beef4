/**
 * 货物跟踪: DCSA Track & Trace events of a plan's sailing, containers and documents. A correction supersedes an
 * event (`superseded_by`), never deletes it; a pushed event's `event_id` makes a repeated push change nothing.
 * Each event belongs to one plan (its container's, booking's or B/L's): filters by booking or B/L number go
 * through the plan, so that a container's events before its B/L was made are the B/L's too.
 */
import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { EventClassifier, TntEventType, TntSource } from '../../../contract/tnt/codes';
import { users } from './accounts';
import { osbPlans } from './booking';
import { createdAt } from './columns';
import { owner, ownerCompany } from './owned';

export const tntEvents = pgTable(
  'tnt_events',
  {
    /** The order events reached Shipdesk in: DCSA's pages run along it. */
    seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    eventId: uuid('event_id').notNull(),
    eventType: text('event_type').notNull().$type<TntEventType>(),
    code: text('code').notNull(),
    classifier: text('classifier').notNull().$type<EventClassifier>(),
    eventDateTime: timestamp('event_date_time', { withTimezone: true }).notNull(),
    eventCreatedDateTime: timestamp('event_created_date_time', { withTimezone: true }).notNull(),
    planKey: text('plan_key')
      .notNull()
      .references(() => osbPlans.key, { onDelete: 'cascade' }),
    /** The plan's owner and company: a customer reads only their company's. */
    owner: owner(),
    ownerCompany: ownerCompany(),
    /** UN/LOCODE; '' for a document's event. */
    location: text('location').notNull().default(''),
    equipmentReference: text('equipment_reference'),
    source: text('source').notNull().$type<TntSource>(),
    createdBy: uuid('created_by').references(() => users.id),
    remark: text('remark').notNull().default(''),
    supersededBy: uuid('superseded_by'),
    /** The event as DCSA 2.2 writes it, answered as it is. */
    body: jsonb('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('tnt_events_event_id_key').on(t.eventId),
    index('tnt_events_company_seq_idx').on(t.ownerCompany, t.seq),
    index('tnt_events_plan_seq_idx').on(t.planKey, t.seq),
    index('tnt_events_equipment_seq_idx').on(t.equipmentReference, t.seq),
    index('tnt_events_created_seq_idx').on(t.eventCreatedDateTime, t.seq),
    // The sailingDelays job: planned departures of the last month, by time.
    index('tnt_events_planned_departures_idx')
      .on(t.eventDateTime)
      .where(sql`event_type = 'TRANSPORT' and code = 'DEPA' and superseded_by is null`),
  ],
);
