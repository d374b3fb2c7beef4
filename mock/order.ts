/** Mock of 订舱单 for `npm run dev`: the clerk's orders of submitted plans, booked, released or rejected by the contract's rules. */
import {
  assertOrderAction,
  assertBeforeSiCutoff,
  cutoffsOf,
  declarableOrderStatuses,
  orderAccess,
  orderEndpoints,
  type Order,
  orderListFilters,
} from '../contract/order/schema';
import { assertPlanMove, isoWeekOf } from '../contract/plan/schema';
import { orderExport } from '../contract/shared/exports/lists';
import { withPlanFreight } from './_freight';
import { exportOf } from './_files';
import { filterRows, mockEndpoints, pageOf, type MockInput } from './_resource';
import { orders, plans, type OrderRow, valueOf } from './_tables';
import { ownerNamesOf } from './_demo';
import { changesOf, historyOf, named, startsWith } from './plan';
import { recordBooking, recordStep } from './_tnt';

const toOrder = (order: OrderRow): Order => {
  const plan = plans.rows.find((p) => p.key === order.planKey)!;
  const { owner: _owner, ...rest } = order;
  const { osbFactory, carrier, pol, pod, containerType, quantity } = plan;
  return {
    ...rest,
    ...ownerNamesOf(plan.owner),
    osbFactory,
    carrier,
    pol,
    pod,
    containerType,
    quantity,
    pendingChange: changesOf(plan.key).some((c) => c.status === 'PENDING'),
  };
};

const orderList = ({ user, query }: MockInput) =>
  pageOf(
    filterRows(orders.visible(user), query, { ...orderListFilters, carrierBookingNo: ['carrierBookingNo', 'prefix'] })
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
  export: exportOf(
    orderExport,
    orderList,
    withPlanFreight(
      (order) => order.planKey,
      (order) => order.quantity,
    ),
  ),
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
      recordBooking(plan, { bookingNo: body.carrierBookingNo, vessel: body.vessel, voyage: body.voyage, etd, eta }, user);
    } else if (body.action === 'release') {
      orders.change(user, order, { ...order, status: 'RELEASED' });
    } else {
      assertPlanMove(plan.key, plan.status, 'REJECTED');
      orders.change(user, order, { ...order, status: 'REJECTED', reason: body.reason });
      plans.change(user, plan, { ...plan, status: 'REJECTED', reason: body.reason });
      recordStep({ planKey: plan.key, owner: plan.owner }, 'REJE', 'BKG', order.key, user);
    }
    return toOrder(orders.rows.find((o) => o.key === order.key)!);
  },
});

export default orderRoutes;
