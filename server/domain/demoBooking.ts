/**
 * Demo booking: a quarter of weekly sailings on three real lanes (CNSHA → USLAX, CNNGB → DEHAM, CNSZX → AUSYD)
 * for every container type, and for a demo customer a plan in every state, made through the same domain calls
 * the API uses (so their history, orders, changes and notices are real). Idempotent: prices are added only to
 * an empty calendar, plans only for a customer who has none.
 */
import { eq, sql } from 'drizzle-orm';
import { addDays, chinaToday } from '../../contract/planCodes';
import type { SpaceLevel } from '../../contract/priceCodes';
import { containerTypes } from '../../contract/settingCodes';
import type { SessionUser } from '../auth/sessions';
import type { Db } from '../db/open';
import { osbPlans, osbPrices, users } from '../db/schema';
import { listOrders, patchOrder } from './orders';
import { decideChange, requestChange } from './planChanges';
import { planRows } from './planRows';
import { createPlan, updatePlan } from './plans';
import { writePrices } from './prices';

const lanes = [
  { pol: 'CNSHA', pod: 'USLAX', carriers: ['MAEU', 'COSU', 'ONEY'], base: 1900, transitDays: 14 },
  { pol: 'CNNGB', pod: 'DEHAM', carriers: ['MSCU', 'CMDU', 'MAEU'], base: 2600, transitDays: 32 },
  { pol: 'CNSZX', pod: 'AUSYD', carriers: ['COSU', 'EGLV', 'CMDU'], base: 1300, transitDays: 16 },
];
/** Price of a container type against a 20GP. */
const typeFactor = { '20GP': 1, '40GP': 1.6, '40HQ': 1.7, '45HQ': 2 } as const;
const WEEKS = 13;

/** The demo sailings from the start of this month: each carrier weekly on a weekday of its own. */
export function demoPrices(today = chinaToday()) {
  const start = `${today.slice(0, 7)}-01`;
  return lanes.flatMap((lane, l) =>
    lane.carriers.flatMap((carrier, c) =>
      containerTypes.flatMap((containerType) =>
        Array.from({ length: WEEKS }, (_, week) => {
          const sailingDate = addDays(start, week * 7 + c * 2 + l);
          // A steady wave of prices, cheaper mid-quarter; every seventh sailing tight, every eleventh full.
          const wave = Math.round(Math.sin((week + c) * 1.3) * 120 + c * 40 + (week % 4) * 25);
          const n = week * 3 + c + l;
          const space: SpaceLevel = n % 11 === 5 ? 'full' : n % 7 === 3 ? 'tight' : 'ample';
          return {
            carrier,
            pol: lane.pol,
            pod: lane.pod,
            containerType,
            sailingDate,
            amount: Math.round((lane.base + wave) * typeFactor[containerType]),
            currency: 'USD' as const,
            space,
            transitDays: lane.transitDays + c,
            validUntil: null,
          };
        }),
      ),
    ),
  );
}

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

  const draft = (i: number, quantity: number) =>
    createPlan(db, customer, { priceKey: pick(i).key, quantity, osbFactory: 'SH-GARMENT', remark: '' });
  const move = (key: string, version: number, changes: Omit<Parameters<typeof updatePlan>[3], 'version'>) =>
    updatePlan(db, customer, key, { ...changes, version });
  const submitted = async (i: number, quantity: number) => {
    const plan = await draft(i, quantity);
    return move(plan.key, plan.version, { status: 'SUBMITTED' });
  };
  const orderOf = async (planKey: string) => (await listOrders(db, clerk, { current: 1, pageSize: 1, planKey })).data[0];
  const confirmed = async (i: number, quantity: number) => {
    const plan = await submitted(i, quantity);
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
  // 装柜中 and 已出运 follow loading and the bill of lading; until those flows exist the demo moves them here.
  for (const [i, statuses] of [
    [8, ['LOADING']],
    [9, ['LOADING', 'SHIPPED']],
  ] as const) {
    const { plan } = await confirmed(i, 1);
    await db.transaction(async (tx) => {
      let [row] = await planRows.lock(tx, [plan.key]);
      for (const status of statuses) row = await planRows.change(tx, clerk.id, row, { status });
    });
  }
  const [{ made }] = await db
    .select({ made: sql<number>`count(*)`.mapWith(Number) })
    .from(osbPlans)
    .where(eq(osbPlans.owner, customer.id));
  return made;
}
