/** Notices of the header's notice icon: created by the server on events, read and cleared by their user. */
import { and, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Role } from '../../contract/shared/common';
import type { ListResult } from '../../contract/shared/common';
import type { Notice, NoticeType } from '../../contract/notice/schema';
import { audit } from '../db/audit';
import type { Db } from '../db/open';
import { notices, todoMails, users, type NoticeRow } from '../db/schema';
import type { TodoMailKind } from '../../contract/mail/codes';

export interface NewNotice {
  type: NoticeType;
  title: string;
  description?: string;
  status?: string;
  link?: string;
  /** A to-do's subject (todoSubjects): the same to-do is reopened when it waits again, and closed when done. */
  subject?: string;
  /** With a subject: a to-do made once (a reminder), left as it is when it exists already. */
  once?: boolean;
}

/**
 * What each to-do waits on; closeTodos(subject) closes it for everyone it was given to. Each is a kind of to-do
 * that may also arrive by mail (contract/mail/codes.ts), under the same name.
 */
export const todoSubjects = {
  /** A submitted plan waits for the clerk to book it with the carrier. */
  planToBook: (planKey: string) => `plan:${planKey}:book`,
  /** A change request waits for the clerk's decision. */
  changeToDecide: (changeKey: string) => `change:${changeKey}:decide`,
  /** A B/L draft waits for the customer's confirmation. */
  bolToConfirm: (bolKey: string) => `bol:${bolKey}:confirm`,
  /** The customer asked for a change of the B/L: it waits for the clerk's amendment. */
  bolToAmend: (bolKey: string) => `bol:${bolKey}:amend`,
  /** A loose-cargo booking waits for the clerk's confirmation. */
  looseToConfirm: (bookingKey: string) => `loose:${bookingKey}:confirm`,
  /** A booked order's cut-off (si, cy, vgm) within a day: its customer and the clerks act before it. */
  cutOff: (orderKey: string, kind: string) => `cutoff:${orderKey}:${kind}`,
  /** A customer's PO failed its needle inspection: it waits for the inspectors' re-inspection. */
  lotToReinspect: (owner: string, poNo: string) => `lot:${owner}:${poNo}:reinspect`,
  /** A declaration handover misses documents: the clerks collect them. */
  declarationDocuments: (declarationKey: string) => `declaration:${declarationKey}:documents`,
  /** A plan's sailing is late (arrival estimated a day after plan, or no departure a day after plan). */
  sailingDelay: (planKey: string) => `tnt:${planKey}:delay`,
} satisfies Record<TodoMailKind, (...keys: string[]) => string>;

/** A subject's kind, read from its first and last parts (`plan:…:book`, `cutoff:…:si`). */
const kindByEnds: Record<string, TodoMailKind> = {
  'plan:book': 'planToBook',
  'change:decide': 'changeToDecide',
  'bol:confirm': 'bolToConfirm',
  'bol:amend': 'bolToAmend',
  'loose:confirm': 'looseToConfirm',
  'lot:reinspect': 'lotToReinspect',
  'declaration:documents': 'declarationDocuments',
  'tnt:delay': 'sailingDelay',
};
export function todoKindOf(subject: string): TodoMailKind | undefined {
  const parts = subject.split(':');
  return parts[0] === 'cutoff' ? 'cutOff' : kindByEnds[`${parts[0]}:${parts.at(-1)}`];
}

export function toNotice(row: NoticeRow): Notice {
  const notice: Notice = {
    id: row.id,
    type: row.type,
    title: row.title,
    description: row.description,
    status: row.status,
    read: row.read,
    datetime: row.datetime.toISOString(),
  };
  if (row.link) notice.link = row.link;
  return notice;
}

/**
 * Creates a notice unless the user turned its type off in their notification preferences. A to-do made or
 * reopened is also queued for mail when the user's switch for its kind is on (jobs/todoMails.ts sends it).
 */
