/**
 * 客户公司: the members of the caller's company, and the removal of one by its manager — the account is disabled
 * and its sessions and API tokens deleted in one transaction, so that each stops at its next request in every
 * process (the session look-up reads the status; migration 0003's triggers drop what the processes remember).
 */
import { and, asc, desc, eq } from 'drizzle-orm';
import { companyMessages, type Member } from '../../../contract/company/schema';
import type { ListResult } from '../../../contract/shared/common';
import { forgetUserSessions } from '../../auth/sessionCache';
import type { SessionUser } from '../../auth/sessionUser';
import { audit } from '../../db/audit';
import type { Db } from '../../db/open';
import { sessions, users } from '../../db/schema';
import { forbidden, invalid, notFound } from '../refusals';
import { auditView } from '../user';
import { isUuid } from '../notice';

const memberColumns = {
  id: users.id,
  name: users.name,
  realName: users.realName,
  email: users.email,
  isManager: users.isManager,
  status: users.status,
  createdAt: users.createdAt,
};

/** GET /v1/company/members — the manager first, then by when each joined. */
export async function listMembers(db: Db, caller: SessionUser): Promise<ListResult<Member>> {
  const rows = caller.company
    ? await db
        .select(memberColumns)
        .from(users)
        .where(eq(users.companyKey, caller.company))
        .orderBy(desc(users.isManager), asc(users.createdAt), asc(users.id))
    : [];
  const data = rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
  return { data, total: data.length, success: true, current: 1, pageSize: Math.max(data.length, 1) };
}

/** DELETE /v1/company/members/{id} */
export async function removeMember(db: Db, caller: SessionUser, id: string) {
  await db.transaction(async (tx) => {
    const [manager] = await tx.select({ isManager: users.isManager }).from(users).where(eq(users.id, caller.id));
    const [member] =
      caller.company && isUuid(id)
        ? await tx
            .select()
            .from(users)
            .where(and(eq(users.id, id), eq(users.companyKey, caller.company)))
            .for('update')
        : [];
    if (!member) throw notFound(companyMessages.noMember);
    if (!manager?.isManager) throw forbidden(companyMessages.notManager);
    if (member.id === caller.id) throw invalid({ id: companyMessages.notSelf });
    const [after] = await tx
      .update(users)
      .set({ status: 'disabled', version: member.version + 1 })
      .where(eq(users.id, id))
      .returning();
    await tx.delete(sessions).where(eq(sessions.userId, id));
    await audit(tx, { actor: caller.id, entity: 'user', entityKey: id, before: auditView(member), after: auditView(after) });
  });
  forgetUserSessions(db, id);
  return { success: true as const, deleted: 1 };
}
