/** Mock of 货物跟踪 (contract/tnt/schema.ts) over the store's events, as the server answers them. */
import { readsAll } from '../contract/shared/access';
import { eventOfEntry, resolvePush, type PlanLookup } from '../contract/tnt/build';
import { milestoneTimeProblem, tntAccess, tntEndpoints, tntLimits } from '../contract/tnt/schema';
import { mockEndpoints, ownsRow, refuse } from './_resource';
import { billsOfLading, containerNosOf, containers, orders, plans, tntEvents, type PlanRow } from './_tables';
import { milestoneOf, milestonesOf, recordTnt, stamp } from './_tnt';

// A refused booking has no carrier's number: its events name the order.
const byBooking = (no: string) =>
  orders.rows.find((order) => (order.carrierBookingNo === no && no !== '') || order.key === no)?.planKey;
const planByKey = (key: string | undefined) => plans.rows.find((plan) => plan.key === key);
/** Where a pushed event's plan is found in the store: the box in use, else its latest; the booking; the B/L. */
const planLookup: PlanLookup<PlanRow> = {
  box: (no) => planByKey([...containers.rows].reverse().find((box) => box.containerNo === no)?.planKey),
  booking: (no) => planByKey(byBooking(no)),
  document: (no) => planByKey(billsOfLading.rows.find((bol) => bol.bolNo === no)?.planKey),
};

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
        (readsAll(tntAccess, user.authority) || ownsRow(user, row.owner)) &&
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
    const pushed = resolvePush(body, planLookup, new Date());
    const fields = pushed.problems;
    if (Object.keys(fields).length) throw refuse(422, 'VALIDATION_FAILED', Object.values(fields)[0], fields);
    const source = user.authority.includes('documentClerk') ? ('clerk' as const) : ('system' as const);
    return {
      success: true,
      ...recordTnt(pushed.resolved.map(({ event, plan }) => ({ event, planKey: plan.key, owner: plan.owner, source, user }))),
    };
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
      containers: containerNosOf(plan.key),
      milestones: milestonesOf(plan.key),
    };
  },
  enter: ({ user, body }) => {
    const early = milestoneTimeProblem(body.classifier, body.eventDateTime, new Date());
    if (early) throw refuse(422, 'VALIDATION_FAILED', early, { eventDateTime: early });
    const [plan] = plans.find(user, [body.planKey], 'read', tntAccess);
    const sailing = sailingOf(plan.key);
    if (
      body.eventType === 'EQUIPMENT' &&
      !containers.rows.some((box) => box.planKey === plan.key && box.containerNo === body.equipmentReference)
    )
      throw refuse(422, 'VALIDATION_FAILED', `柜号 ${body.equipmentReference} 不在该订舱计划中`, {
        equipmentReference: `柜号 ${body.equipmentReference} 不在该订舱计划中`,
      });
    const event = eventOfEntry(stamp(), body, sailing);
    recordTnt([
      { event, planKey: plan.key, owner: plan.owner, source: 'clerk', user, remark: body.remark, supersedes: body.supersedes },
    ]);
    return milestoneOf(tntEvents[tntEvents.length - 1]);
  },
});