export async function notify(db: Db, userId: string, notice: NewNotice, actor = 'system'): Promise<Notice | null> {
  const [user] = await db
    .select({ prefs: users.notifyPreferences, mail: users.mailPreferences, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  if (!user || user.prefs[notice.type] === false) return null;
  const values = {
    userId,
    type: notice.type,
    title: notice.title,
    description: notice.description ?? '',
    status: notice.status ?? '',
    link: notice.link,
    subject: notice.subject,
  };
  const inserting = db.insert(notices).values(values);
  const target = [notices.subject, notices.userId];
  const subjectSet = sql`subject is not null`;
  const [row] = await (
    notice.once
      ? inserting.onConflictDoNothing({ target, where: subjectSet })
      : inserting.onConflictDoUpdate({ target, targetWhere: subjectSet, set: { ...values, read: false, datetime: sql`now()` } })
  ).returning();
  if (!row) return null;
  await audit(db, { actor, entity: 'notice', entityKey: row.id, after: toNotice(row) });
  const kind = notice.subject && notice.type === 'event' ? todoKindOf(notice.subject) : undefined;
  if (kind && user.mail.todos[kind] && user.email) {
    await db
      .insert(todoMails)
      .values({ noticeId: row.id, userId, kind })
      .onConflictDoNothing({ target: todoMails.noticeId, where: sql`status = 'queued'` });
  }
  return toNotice(row);
}

/**
 * Tells whoever owns a record: its owner and, as a customer's company shares its records, every active colleague —
 * a notice each, under each one's own notification and mail switches, so that the work waits for the company and
 * not for the one person who began it.
 */
export async function notifyOwner(db: Db, owner: string, notice: NewNotice, actor = 'system'): Promise<void> {
  const company = sql`(select u.company_key from users u where u.id = ${owner})`;
  const members = await db
    .select({ id: users.id })
    .from(users)
    .where(or(eq(users.id, owner), and(eq(users.status, 'active'), sql`${users.companyKey} = ${company}`)))
    .orderBy(users.createdAt);
  for (const { id } of members) await notify(db, id, notice, actor);
}

/** Tells every active user of `role` (a to-do for the clerks, say). */
export async function notifyRole(db: Db, role: Role, notice: NewNotice, actor = 'system'): Promise<void> {
  const holders = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.status, 'active'), sql`${role} = any(${users.roles})`));
  for (const { id } of holders) await notify(db, id, notice, actor);
}

/**
 * A record's to-do follows its facts: after every change of the record, its open to-dos of `subject` take the words
 * derived from it again (`todo`), or are closed when it waits for nothing any more (`undefined`). Their read state
 * stays as it was; an unchanged text writes nothing.
 */
export async function followTodo(
  db: Db,
  subject: string,
  todo: { title: string; description: string } | undefined,
  actor: string,
): Promise<void> {
  if (!todo) {
    await closeTodos(db, subject, actor);
    return;
  }
  const stale = await db
    .select({ id: notices.id, title: notices.title, description: notices.description })
    .from(notices)
    .where(
      and(
        eq(notices.subject, subject),
        sql`${notices.status} <> 'done'`,
        sql`(${notices.title}, ${notices.description}) is distinct from (${todo.title}, ${todo.description})`,
      ),
    );
  if (!stale.length) return;
  await db
    .update(notices)
    .set(todo)
    .where(
      inArray(
        notices.id,
        stale.map((row) => row.id),
      ),
    );
  await audit(
    db,
    ...stale.map(({ id, title, description }) => ({
      actor,
      entity: 'notice',
      entityKey: id,
      before: { title, description },
      after: todo,
    })),
  );
}

/** Closes the to-dos of `subject` that are still open (status `done`, read), whoever they were given to. */
export async function closeTodos(db: Db, subject: string, actor: string): Promise<number> {
  const open = await db
    .select({ id: notices.id, status: notices.status, read: notices.read })
    .from(notices)
    .where(and(eq(notices.subject, subject), sql`${notices.status} <> 'done'`));
  if (!open.length) return 0;
  await db
    .update(notices)
    .set({ status: 'done', read: true })
    .where(
      inArray(
        notices.id,
        open.map((row) => row.id),
      ),
    );
  await audit(
    db,
    ...open.map(({ id, status, read }) => ({
      actor,
      entity: 'notice',
      entityKey: id,
      before: { status, read },
      after: { status: 'done', read: true },
    })),
  );
  return open.length;
}

export async function listNotices(
  db: Db,
  userId: string,
  query: { current: number; pageSize: number; type?: NoticeType },
): Promise<ListResult<Notice>> {
  const where = query.type ? and(eq(notices.userId, userId), eq(notices.type, query.type)) : eq(notices.userId, userId);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(notices)
      .where(where)
      .orderBy(desc(notices.datetime), desc(notices.id))
      .limit(query.pageSize)
      .offset((query.current - 1) * query.pageSize),
    db.select({ total: count() }).from(notices).where(where),
  ]);
  return { data: rows.map(toNotice), total, success: true, current: query.current, pageSize: query.pageSize };
}

/** Marks the given notices (or a whole type) of the user read. Other users' ids are ignored. */
export async function markNoticesRead(
  db: Db,
  userId: string,
  selection: { ids: string[] } | { type: NoticeType },
): Promise<number> {
  return db.transaction(async (tx) => {
    const which = 'ids' in selection ? inArray(notices.id, selection.ids.filter(isUuid)) : eq(notices.type, selection.type);
    const changed = await tx
      .update(notices)
      .set({ read: true })
      .where(and(eq(notices.userId, userId), eq(notices.read, false), which))
      .returning({ id: notices.id });
    await audit(
      tx,
      ...changed.map(({ id }) => ({
        actor: userId,
        entity: 'notice',
        entityKey: id,
        before: { read: false },
        after: { read: true },
      })),
    );
    return changed.length;
  });
}

export async function clearNotices(db: Db, userId: string, type: NoticeType): Promise<number> {
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(notices)
      .where(and(eq(notices.userId, userId), eq(notices.type, type)))
      .returning();
    await audit(tx, ...removed.map((row) => ({ actor: userId, entity: 'notice', entityKey: row.id, before: toNotice(row) })));
    return removed.length;
  });
}

export const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
