/**
 * Mock of 订舱 for `npm run dev`: plans, changes and orders, each on the generic in-memory table with the
 * contract's rules (bookable sailings, the lifecycle, change fields and price differences, cut-offs), over the
 * mock calendar (prices.ts) and settings (settings.ts).
 */
import {
  assertOrderAction,
  assertBeforeSiCutoff,
  cutoffsOf,
  declarableOrderStatuses,
  orderAccess,
  orderEndpoints,
  type Order,
} from '../contract/order';
import {
  assertDraft,
  assertPlanMove,
  changedFieldsOf,
  chinaToday,
  customerMoveFrom,
  isoWeekOf,
  planAccess,
  planEndpoints,
  priceDiffOf,
  repricingChanges,
  sailingFieldsOf,
  type Plan,
  type PlanChange,
  type PlanChanges,
} from '../contract/plan';
import { unbookableReason } from '../contract/priceCodes';
import type { User } from '../contract/user';
import { findUser } from './_demo';
import { filterRows, mockEndpoints, pageOf, refuse, type MockInput } from './_resource';
import { orderExport, planExport } from '../contract/exports/lists';
import { exportOf } from './_files';
import {
  planChanges as changes,
  containers,
  orders,
  plans,
  type ChangeRow,
  type OrderRow,
  type PlanRow,
  prices,
  valueOf,
} from './_tables';

const nameOf = (id: string | null) => (id ? (findUser(id)?.realName ?? '') : '');
const named = (plan: PlanRow): Plan => ({ ...plan, ownerName: nameOf(plan.owner) });
const namedChange = (change: ChangeRow): PlanChange => ({
  ...change,
  requestedByName: nameOf(change.requestedBy),
  decidedByName: change.decidedAt ? '单证员' : null,
});
const changesOf = (planKey: string) => changes.rows.filter((c) => c.planKey === planKey).map(namedChange);
const historyOf = (key: string) => plans.statusHistory<PlanRow['status']>(key);
const startsWith = (text: string, start: string) => text.toLowerCase().startsWith(start.toLowerCase());
const orderOfPlan = (planKey: string) => orders.rows.find((order) => order.planKey === planKey);
const toOrder = (order: OrderRow): Order => {
  const plan = plans.rows.find((p) => p.key === order.planKey)!;
  const { owner: _owner, ...rest } = order;
  const { osbFactory, carrier, pol, pod, containerType, quantity } = plan;
  return {
    ...rest,
    ownerName: nameOf(plan.owner),
    osbFactory,
    carrier,
    pol,
    pod,
    containerType,
    quantity,
    pendingChange: changesOf(plan.key).some((c) => c.status === 'PENDING'),
  };
};

function applyChanges(user: User, plan: PlanRow, { status, reason, ...fields }: PlanChanges) {
  if (Object.keys(fields).length) assertDraft(plan.key, plan.status, '修改');
  if (status) assertPlanMove(plan.key, plan.status, status, customerMoveFrom[status]);
  if (status === 'CANCELLED' && !reason) throw refuse(422, 'VALIDATION_ERROR', '请填写取消原因', { reason: '请填写取消原因' });
  if (status === 'SUBMITTED') assertBeforeSiCutoff(plan.etd, valueOf('bookingCutoff'), 'status');
  const after = plans.change(user, plan, { ...plan, ...fields, ...(status ? { status } : {}), ...(reason ? { reason } : {}) });
  const order = orderOfPlan(plan.key);
  if (status === 'SUBMITTED') {
    if (order) orders.change(user, order, { ...order, status: 'PENDING', reason: '' });
    else
      orders.insert(user, {
        planKey: plan.key,
        status: 'PENDING',
        carrierBookingNo: '',
        vessel: '',
        voyage: '',
        etd: after.etd,
        eta: after.eta,
        siCutoff: null,
        cyCutoff: null,
        vgmCutoff: null,
        reason: '',
        clerkName: '',
        owner: plan.owner,
      });
  }
  if (status === 'CANCELLED' && order?.status === 'PENDING') orders.change(user, order, { ...order, status: 'CANCELLED' });
  return after;
}

const priceOf = (plan: PlanRow, target: Partial<Record<'carrier' | 'pol' | 'pod' | 'containerType' | 'sailingDate', string>>) => {
  const price = prices.find(
    (p) =>
      p.carrier === (target.carrier ?? plan.carrier) &&
      p.pol === (target.pol ?? plan.pol) &&
      p.pod === (target.pod ?? plan.pod) &&
      p.containerType === (target.containerType ?? plan.containerType) &&
      p.sailingDate === (target.sailingDate ?? plan.etd),
  );
  if (!price) throw refuse(422, 'VALIDATION_ERROR', '该船期没有运价，请在运价日历中选择有运价的船期');
  const refusal = unbookableReason(price, chinaToday());
  if (refusal) throw refuse(409, 'NOT_BOOKABLE', `新船期不可订舱：${refusal}`);
  return price;
};
const planList = ({ user, query }: MockInput) =>
  pageOf(
    filterRows(plans.visible(user), query, {
      key: ['key', 'prefix'],
      status: ['status', 'equal'],
      pol: ['pol', 'equal'],
      pod: ['pod', 'equal'],
      containerType: ['containerType', 'equal'],
      etdFrom: ['etd', 'atLeast'],
      etdTo: ['etd', 'atMost'],
    }).map(named),
    query,
    'createdAt:descend',
  );

