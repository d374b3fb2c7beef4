/** A plan's milestones as its container and B/L pages show them: every event, corrections marked. */
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { readsAll } from '../../../contract/shared/access';
import { tntAccess, type Milestone, type Timeline } from '../../../contract/tnt/schema';
import type { SessionUser } from '../../auth/sessionUser';
import type { Db } from '../../db/open';
import { osbContainers, osbOrders, osbPlans, tntEvents } from '../../db/schema';
import { notFound } from '../refusals';
import { nameOf } from '../userNames';
import { ownsRow } from '../ownership';

const milestoneColumns = {
  eventID: tntEvents.eventId,
  eventType: tntEvents.eventType,
  code: tntEvents.code,
  classifier: tntEvents.classifier,
  eventDateTime: sql<string>`to_json(${tntEvents.eventDateTime}) #>> '{}'`,
  eventCreatedDateTime: sql<string>`to_json(${tntEvents.eventCreatedDateTime}) #>> '{}'`,
  location: tntEvents.location,
  equipmentReference: tntEvents.equipmentReference,
  documentID: sql<string | null>`${tntEvents.body} ->> 'documentID'`,
  documentTypeCode: sql<'BKG' | 'TRD' | null>`${tntEvents.body} ->> 'documentTypeCode'`,
  vessel: sql<string>`coalesce(${tntEvents.body} #>> '{transportCall,vessel}', '')`,
  voyage: sql<string>`coalesce(${tntEvents.body} #>> '{transportCall,exportVoyageNumber}', ${tntEvents.body} #>> '{transportCall,carrierVoyageNumber}', '')`,
  source: tntEvents.source,
  createdByName: nameOf(tntEvents.createdBy),
  remark: tntEvents.remark,
  supersededBy: tntEvents.supersededBy,
};

type MilestoneRow = { [K in keyof typeof milestoneColumns]: unknown };

function toMilestone(row: MilestoneRow): Milestone {
  const milestone = row as Milestone & {
    equipmentReference: string | null;
    documentID: string | null;
    documentTypeCode: 'BKG' | 'TRD' | null;
  };
  const { equipmentReference, documentID, documentTypeCode, ...rest } = milestone;
  return {
    ...rest,
    eventDateTime: new Date(milestone.eventDateTime).toISOString(),
    eventCreatedDateTime: new Date(milestone.eventCreatedDateTime).toISOString(),
    ...(equipmentReference ? { equipmentReference } : {}),
    ...(documentID ? { documentID } : {}),
    ...(documentTypeCode ? { documentTypeCode } : {}),
  };
}

/** One milestone by its event's id (the answer of a clerk's entry). */
export async function milestoneOf(db: Db, eventId: string): Promise<Milestone> {
  const [row] = await db.select(milestoneColumns).from(tntEvents).where(eq(tntEvents.eventId, eventId));
  if (!row) throw notFound('跟踪节点不存在');
  return toMilestone(row);
}

/** GET /v1/tnt/timeline/{planKey}: a plan of the caller's (any for a clerk), its sailing and all its events. */
export async function timelineOf(db: Db, caller: SessionUser, planKey: string): Promise<Timeline> {
  const [plan] = await db
    .select({
      owner: osbPlans.owner,
      ownerCompany: osbPlans.ownerCompany,
      pol: osbPlans.pol,
      pod: osbPlans.pod,
      vessel: sql<string>`coalesce(${osbOrders.vessel}, '')`,
      voyage: sql<string>`coalesce(${osbOrders.voyage}, '')`,
    })
    .from(osbPlans)
    .leftJoin(osbOrders, eq(osbOrders.planKey, osbPlans.key))
    .where(eq(osbPlans.key, planKey));
  if (!plan || (!readsAll(tntAccess, caller.roles) && !ownsRow(plan, caller))) throw notFound('订舱计划不存在');
  const containers = await db
    .select({ no: osbContainers.containerNo })
    .from(osbContainers)
    .where(and(eq(osbContainers.planKey, planKey), isNotNull(osbContainers.containerNo)))
    .orderBy(asc(osbContainers.key));
  const rows = await db
    .select(milestoneColumns)
    .from(tntEvents)
    .where(eq(tntEvents.planKey, planKey))
    .orderBy(asc(tntEvents.seq));
  return {
    planKey,
    pol: plan.pol,
    pod: plan.pod,
    vessel: plan.vessel,
    voyage: plan.voyage,
    containers: containers.map((row) => row.no as string),
    milestones: rows.map(toMilestone),
  };
}
