/**
 * 订舱单: a submitted plan becomes an order to book (待订舱). Booking it with the carrier confirms the plan and
 * fixes the cut-offs from the rules of that moment; the release is recorded; a rejection rejects the plan.
 */
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  assertBeforeSiCutoff,
  assertOrderAction,
  cutoffsOf,
  declarableOrderStatuses,
  orderAccess,
  type Order,
  type OrderDetail,
  type orderListQuerySchema,
  type orderPatchSchema,
  orderListFilters,
} from '../../contract/order/schema';
import { addDays, assertPlanMove, isoWeekOf } from '../../contract/plan/codes';
import type { SessionUser } from '../auth/sessionUser';
import { bookingConfirmed, bookingRejected } from './tnt/emit';
import { publishShipdeskEvent } from './webhook/publish';
import type { Db } from '../db/open';
import { declarations, osbOrders, osbPlans, type PlanRow } from '../db/schema';
import { defineList } from './list';
import { sqlFilters } from './listFilters';
import { closeTodos, notifyOwner, todoSubjects } from './notice';
import { changesOf, orderColumns, orderRows, planHistory, planRows, planShape, toOrder, type NamedOrder } from './plan/rows';
import { settingValue } from './setting';
import { likePrefix } from './sqlText';

type Filters = Omit<z.output<typeof orderListQuerySchema>, 'current' | 'pageSize' | 'sorter'>;

/** GET /v1/osbOrder — those to book first (待订舱), then the newest; each with its plan's figures. */
export const listOrders = defineList<typeof orderColumns, NamedOrder, Order, Filters>({
  name: 'orders',
  table: osbOrders,
  key: osbOrders.key,
  owner: osbOrders,
  policy: orderAccess,
  columns: orderColumns,
  toItem: toOrder,
  sortColumns: { createdAt: osbOrders.createdAt, etd: osbOrders.etd, key: osbOrders.key },
  defaultOrder: [sql`${osbOrders.status} <> 'PENDING'`, desc(osbOrders.createdAt)],
  filters: {
    ...sqlFilters(osbOrders, orderListFilters),
    carrierBookingNo: { where: (p) => sql`${osbOrders.carrierBookingNo} like ${p}`, bind: (value) => likePrefix(value) },
    declarable: {
      where: (p) => sql`${p}::text = 'true' and ${inArray(osbOrders.status, [...declarableOrderStatuses])}
        and not exists (select 1 from ${declarations} d where d.order_key = ${osbOrders.key})`,
    },
    q: {
      where: (p) => sql`(upper(${osbOrders.key}) like upper(${p}) or upper(${osbOrders.carrierBookingNo}) like upper(${p})
        or ${osbOrders.owner} in (select u.id from users u where u.real_name like ${p} or lower(u.name) like lower(${p})))`,
      bind: (value) => likePrefix(value),
    },
  },
  countCap: 10_000,
  notFoundMessage: '订舱单不存在',
  join: (query) => query.innerJoin(osbPlans, eq(osbPlans.key, osbOrders.planKey)),
});

/** GET /v1/osbOrder/{key} */
export async function getOrder(db: Db, caller: SessionUser, key: string): Promise<OrderDetail> {
  const found = await listOrders.one(db, caller, key);
  const [history, changes] = await Promise.all([planHistory(db, found.plan.key), changesOf(db, found.plan.key)]);
  return {
    ...toOrder(found),
    plan: { ...planShape.toApi(found.plan), ownerName: found.ownerName, ownerCompanyName: found.ownerCompanyName },
    history,
    changes,
  };
}

/** A submitted plan's order (待订舱), in the submit's transaction. */
export async function openOrder(tx: Db, plan: PlanRow): Promise<void> {
  await tx
    .insert(osbOrders)
    .values({ planKey: plan.key, status: 'PENDING', etd: plan.etd, eta: plan.eta, owner: plan.owner })
    .onConflictDoUpdate({ target: osbOrders.planKey, set: { status: 'PENDING', etd: plan.etd, eta: plan.eta, reason: '' } });
}

