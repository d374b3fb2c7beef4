/**
 * Mock of 订舱计划 for `npm run dev`: plans and their changes, on the generic in-memory table with the contract's
 * rules (bookable sailings, the lifecycle, change fields and price differences, cut-offs), over the mock calendar
 * (price.ts) and settings (setting.ts); a submitted plan's order is in the store for order.ts.
 */
import { assertBeforeSiCutoff } from '../contract/order/schema';
import {
  assertDraft,
  assertPlanMove,
  changedFieldsOf,
  chinaToday,
  customerMoveFrom,
  planAccess,
  planEndpoints,
  priceDiffOf,
  repricingChanges,
  sailingFieldsOf,
  type Plan,
  type PlanChange,
  type PlanChanges,
  changeListFilters,
  planListFilters,
} from '../contract/plan/schema';
import { unbookableReason } from '../contract/price/codes';
import type { User } from '../contract/user/schema';
import { findUser, ownerNamesOf } from './_demo';
import { filterRows, mockEndpoints, pageOf, refuse, type MockInput } from './_resource';
import { planExport } from '../contract/shared/exports/lists';
import { withPlanFreight } from './_freight';
import { exportOf } from './_files';
import { prices } from './_calendar';
import { planChanges as changes, containers, orders, plans, type ChangeRow, type PlanRow, valueOf } from './_tables';

export const nameOf = (id: string | null) => (id ? (findUser(id)?.realName ?? '') : '');
export const named = (plan: PlanRow): Plan => ({ ...plan, ...ownerNamesOf(plan.owner) });
const namedChange = (change: ChangeRow): PlanChange => ({
  ...change,
  requestedByName: nameOf(change.requestedBy),
  decidedByName: change.decidedAt ? '单证员' : null,
});
export const changesOf = (planKey: string) => changes.rows.filter((c) => c.planKey === planKey).map(namedChange);
export const historyOf = (key: string) => plans.statusHistory<PlanRow['status']>(key);
export const startsWith = (text: string, start: string) => text.toLowerCase().startsWith(start.toLowerCase());
const orderOfPlan = (planKey: string) => orders.rows.find((order) => order.planKey === planKey);

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
  pageOf(filterRows(plans.visible(user), query, planListFilters).map(named), query, 'createdAt:descend');

export const planRoutes = mockEndpoints(planEndpoints, planAccess, '订舱计划不存在', {
  list: planList,
  export: exportOf(
    planExport,
    planList,
    withPlanFreight(
      (plan) => plan.key,
      (plan) => plan.quantity,
    ),
  ),
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
    pageOf(filterRows(changes.visible(user), query, changeListFilters).map(namedChange), query, 'requestedAt:descend'),
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

export default planRoutes;
