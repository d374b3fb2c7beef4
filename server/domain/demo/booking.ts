/**
 * Demo booking on the server: the demo sailings of demo/booking.ts, and the demo booking scenario of
 * demo/bookingScenario.ts played through the same domain calls the API uses (so history, orders, changes, boxes,
 * B/Ls and notices are real), each body parsed by its endpoint's schema as a request's would be. Idempotent:
 * prices are added only to an empty calendar, plans only for a customer who has none.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { bolEndpoints } from '../../../contract/bol/schema';
import { bulkEndpoints } from '../../../contract/packing/endpoints';
import { containerEndpoints } from '../../../contract/container/schema';
import { declarationEndpoints } from '../../../contract/declaration/schema';
import { orderEndpoints } from '../../../contract/order/schema';
import { addDays, chinaToday } from '../../../contract/plan/codes';
import { planEndpoints } from '../../../contract/plan/schema';
import { demoPrices } from '../../../demo/booking';
import { playDemoBooking, type DemoBookingCalls } from '../../../demo/bookingScenario';
import type { SessionUser } from '../../auth/sessionUser';
import type { Db } from '../../db/open';
import { bulkLines, osbOrders, osbPlans, osbPrices, users } from '../../db/schema';
import { patchBol } from '../bol/lifecycle';
import { createBol, updateBol } from '../bol/bols';
import { addContainer } from '../container/containers';
import { createDeclaration, updateDeclaration } from '../declaration';
import { loadBulkLines } from '../container/loading';
import { patchOrder } from '../order';
import { enterMilestone } from '../tnt/push';
import { tntEndpoints } from '../../../contract/tnt/schema';
import { decideChange, requestChange } from '../plan/changes';
import { createPlan, updatePlan } from '../plan/plans';
import { writePrices } from '../price/prices';
import { settingValue } from '../setting';

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

/** The scenario's calls as the domain functions, `customer` and `clerk` the callers. */
function domainCalls(db: Db, customer: SessionUser, clerk: SessionUser): DemoBookingCalls {
  const as = (who: 'customer' | 'clerk') => (who === 'customer' ? customer : clerk);
  return {
    sailings: async () =>
      (
        await db
          .select()
          .from(osbPrices)
          .where(sql`${osbPrices.sailingDate} >= ${addDays(chinaToday(), 10)} and ${osbPrices.space} <> 'full'`)
          .orderBy(osbPrices.sailingDate, osbPrices.pol, osbPrices.containerType, osbPrices.carrier)
          .limit(400)
      ).map((price) => ({ key: price.key, carrier: price.carrier, pol: price.pol, pod: price.pod, etd: price.sailingDate })),
    ports: async () => ({ ports: await settingValue(db, 'ports'), defaultPod: (await settingValue(db, 'defaultPorts')).pod }),
    waitingLines: () =>
      db
        .select()
        .from(bulkLines)
        .where(and(eq(bulkLines.owner, customer.id), eq(bulkLines.type, 'multi'), eq(bulkLines.status, 'pendingConsolidation')))
        .orderBy(asc(bulkLines.key))
        .limit(2000),
    createPlan: (body) => createPlan(db, customer, planEndpoints.create.body.parse(body)),
    updatePlan: (key, body) => updatePlan(db, customer, key, planEndpoints.update.body.parse(body)),
    orderOfPlan: async (planKey) => (await db.select().from(osbOrders).where(eq(osbOrders.planKey, planKey)))[0],
    patchOrder: (key, body) => patchOrder(db, clerk, key, orderEndpoints.patch.body.parse(body)),
    requestChange: (planKey, body) => requestChange(db, customer, planKey, planEndpoints.requestChange.body.parse(body)),
    decideChange: (key, body) => decideChange(db, clerk, key, undefined, planEndpoints.decideChange.body.parse(body)),
    addContainer: (planKey, body) => addContainer(db, customer, planKey, containerEndpoints.create.body.parse(body)),
    loadLines: (body) => loadBulkLines(db, customer, bulkEndpoints.listChange.body.parse(body) as typeof body),
    createBol: (body) => createBol(db, clerk, bolEndpoints.create.body.parse(body)),
    updateBol: (key, body) => updateBol(db, clerk, key, bolEndpoints.update.body.parse(body)),
    patchBol: (who, key, body) => patchBol(db, as(who), key, bolEndpoints.patch.body.parse(body)),
    enterMilestone: (body) => enterMilestone(db, clerk, tntEndpoints.enter.body.parse(body)),
    createDeclaration: (orderKey) => createDeclaration(db, clerk, declarationEndpoints.create.body.parse({ orderKey }).orderKey),
    updateDeclaration: (key, body) => updateDeclaration(db, clerk, key, declarationEndpoints.update.body.parse(body)),
  };
}

/** The demo booking scenario for `userName` (plans in every state, boxes, B/Ls, a handover); answers how many plans. */
export async function seedDemoPlans(db: Db, userName: string, clerkName = 'clerk'): Promise<number> {
  const [customer, clerk] = await Promise.all([callerOf(db, userName), callerOf(db, clerkName)]);
  if (!customer || !clerk || !customer.roles.includes('user')) return 0;
  const planCount = async () =>
    (
      await db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(osbPlans)
        .where(eq(osbPlans.owner, customer.id))
    )[0].n;
  if ((await planCount()) > 0) return 0;
  await playDemoBooking(domainCalls(db, customer, clerk), chinaToday());
  return planCount();
}
