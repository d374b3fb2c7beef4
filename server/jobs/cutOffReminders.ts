/**
 * 截止提醒: every booked order's cut-off (截单 SI, 截关 CY, VGM) in the next 24 hours is a to-do of the plan's
 * customer and of every clerk, made once; a to-do whose cut-off has passed (or left the order) is closed.
 */
import { chinaDateTime } from '../../contract/shared/chinaTime';
import { and, like, ne, sql } from 'drizzle-orm';
import { cutOffLabels } from '../../contract/home/codes';
import type { CutOff } from '../../contract/home/schema';
import type { Db } from '../db/open';
import { rowsOf } from '../db/rowShape';
import { notices } from '../db/schema';
import { closeTodos, followTodo, notifyOwner, notifyRole, todoSubjects } from '../domain/notice';
import { cutOffsWithin } from '../domain/home';
import type { Job } from './schedule';

const REMINDER_HOURS = 24;

export const cutOffReminders: Job = {
  name: 'cutOffReminders',
  everySeconds: 300,
  async run(tx: Db, now: Date) {
    const within = cutOffsWithin(
      sql`${now.toISOString()}::timestamptz`,
      sql`${new Date(now.getTime() + REMINDER_HOURS * 3_600_000).toISOString()}::timestamptz`,
    );
    const due = rowsOf<CutOff & { owner: string; at: Date | string }>(
      await tx.execute(sql`select * from (${within.rows}) as cut`),
    );
    const subjects = new Set<string>();
    for (const cutOff of due) {
      const at = new Date(cutOff.at).toISOString();
      const subject = todoSubjects.cutOff(cutOff.orderKey, cutOff.kind);
      subjects.add(subject);
      const todo = {
        type: 'event' as const,
        title: `订舱单 ${cutOff.orderKey} ${cutOffLabels[cutOff.kind]}将于 ${chinaDateTime(at)} 截止`,
        description: `订舱计划 ${cutOff.planKey}：请在截止前完成${cutOffLabels[cutOff.kind]}`,
        status: 'urgent',
        subject,
        once: true,
      };
      await notifyOwner(tx, cutOff.owner, { ...todo, link: `/osb/plan/${cutOff.planKey}` });
      await notifyRole(tx, 'documentClerk', { ...todo, link: `/osb/order/${cutOff.orderKey}` });
      // Made once; a cut-off that moved since (a new ETD) is said anew in the to-dos already made.
      await followTodo(tx, subject, { title: todo.title, description: todo.description }, 'system');
    }
    const open = await tx
      .selectDistinct({ subject: notices.subject })
      .from(notices)
      .where(and(like(notices.subject, todoSubjects.cutOff('%', '%')), ne(notices.status, 'done')));
    for (const { subject } of open) if (subject && !subjects.has(subject)) await closeTodos(tx, subject, 'system');
  },
};
