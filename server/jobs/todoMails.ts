/**
 * 邮件提醒: every minute (MAIL_EVERY_SECONDS), one process (the scheduler's claim) sends the to-do mails that are due — each at once,
 * or a user's digest once the oldest of its to-dos has waited the user's interval. Mails are claimed (`sending`)
 * in the claim's transaction and sent after it commits, so a mail is never sent twice, whatever the number of
 * processes; a failed send is queued again, up to five tries. A to-do done, or a switch turned off, before its
 * mail's turn sends nothing.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { MailDelivery, TodoMailKind } from '../../contract/mail/codes';
import { newToken, sha256 } from '../auth/tokens';
import type { Db } from '../db/open';
import { rowsOf } from '../db/rowShape';
import { mailUnsubscribes } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { todoMail, type TodoMailItem, type TodoMailTo } from '../mail/todoMail';
import type { Job } from './schedule';

/** Tries of one mail before it is given up (`failed`). */
const MAX_ATTEMPTS = 5;
/** Mails claimed by one run; the rest wait for the next. */
const BATCH = 500;
/** Sent and skipped rows, and unsubscribe links, are kept this long. */
const KEEP_DAYS = { mails: 90, links: 365 };

interface Claimed extends TodoMailItem {
  id: string;
  userId: string;
  email: string;
  realName: string;
  delivery: MailDelivery;
}

/** One mail to send: the rows it carries, so that its outcome is written on them. */
export interface TodoMailBatch {
  ids: string[];
  to: TodoMailTo;
  items: TodoMailItem[];
}

const wanted = sql`n.status <> 'done' and u.status = 'active' and u.email <> ''
  and coalesce((u.mail_preferences -> 'todos' ->> m.kind)::boolean, false)`;

/** Skips what is no longer wanted, claims what is due, and gives each mail its unsubscribe links. */
export async function claimTodoMails(tx: Db, now: Date, publicUrl: string): Promise<TodoMailBatch[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  await tx.execute(sql`update todo_mails m set status = 'skipped', error = null
    from notices n, users u
    where m.status = 'queued' and n.id = m.notice_id and u.id = m.user_id and not (${wanted})`);
  const claimed = rowsOf<Claimed>(
    await tx.execute(sql`with due as (
        select m.id from todo_mails m join users u on u.id = m.user_id
        where m.status = 'queued' and m.queued_at <= ${at} and (
          u.mail_preferences ->> 'delivery' is distinct from 'digest'
          or exists (select 1 from todo_mails o where o.user_id = m.user_id and o.status = 'queued'
            and o.queued_at <= ${at} - make_interval(mins => (u.mail_preferences ->> 'digestMinutes')::int)))
        order by m.queued_at limit ${BATCH}
        for update of m skip locked),
      claimed as (
        update todo_mails m set status = 'sending', attempts = m.attempts + 1
        from due where m.id = due.id
        returning m.id, m.user_id, m.kind, m.notice_id, m.queued_at)
      select c.id, c.user_id as "userId", c.kind, u.email, u.real_name as "realName",
        coalesce(u.mail_preferences ->> 'delivery', 'each') as delivery, n.title, n.description, n.link
      from claimed c join users u on u.id = c.user_id join notices n on n.id = c.notice_id
      order by c.queued_at, c.id`),
  );
  await tx.execute(sql`delete from todo_mails where status in ('sent', 'skipped', 'failed')
    and queued_at < ${at} - make_interval(days => ${KEEP_DAYS.mails})`);
  await tx.execute(sql`delete from mail_unsubscribes where created_at < ${at} - make_interval(days => ${KEEP_DAYS.links})`);
  if (!claimed.length) return [];

  const links = new Map<string, string>();
  const linkOf = (userId: string, kind: TodoMailKind) => {
    const key = `${userId}:${kind}`;
    if (!links.has(key)) links.set(key, newToken());
    return `${publicUrl}/user/unsubscribe?token=${links.get(key)}`;
  };
  const batches: TodoMailBatch[] = [];
  const digests = new Map<string, TodoMailBatch>();
  for (const mail of claimed) {
    const item: TodoMailItem = { kind: mail.kind, title: mail.title, description: mail.description, link: mail.link };
    let batch = mail.delivery === 'digest' ? digests.get(mail.userId) : undefined;
    if (!batch) {
      batch = { ids: [], items: [], to: { email: mail.email, realName: mail.realName, unsubscribe: {} } };
      batches.push(batch);
      if (mail.delivery === 'digest') digests.set(mail.userId, batch);
    }
    batch.ids.push(mail.id);
    batch.items.push(item);
    batch.to.unsubscribe[mail.kind] = linkOf(mail.userId, mail.kind);
  }
  await tx.insert(mailUnsubscribes).values(
    [...links].map(([key, token]) => {
      const [userId, kind] = key.split(':') as [string, TodoMailKind];
      return { tokenHash: sha256(token), userId, kind };
    }),
  );
  return batches;
}

/** Sends each mail and writes its outcome; a failure is queued again (unless the to-do waits again meanwhile). */
export async function sendTodoMails(
  db: Db,
  mailer: Mailer,
  batches: readonly TodoMailBatch[],
  publicUrl: string,
  log: FastifyBaseLogger,
) {
  for (const batch of batches) {
    const ids = sql`(${sql.join(
      batch.ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`;
    try {
      await mailer.send(todoMail(batch.to, batch.items, publicUrl));
      await db.execute(sql`update todo_mails set status = 'sent', sent_at = now(), error = null where id in ${ids}`);
    } catch (err) {
      log.warn({ err, to: batch.to.email }, 'to-do mail not sent');
      await db.execute(sql`update todo_mails m set error = ${String((err as Error).message ?? err).slice(0, 500)},
        status = case when m.attempts >= ${MAX_ATTEMPTS} or exists (select 1 from todo_mails o
          where o.notice_id = m.notice_id and o.status = 'queued') then 'failed' else 'queued' end
        where m.id in ${ids}`);
    }
  }
}

export function todoMailJob(
  db: Db,
  mailer: Mailer,
  publicUrl: string,
  log: FastifyBaseLogger,
  everySeconds = 60,
): Job<TodoMailBatch[]> {
  return {
    name: 'todoMails',
    everySeconds,
    run: (tx, now) => claimTodoMails(tx, now, publicUrl),
    afterClaim: async (_now, batches) => {
      if (batches?.length) await sendTodoMails(db, mailer, batches, publicUrl, log);
    },
  };
}