export const planRoutes = mockEndpoints(planEndpoints, planAccess, '订舱计划不存在', {
  list: planList,
  export: exportOf(planExport, planList),
  get: ({ user, params }) => {
    const [plan] = plans.find(user, [params.key], 'read');
    const order = orderOfPlan(plan.key);
    return {
      ...named(plan),
      history: historyOf(plan.key),
      changes: changesOf(plan.key),
      containers: containers.rows.filter((c) => c.planKey === plan.key),
      order: order
        ? {
            key: order.key,
            status: order.status,
            carrierBookingNo: order.carrierBookingNo,
            vessel: order.vessel,
            voyage: order.voyage,
          }
        : null,
    };
  },
  create: ({ user, body }) => {
    const price = prices.find((p) => p.key === body.priceKey);
    if (!price)
      throw refuse(422, 'VALIDATION_ERROR', '该船期的运价不存在，请刷新运价日历', {
        priceKey: '该船期的运价不存在，请刷新运价日历',
      });
    const refusal = unbookableReason(price, chinaToday());
    if (refusal) throw refuse(409, 'NOT_BOOKABLE', `该船期不可订舱：${refusal}`);
    assertBeforeSiCutoff(price.sailingDate, valueOf('bookingCutoff'), 'priceKey');
    return named(
      plans.insert(user, {
        ...sailingFieldsOf(price),
        osbFactory: body.osbFactory,
        quantity: body.quantity,
        status: 'DRAFT',
        reason: '',
        remark: body.remark,
        owner: user.id,
      }),
    );
  },
  update: ({ user, params, body: { version, ...rest } }) => {
    const found = plans.find(user, [params.key]);
    plans.assertVersions(found, { [params.key]: version });
    return named(applyChanges(user, found[0], rest));
  },
  batchUpdate: ({ user, body }) => {
    const found = plans.find(user, body.keys);
    plans.assertVersions(found, body.versions);
    return found.map((plan) => named(applyChanges(user, plan, body.changes)));
  },
  remove: ({ user, params, body }) => removeDrafts(user, { [params.key]: body.version }),
  removeMany: ({ user, query }) => removeDrafts(user, query.versions),
  requestChange: ({ user, params, body: { changeType, reason, version, ...target } }) => {
    const [plan] = plans.find(user, [params.planKey]);
    plans.assertVersions([plan], { [plan.key]: version });
    const changedFields = changedFieldsOf(plan, changeType, target);
    const open = changes.rows.find((c) => c.planKey === plan.key && c.status === 'PENDING');
    if (open) throw refuse(409, 'CHANGE_PENDING', `订舱计划 ${plan.key} 已有待审核的变更 ${open.key}，请等待审核或撤回后再申请`);
    const price = repricingChanges.includes(changeType) ? priceOf(plan, target) : undefined;
    return namedChange(
      changes.insert(user, {
        planKey: plan.key,
        changeType,
        changedFields,
        priceDiff: price ? priceDiffOf(plan.priceSnapshot, price, plan.quantity) : null,
        reason,
        status: 'PENDING',
        comment: '',
        requestedBy: user.id,
        requestedAt: new Date().toISOString(),
        decidedAt: null,
        owner: plan.owner,
      }),
    );
  },
  changes: ({ user, query }) =>
    pageOf(
      filterRows(changes.visible(user), query, { status: ['status', 'equal'], planKey: ['planKey', 'equal'] }).map(namedChange),
      query,
      'requestedAt:descend',
    ),
  decideChange: ({ user, params, body }) => decide(user, params.key, undefined, body),
  decidePlanChange: ({ user, params, body }) => decide(user, params.key, params.planKey, body),
  withdrawChange: ({ user, params, body }) => withdraw(user, params.key, undefined, body.version),
  withdrawPlanChange: ({ user, params, body }) => withdraw(user, params.key, params.planKey, body.version),
});

function removeDrafts(user: User, versions: Record<string, number>) {
  const found = plans.find(user, Object.keys(versions));
  plans.assertVersions(found, versions);
  found.forEach((plan) => assertDraft(plan.key, plan.status, '删除'));
  found.forEach((plan) => plans.remove(user, plan));
  return { success: true, deleted: found.length };
}

function pendingChange(
  user: User,
  key: string,
  planKey: string | undefined,
  version: number,
  what: string,
  mode: 'read' | 'change',
) {
  const [change] = changes.find(user, [key], mode);
  if (planKey !== undefined && change.planKey !== planKey) throw refuse(404, 'NOT_FOUND', '变更申请不存在');
  changes.assertVersions([change], { [key]: version });
  if (change.status !== 'PENDING') throw refuse(409, 'ILLEGAL_TRANSITION', `变更申请 ${key} 已处理，不能${what}`);
  return change;
}

