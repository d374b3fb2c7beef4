/**
 * The unsubscribe link of a to-do mail, signed out: what it turns off, and turning it off. The link holds a
 * random token kept only as its SHA-256; turning off is the user's own change (versioned and audited) and drops
 * the mails of that kind still waiting.
 */
import { and, eq, sql } from 'drizzle-orm';
import { todoMailKinds, type UnsubscribeInfo } from '../../contract/mail/codes';
import { RuleError } from '../../contract/shared/ruleError';
import { sha256 } from '../auth/tokens';
import { audit } from '../db/audit';
import type { Db } from '../db/open';
import { mailUnsubscribes, todoMails, users } from '../db/schema';
import { auditView } from './user';

const invalidLink = () => new RuleError(404, 'TOKEN_INVALID', '退订链接无效或已过期');

/** `zhang.san` → `zh***an`: enough for its owner to recognise, not a forwarded mail's reader. */
const masked = (name: string) => (name.length <= 2 ? `${name[0] ?? ''}*` : `${name.slice(0, 2)}***${name.slice(-2)}`);

async function linkOf(db: Db, token: string, lock = false) {
  const query = db
    .select({ kind: mailUnsubscribes.kind, user: users })
    .from(mailUnsubscribes)
    .innerJoin(users, eq(users.id, mailUnsubscribes.userId))
    .where(eq(mailUnsubscribes.tokenHash, sha256(token)));
  const [found] = await (lock ? query.for('update', { of: users }) : query);
  if (!found) throw invalidLink();
  return found;
}

const infoOf = ({ kind, user }: Awaited<ReturnType<typeof linkOf>>): UnsubscribeInfo => ({
  kind,
  label: todoMailKinds[kind].label,
  account: masked(user.name),
  subscribed: user.mailPreferences.todos[kind] === true,
});

export async function unsubscribeInfo(db: Db, token: string): Promise<UnsubscribeInfo> {
  return infoOf(await linkOf(db, token));
}

/** Turns the link's switch off; a second call answers the same, changing nothing. */
export async function unsubscribe(db: Db, token: string): Promise<UnsubscribeInfo> {
  return db.transaction(async (tx) => {
    const found = await linkOf(tx, token, true);
    if (found.user.mailPreferences.todos[found.kind] !== true) return infoOf(found);
    const { user, kind } = found;
    const [row] = await tx
      .update(users)
      .set({
        mailPreferences: { ...user.mailPreferences, todos: { ...user.mailPreferences.todos, [kind]: false } },
        version: sql`${users.version} + 1`,
      })
      .where(eq(users.id, user.id))
      .returning();
    await audit(tx, { actor: user.id, entity: 'user', entityKey: user.id, before: auditView(user), after: auditView(row) });
    await tx
      .update(todoMails)
      .set({ status: 'skipped' })
      .where(and(eq(todoMails.userId, user.id), eq(todoMails.kind, kind), eq(todoMails.status, 'queued')));
    return infoOf({ kind, user: row });
  });
}
