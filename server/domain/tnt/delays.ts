/**
 * 船期延误: a plan whose sailing is late (contract/tnt/codes.ts `sailingDelay`) is a to-do of its customer and of
 * every clerk, said anew as estimates move and closed when the sailing is on time again. Followed after every event
 * of the plan, and by the `sailingDelays` job for departures that simply did not happen.
 */
import { and, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import { chinaDateTime } from '../../../contract/shared/chinaTime';
import { sailingDelay, timelineRows } from '../../../contract/tnt/codes';
import type { Db } from '../../db/open';
import { notices, osbOrders, osbPlans, tntEvents } from '../../db/schema';
import { closeTodos, followTodo, notifyOwner, notifyRole, todoSubjects } from '../notice';
import { standingEvents } from './events';

/** The to-do's words for a late sailing, from its facts only (so that an unchanged delay writes nothing). */
export function delayWords(planKey: string, pod: string, rows: ReturnType<typeof timelineRows>, now: Date) {
  const delay = sailingDelay(rows, now);
  if (!delay) return undefined;
  if (delay.kind === 'arrival') {
    const arrival = rows.find((row) => row.eventType === 'TRANSPORT' && row.code === 'ARRI' && row.PLN);
    const seen = arrival?.ACT ? `实际 ${chinaDateTime(arrival.ACT)}` : `预计 ${chinaDateTime(arrival?.EST ?? '')}`;
    return {
      title: `订舱计划 ${planKey} 抵港晚于计划约 ${delay.hours} 小时`,
      description: `${pod}：计划 ${chinaDateTime(arrival?.PLN ?? '')}，${seen}`,
    };
  }
  const departure = rows.find((row) => row.eventType === 'TRANSPORT' && row.code === 'DEPA' && row.PLN);
  return {
    title: `订舱计划 ${planKey} 计划离港已过 24 小时，尚无实际离港`,
    description: `计划离港 ${chinaDateTime(departure?.PLN ?? '')}：请向船公司确认船期`,
  };
}

/** Says, updates or closes the plan's delay to-do, in the caller's transaction. */
export const followDelay = (tx: Db, planKey: string, now: Date) => followDelays(tx, [planKey], now);

/**
 * Says, updates or closes the delay to-dos of plans, in the caller's transaction: their plans, standing sailing
 * events and open delay to-dos read in three statements, then only the plans whose to-do changes are written to.
 */
export async function followDelays(tx: Db, planKeys: readonly string[], now: Date): Promise<void> {
  if (planKeys.length === 0) return;
  const keys = [...new Set(planKeys)];
  const plans = await tx
    .select({ key: osbPlans.key, owner: osbPlans.owner, pod: osbPlans.pod })
    .from(osbPlans)
    .where(inArray(osbPlans.key, keys));
  const events = await standingEvents(tx, keys, 'TRANSPORT');
  const subjects = keys.map(todoSubjects.sailingDelay);
  const open = await tx
    .selectDistinct({ subject: notices.subject })
    .from(notices)
    .where(and(inArray(notices.subject, subjects), ne(notices.status, 'done')));
  const opened = new Set(open.map((row) => row.subject));
  for (const plan of plans) {
    const facts = events.filter((row) => row.planKey === plan.key);
    const subject = todoSubjects.sailingDelay(plan.key);
    const words = delayWords(plan.key, plan.pod, timelineRows(facts), now);
    if (!words) {
      if (opened.has(subject)) await closeTodos(tx, subject, 'system');
    } else if (opened.has(subject)) {
      await followTodo(tx, subject, words, 'system');
    } else {
      // One to-do per person and subject (a unique index): two processes saying it at once make one.
      const todo = { type: 'event' as const, ...words, status: 'delayed', subject };
      const [order] = await tx.select({ key: osbOrders.key }).from(osbOrders).where(eq(osbOrders.planKey, plan.key));
      await notifyOwner(tx, plan.owner, { ...todo, link: `/osb/plan/${plan.key}` });
      // The clerks read a plan on its order's page.
      await notifyRole(tx, 'documentClerk', { ...todo, link: order ? `/osb/order/${order.key}` : '/osb/order' });
    }
  }
}

/** How far back a missing departure is still looked for: a sailing a month late has long been said. */
const OVERDUE_LOOKBACK_DAYS = 30;

/** Plans whose planned departure is more than a day past (within a month) with no actual departure standing. */
export async function plansWithOverdueDeparture(db: Db, now: Date): Promise<string[]> {
  const dayAgo = new Date(now.getTime() - 24 * 3_600_000);
  const monthAgo = new Date(now.getTime() - OVERDUE_LOOKBACK_DAYS * 24 * 3_600_000);
  const rows = await db
    .selectDistinct({ planKey: tntEvents.planKey })
    .from(tntEvents)
    .where(
      and(
        eq(tntEvents.eventType, 'TRANSPORT'),
        eq(tntEvents.code, 'DEPA'),
        eq(tntEvents.classifier, 'PLN'),
        isNull(tntEvents.supersededBy),
        lt(tntEvents.eventDateTime, dayAgo),
        gt(tntEvents.eventDateTime, monthAgo),
        sql`not exists (select 1 from ${tntEvents} act where act.plan_key = ${tntEvents.planKey} and act.event_type = 'TRANSPORT'
          and act.code = 'DEPA' and act.classifier = 'ACT' and act.superseded_by is null)`,
      ),
    );
  return rows.map((row) => row.planKey);
}