function decide(
  user: User,
  key: string,
  planKey: string | undefined,
  body: { decision: 'approve' | 'decline'; comment: string; version: number },
) {
  const change = pendingChange(user, key, planKey, body.version, body.decision === 'approve' ? '批准' : '拒绝', 'read');
  const [plan] = plans.find(user, [change.planKey], 'read');
  let priceDiff = change.priceDiff;
  if (body.decision === 'approve' && change.changeType === 'cancel') {
    assertPlanMove(plan.key, plan.status, 'CANCELLED');
    plans.change(user, plan, { ...plan, status: 'CANCELLED', reason: change.reason });
    const order = orderOfPlan(plan.key);
    if (order) orders.change(user, order, { ...order, status: 'CANCELLED' });
  } else if (body.decision === 'approve' && change.changeType === 'quantity') {
    const quantity = Number(change.changedFields[0].new);
    const boxes = containers.rows.filter((c) => c.planKey === plan.key).length;
    if (quantity < boxes)
      throw refuse(
        409,
        'PLAN_HAS_CONTAINERS',
        `订舱计划 ${plan.key} 已添加 ${boxes} 个柜，柜量不能少于 ${boxes}，请先删除多余的柜`,
      );
    plans.change(user, plan, { ...plan, quantity });
  } else if (body.decision === 'approve') {
    const price = priceOf(
      plan,
      Object.fromEntries(change.changedFields.map((f) => [f.field === 'etd' ? 'sailingDate' : f.field, String(f.new)])),
    );
    priceDiff = priceDiffOf(plan.priceSnapshot, price, plan.quantity);
    plans.change(user, plan, { ...plan, ...sailingFieldsOf(price) });
  }
  const status = body.decision === 'approve' ? ('APPROVED' as const) : ('DECLINED' as const);
  return namedChange(
    changes.change(user, change, { ...change, status, comment: body.comment, priceDiff, decidedAt: new Date().toISOString() }),
  );
}

function withdraw(user: User, key: string, planKey: string | undefined, version: number) {
  const change = pendingChange(user, key, planKey, version, '撤回', 'change');
  return namedChange(changes.change(user, change, { ...change, status: 'WITHDRAWN' }));
}

const orderList = ({ user, query }: MockInput) =>
  pageOf(
    filterRows(orders.visible(user), query, {
      key: ['key', 'prefix'],
      planKey: ['planKey', 'equal'],
      status: ['status', 'equal'],
      carrierBookingNo: ['carrierBookingNo', 'prefix'],
    })
      .filter((order) => !query.declarable || (declarableOrderStatuses as readonly string[]).includes(order.status))
      .map(toOrder)
      .filter(
        (order) => !query.q || [order.key, order.carrierBookingNo, order.ownerName].some((text) => startsWith(text, query.q!)),
      ),
    query,
    'createdAt:descend',
  );

export const orderRoutes = mockEndpoints(orderEndpoints, orderAccess, '订舱单不存在', {
  list: orderList,
  export: exportOf(orderExport, orderList),
  get: ({ user, params }) => {
    const [order] = orders.find(user, [params.key], 'read');
    const plan = plans.rows.find((p) => p.key === order.planKey)!;
    return { ...toOrder(order), plan: named(plan), history: historyOf(plan.key), changes: changesOf(plan.key) };
  },
  patch: ({ user, params, body }) => {
    const [order] = orders.find(user, [params.key]);
    orders.assertVersions([order], { [order.key]: body.version });
    assertOrderAction(order.key, order.status, body.action);
    const [plan] = plans.find(user, [order.planKey], 'read');
    if (body.action === 'book') {
      assertPlanMove(plan.key, plan.status, 'CONFIRMED');
      const etd = body.etd ?? plan.etd;
      assertBeforeSiCutoff(etd, valueOf('bookingCutoff'), 'etd');
      const eta = body.eta ?? plan.eta;
      orders.change(user, order, {
        ...order,
        ...cutoffsOf(etd, valueOf('bookingCutoff')),
        status: 'BOOKED',
        carrierBookingNo: body.carrierBookingNo,
        vessel: body.vessel,
        voyage: body.voyage,
        etd,
        eta,
        clerkName: user.realName,
      });
      plans.change(user, plan, { ...plan, status: 'CONFIRMED', etd, eta, weekNo: isoWeekOf(etd) });
    } else if (body.action === 'release') {
      orders.change(user, order, { ...order, status: 'RELEASED' });
    } else {
      assertPlanMove(plan.key, plan.status, 'REJECTED');
      orders.change(user, order, { ...order, status: 'REJECTED', reason: body.reason });
      plans.change(user, plan, { ...plan, status: 'REJECTED', reason: body.reason });
    }
    return toOrder(orders.rows.find((o) => o.key === order.key)!);
  },
});

export default { ...planRoutes, ...orderRoutes };