/** The plan was cancelled while its order waited: the order is closed with it. */
export async function cancelOrder(tx: Db, actor: string, planKey: string): Promise<void> {
  const [order] = await tx.select().from(osbOrders).where(eq(osbOrders.planKey, planKey)).for('update');
  if (order && order.status === 'PENDING') await orderRows.change(tx, actor, order, { status: 'CANCELLED' });
}

type OrderPatch = z.output<typeof orderPatchSchema>;

/** PATCH /v1/osbOrder/{key} — book, release or reject, with the version read. */
export async function patchOrder(db: Db, caller: SessionUser, key: string, patch: OrderPatch): Promise<Order> {
  return db.transaction(async (tx) => {
    const [order] = await orderRows.lock(tx, [key]);
    orderRows.assertVersions([order], { [key]: patch.version });
    assertOrderAction(key, order.status, patch.action);
    const [plan] = await planRows.lock(tx, [order.planKey]);
    const link = `/osb/plan/${plan.key}`;
    if (patch.action === 'book') {
      const etd = patch.etd ?? plan.etd;
      // A sailing moved by the carrier keeps its transit time unless the clerk gives the new ETA.
      const eta = patch.eta ?? addDays(etd, daysBetween(plan.etd, plan.eta));
      assertPlanMove(plan.key, plan.status, 'CONFIRMED');
      const rule = await settingValue(tx, 'bookingCutoff');
      assertBeforeSiCutoff(etd, rule, 'etd');
      const cutoffs = cutoffsOf(etd, rule);
      await orderRows.change(tx, caller.id, order, {
        status: 'BOOKED',
        carrierBookingNo: patch.carrierBookingNo,
        vessel: patch.vessel,
        voyage: patch.voyage,
        etd,
        eta,
        siCutoff: new Date(cutoffs.siCutoff),
        cyCutoff: new Date(cutoffs.cyCutoff),
        vgmCutoff: new Date(cutoffs.vgmCutoff),
        clerk: caller.id,
      });
      await planRows.change(tx, caller.id, plan, { status: 'CONFIRMED', etd, eta, weekNo: isoWeekOf(etd) });
      await bookingConfirmed(tx, caller.id, {
        planKey: plan.key,
        owner: plan.owner,
        bookingNo: patch.carrierBookingNo,
        vessel: patch.vessel,
        voyage: patch.voyage,
        pol: plan.pol,
        pod: plan.pod,
        etd,
        eta,
      });
      await closeTodos(tx, todoSubjects.planToBook(plan.key), caller.id);
      await notifyOwner(
        tx,
        plan.owner,
        {
          type: 'notification',
          title: `订舱计划 ${plan.key} 已确认`,
          description: `已向船公司订舱：订舱号 ${patch.carrierBookingNo}，${patch.vessel} ${patch.voyage}，开船 ${etd}`,
          link,
        },
        caller.id,
      );
      await publishShipdeskEvent(tx, 'plan.confirmed', plan.owner, {
        planKey: plan.key,
        subject: { type: 'plan', key: plan.key },
        title: `订舱计划 ${plan.key} 已确认（订舱号 ${patch.carrierBookingNo}）`,
        link,
      });
    } else if (patch.action === 'release') {
      await orderRows.change(tx, caller.id, order, { status: 'RELEASED' });
    } else {
      assertPlanMove(plan.key, plan.status, 'REJECTED');
      await orderRows.change(tx, caller.id, order, { status: 'REJECTED', reason: patch.reason, clerk: caller.id });
      await planRows.change(tx, caller.id, plan, { status: 'REJECTED', reason: patch.reason });
      await bookingRejected(tx, caller.id, { planKey: plan.key, owner: plan.owner }, key, patch.reason);
      await closeTodos(tx, todoSubjects.planToBook(plan.key), caller.id);
      await notifyOwner(
        tx,
        plan.owner,
        { type: 'notification', title: `订舱计划 ${plan.key} 被拒绝`, description: `原因：${patch.reason}`, link },
        caller.id,
      );
    }
    return toOrder(await listOrders.one(tx, caller, key));
  });
}

const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
