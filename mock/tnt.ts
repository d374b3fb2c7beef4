/** Mock of 货物跟踪 (contract/tnt/schema.ts) over the store's events, as the server answers them. */
import { readsAll } from '../contract/access';
import { equipmentEvent, transportEvent } from '../contract/tnt/build';
import {
  tntAccess,
  tntEndpoints,
  milestoneTimeProblem,
  tntLimits,
  type EquipmentEventCode,
  type TntEvent,
  type TransportEventCode,
} from '../contract/tnt/schema';
import { mockEndpoints, refuse } from './_resource';
import { billsOfLading, containers, orders, plans, tntEvents } from './_tables';
import { milestoneOf, recordTnt, stamp } from './_tnt';

/** The plan an event belongs to, by the container, booking or B/L it names. */
function planOf(event: TntEvent) {
  // A refused booking has no carrier's number: its events name the order.
  const byBooking = (no: string) =>
    orders.rows.find((order) => (order.carrierBookingNo === no && no !== '') || order.key === no)?.planKey;
  const byDocument = (no: string) => billsOfLading.rows.find((bol) => bol.bolNo === no)?.planKey;
  let key: string | undefined;
  if (event.eventType === 'EQUIPMENT')
    key = [...containers.rows].reverse().find((box) => box.containerNo === event.equipmentReference)?.planKey;
  else if (event.eventType === 'SHIPMENT')
    key = event.documentTypeCode === 'BKG' ? byBooking(event.documentID) : byDocument(event.documentID);
  else
    key = (event.documentReferences ?? [])
      .map((ref) => (ref.documentReferenceType.startsWith('BKG') ? byBooking : byDocument)(ref.documentReferenceValue))
      .find(Boolean);
  return plans.rows.find((plan) => plan.key === key);
}

const sailingOf = (planKey: string) => {
  const order = orders.rows.find((row) => row.planKey === planKey);
  return { bookingNo: order?.carrierBookingNo ?? '', vessel: order?.vessel ?? '', voyage: order?.voyage ?? '' };
};

export default mockEndpoints(tntEndpoints, tntAccess, '订舱计划不存在', {
  list: ({ user, query, res }) => {
    const cursor = query.cursor ? (JSON.parse(atob(query.cursor)) as { after: number; filters: typeof query }) : undefined;
    const filters = cursor?.filters ?? query;
    const planKeysOf = (find: (row: { planKey: string; no: string }) => boolean, rows: { planKey: string; no: string }[]) =>
      new Set(rows.filter(find).map((row) => row.planKey));
    const byBooking = planKeysOf(
      (row) => row.no === filters.carrierBookingReference,
      orders.rows.map((o) => ({ planKey: o.planKey, no: o.carrierBookingNo })),
    );
    const byDocument = planKeysOf(
      (row) => row.no === filters.transportDocumentReference,
      billsOfLading.rows.map((b) => ({ planKey: b.planKey, no: b.bolNo })),
    );
    const limit = Number(filters.limit ?? tntLimits.defaultPage);
    const found = tntEvents.filter(
      (row) =>
        row.seq > (cursor?.after ?? 0) &&
        (readsAll(tntAccess, user.authority) || row.owner === user.id) &&
        (!filters.equipmentReference ||
          (row.event.eventType === 'EQUIPMENT' && row.event.equipmentReference === filters.equipmentReference)) &&
        (!filters.carrierBookingReference || byBooking.has(row.planKey)) &&
        (!filters.transportDocumentReference || byDocument.has(row.planKey)) &&
        (!filters.eventType || filters.eventType.split(',').includes(row.event.eventType)),
    );
    const page = found.slice(0, limit);
    if (found.length > limit) {
      const next = btoa(JSON.stringify({ after: page[page.length - 1].seq, filters }));
      (res as typeof res & { setHeader: (name: string, value: string) => void }).setHeader(
        'Next-Page',
        `/v1/tnt/events?cursor=${next}`,
      );
    }
    res.json(page.map((row) => row.event));
  },
  push: ({ user, body }) => {
    const events = Array.isArray(body) ? body : [body];
    const items = events.map((event, index) => {
      const early = milestoneTimeProblem(event.eventClassifierCode, event.eventDateTime, new Date());
      if (early) throw refuse(422, 'VALIDATION_FAILED', `第 ${index + 1} 个事件：${early}`);
      const plan = planOf(event);
      if (!plan) throw refuse(422, 'VALIDATION_FAILED', `第 ${index + 1} 个事件所指的柜、订舱或提单不存在`);
      return {
        event,
        planKey: plan.key,
        owner: plan.owner,
        source: user.authority.includes('documentClerk') ? ('clerk' as const) : ('system' as const),
        user,
      };
    });
    return { success: true, ...recordTnt(items) };
  },
  timeline: ({ user, params }) => {
    const [plan] = plans.find(user, [params.planKey], 'read', tntAccess);
    const sailing = sailingOf(plan.key);
    return {
      planKey: plan.key,
      pol: plan.pol,
      pod: plan.pod,
      vessel: sailing.vessel,
      voyage: sailing.voyage,
      containers: containers.rows
        .filter((box) => box.planKey === plan.key && box.containerNo)
        .map((box) => box.containerNo as string),
      milestones: tntEvents.filter((row) => row.planKey === plan.key).map(milestoneOf),
    };
  },
  enter: ({ user, body }) => {
    const early = milestoneTimeProblem(body.classifier, body.eventDateTime, new Date());
    if (early) throw refuse(422, 'VALIDATION_FAILED', early, { eventDateTime: early });
    const [plan] = plans.find(user, [body.planKey], 'read', tntAccess);
    const sailing = sailingOf(plan.key);
    const at = new Date(body.eventDateTime).toISOString();
    if (
      body.eventType === 'EQUIPMENT' &&
      !containers.rows.some((box) => box.planKey === plan.key && box.containerNo === body.equipmentReference)
    )
      throw refuse(422, 'VALIDATION_FAILED', `柜号 ${body.equipmentReference} 不在该订舱计划中`, {
        equipmentReference: `柜号 ${body.equipmentReference} 不在该订舱计划中`,
      });
    const empty = body.emptyIndicatorCode ? body.emptyIndicatorCode === 'EMPTY' : undefined;
    const event =
      body.eventType === 'TRANSPORT'
        ? transportEvent(stamp(), body.code as TransportEventCode, body.classifier, body.location, at, sailing)
        : equipmentEvent(
            stamp(),
            body.code as EquipmentEventCode,
            body.classifier,
            body.location,
            at,
            body.equipmentReference ?? '',
            sailing,
            empty,
          );
    recordTnt([
      { event, planKey: plan.key, owner: plan.owner, source: 'clerk', user, remark: body.remark, supersedes: body.supersedes },
    ]);
    return milestoneOf(tntEvents[tntEvents.length - 1]);
  },
});
