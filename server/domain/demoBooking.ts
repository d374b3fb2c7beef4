/**
 * Demo booking: the demo sailings of demo/booking.ts, and for a demo customer a plan in every state, made through the same domain calls
 * the API uses (so their history, orders, changes and notices are real). Idempotent: prices are added only to
 * an empty calendar, plans only for a customer who has none.
 */
import { eq, sql } from 'drizzle-orm';
import { addDays, chinaToday } from '../../contract/planCodes';
import { demoPrices } from '../../demo/booking';
import type { SessionUser } from '../auth/sessions';
import type { Db } from '../db/open';
import { osbPlans, osbPrices, users } from '../db/schema';
import { listOrders, patchOrder } from './orders';
import { decideChange, requestChange } from './planChanges';
import { declareDemoPlan, sailingForWaitingGoods, shipDemoPlan } from './demoShipping';
import { createPlan, updatePlan } from './plans';
import { writePrices } from './prices';

const callerOf = async (db: Db, name: string): Promise<SessionUser | undefined> => {
  const [row] = await db.select({ id: users.id, roles: users.roles }).from(users).where(eq(users.name, name));
  return row && { id: row.id, name, roles: row.roles, tokenHash: '' };
};

/** Adds the demo sailings to an empty calendar; answers how many. */
export async function seedDemoPrices(db: Db, clerkName = 'clerk'): Promise<number> {
  const clerk = await callerOf(db, clerkName);
  const [{ n }] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(osbPrices);
  if (!clerk || n > 0) return 0;
  const { rows } = await db.transaction((tx) => writePrices(tx, clerk, demoPrices(), false));
  return rows.length;
}

/** A plan of `userName` in every state (and one with a change waiting); answers how many plans. */
export async function seedDemoPlans(db: Db, userName: string, clerkName = 'clerk'): Promise<number> {
  const [customer, clerk] = await Promise.all([callerOf(db, userName), callerOf(db, clerkName)]);
  if (!customer || !clerk || !customer.roles.includes('user')) return 0;
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(osbPlans)
    .where(eq(osbPlans.owner, customer.id));
  if (n > 0) return 0;
  const sailings = await db
    .select()
    .from(osbPrices)
    .where(sql`${osbPrices.sailingDate} >= ${addDays(chinaToday(), 10)} and ${osbPrices.space} <> 'full'`)
    .orderBy(osbPrices.sailingDate, osbPrices.pol, osbPrices.containerType, osbPrices.carrier)
    .limit(400);
  const pick = (i: number) => sailings[(i * 37) % sailings.length];
  if (!sailings.length) return 0;

  const draft = (i: number, quantity: number, sailing = pick(i)) =>
    createPlan(db, customer, { priceKey: sailing.key, quantity, osbFactory: 'SH-GARMENT', remark: '' });
  const move = (key: string, version: number, changes: Omit<Parameters<typeof updatePlan>[3], 'version'>) =>
    updatePlan(db, customer, key, { ...changes, version });
  const submitted = async (i: number, quantity: number, sailing = pick(i)) => {
    const plan = await draft(i, quantity, sailing);
    return move(plan.key, plan.version, { status: 'SUBMITTED' });
  };
  const orderOf = async (planKey: string) => (await listOrders(db, clerk, { current: 1, pageSize: 1, planKey })).data[0];
  const confirmed = async (i: number, quantity: number, sailing = pick(i)) => {
    const plan = await submitted(i, quantity, sailing);
    const order = await orderOf(plan.key);
    const voyage = `${600 + i}E`;
    await patchOrder(db, clerk, order.key, {
      action: 'book',
      carrierBookingNo: `${plan.carrier}${600_000 + i * 1_379}`,
      vessel: 'EVER GIVEN',
      voyage,
      version: order.version,
    });
    return { plan: { ...plan, version: plan.version + 1 }, order };
  };

  await draft(1, 2);
  await submitted(2, 1);
  const rejected = await submitted(3, 3);
  const rejectedOrder = await orderOf(rejected.key);
  await patchOrder(db, clerk, rejectedOrder.key, {
    action: 'reject',
    reason: '该船期舱位已被船公司收回',
    version: rejectedOrder.version,
  });
  const cancelled = await draft(4, 1);
  await move(cancelled.key, cancelled.version, { status: 'CANCELLED', reason: '客户订单取消' });
  await confirmed(5, 2);
  const changed = await confirmed(6, 2);
  await requestChange(db, customer, changed.plan.key, {
    changeType: 'quantity',
    quantity: 3,
    reason: '追加订单，多出一柜货',
    version: changed.plan.version,
  });
  const approved = await confirmed(7, 4);
  const change = await requestChange(db, customer, approved.plan.key, {
    changeType: 'quantity',
    quantity: 3,
    reason: '部分货物改走散货',
    version: approved.plan.version,
  });
  await decideChange(db, clerk, change.key, undefined, {
    decision: 'approve',
    comment: '已与船公司确认',
    version: change.version,
  });
  // 装柜中 with a B/L waiting for the customer, and 已出运 with its B/L released: to a port the customer has goods for.
  const shipping = await sailingForWaitingGoods(db, customer, sailings);
  if (shipping) {
    for (const [i, to] of [
      [8, 'PENDING_APPROVAL'],
      [9, 'RELEASED'],
    ] as const) {
      const { plan } = await confirmed(i, 1, shipping);
      await shipDemoPlan(db, customer, clerk, plan, i, to);
      if (to === 'RELEASED') await declareDemoPlan(db, clerk, plan.key);
    }
  }
  const [{ made }] = await db
    .select({ made: sql<number>`count(*)`.mapWith(Number) })
    .from(osbPlans)
    .where(eq(osbPlans.owner, customer.id));
  return made;
}
