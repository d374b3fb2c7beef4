/**
 * 系统管理: the administrator's view of every person's account (system accounts stay with `npm run admin`), and
 * its changes — activate or refuse a pending registration, disable, enable, change the role — each audited in the
 * transaction of the change. The last active administrator keeps their role and status: someone must be left to
 * run the console.
 */
import { and, asc, count, desc, eq, ilike, ne, not, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { adminMessages, type AccountListQuery, type AccountPatch, type AdminAccount } from '../../../contract/admin/schema';
import {
  adminRole,
  isPersonRole,
  isOwnField,
  systemRole,
  type ListResult,
  type PersonRole,
} from '../../../contract/shared/common';
import { forgetUserSessions } from '../../auth/sessionCache';
import type { SessionUser } from '../../auth/sessionUser';
import { audit } from '../../db/audit';
import type { Db } from '../../db/open';
import { companies, sessions, signIns, users, type UserRow } from '../../db/schema';
import { conflict, invalid, notFound } from '../refusals';
import { isUuid } from '../notice';
import { likeContains } from '../sqlText';
import { auditView, createCompany } from '../user';

const lastSignInAt = sql<Date | null>`(select max(${signIns.at}) from ${signIns} where ${signIns.userId} = ${users.id} and ${signIns.outcome} = 'ok')`;

const accountColumns = {
  user: users,
  company: { key: companies.key, name: companies.name, shortCode: companies.shortCode },
  lastSignInAt: lastSignInAt.as('last_sign_in_at'),
};

/** The people's accounts: a system's account is neither listed nor changed here. */
const isPerson = not(sql`${systemRole} = any(${users.roles})`);

type AccountRow = { user: UserRow; company: AdminAccount['company']; lastSignInAt: Date | string | null };

/** The one role the console shows and sets: a person's account has one. */
export const roleOf = (row: UserRow): PersonRole => row.roles.find(isPersonRole) ?? 'user';

function toAccount({ user, company, lastSignInAt: at }: AccountRow): AdminAccount {
  return {
    id: user.id,
    name: user.name,
    realName: user.realName,
    email: user.email,
    phone: user.phone ?? '',
    role: roleOf(user),
    status: user.status,
    company: company?.key ? company : null,
    isManager: user.isManager,
    createdAt: user.createdAt.toISOString(),
    lastSignInAt: at ? new Date(at).toISOString() : null,
    version: user.version,
  };
}

/** GET /v1/admin/accounts — pending registrations first, then the newest, unless sorted otherwise. */
export async function listAccounts(db: Db, query: AccountListQuery): Promise<ListResult<AdminAccount>> {
  const filters: SQL[] = [isPerson];
  if (query.keyword) {
    const pattern = likeContains(query.keyword);
    filters.push(or(ilike(users.name, pattern), ilike(users.realName, pattern), ilike(users.email, pattern))!);
  }
  if (query.status) filters.push(eq(users.status, query.status));
  if (query.role) filters.push(sql`${query.role} = any(${users.roles})`);
  if (query.company) {
    const pattern = likeContains(query.company);
    filters.push(or(ilike(companies.name, pattern), ilike(companies.shortCode, pattern))!);
  }
  const where = and(...filters);
  const sortable: Record<string, SQL | AnyPgColumn> = {
    name: users.name,
    createdAt: users.createdAt,
    status: users.status,
    lastSignInAt,
  };
  const [field, direction] = query.sorter?.split(':') ?? [];
  const order = (value: SQL | AnyPgColumn) => (direction === 'descend' ? desc(value) : asc(value));
  const orderBy =
    field && isOwnField(sortable, field)
      ? [order(sortable[field]), asc(users.id)]
      : [desc(sql`${users.status} = 'pending'`), desc(users.createdAt), asc(users.id)];
  const rows = await db
    .select(accountColumns)
    .from(users)
    .leftJoin(companies, eq(companies.key, users.companyKey))
    .where(where)
    .orderBy(...orderBy)
    .limit(query.pageSize)
    .offset((query.current - 1) * query.pageSize);
  const [{ total }] = await db
    .select({ total: count() })
    .from(users)
    .leftJoin(companies, eq(companies.key, users.companyKey))
    .where(where);
  return { data: rows.map(toAccount), total, success: true, current: query.current, pageSize: query.pageSize };
}

async function accountRow(db: Db, id: string): Promise<AccountRow> {
  const [row] = isUuid(id)
    ? await db
        .select(accountColumns)
        .from(users)
        .leftJoin(companies, eq(companies.key, users.companyKey))
        .where(and(eq(users.id, id), isPerson))
    : [];
  if (!row) throw notFound(adminMessages.noAccount);
  return row;
}

/** GET /v1/admin/accounts/{id} */
export const getAccount = async (db: Db, id: string) => toAccount(await accountRow(db, id));

/** What a change did, for the mail that tells the account's owner. */
export type AccountChange = 'activated' | 'refused' | 'other';

/** PATCH /v1/admin/accounts/{id} — the changed account, and what the change was. */
export async function patchAccount(
  db: Db,
  caller: SessionUser,
  id: string,
  body: AccountPatch,
): Promise<{ account: AdminAccount; change: AccountChange; before: UserRow }> {
  const { before, change } = await db.transaction(async (tx) => {
    const [row] = isUuid(id)
      ? await tx
          .select()
          .from(users)
          .where(and(eq(users.id, id), isPerson))
          .for('update')
      : [];
    if (!row) throw notFound(adminMessages.noAccount);
    if (row.version !== body.version) throw conflict('VERSION_CONFLICT', `账号 ${row.name} 已被他人修改，请刷新后重试`);
    const status = body.status ?? row.status;
    const role = body.role ?? roleOf(row);
    if (row.status === 'active' && roleOf(row) === adminRole && (status !== 'active' || role !== adminRole)) {
      const others = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(ne(users.id, row.id), eq(users.status, 'active'), sql`${adminRole} = any(${users.roles})`))
        .for('update');
      if (!others.length) throw invalid({ [body.status ? 'status' : 'role']: adminMessages.lastAdmin });
    }
    const roleChanged = role !== roleOf(row);
    // A customer belongs to a company; the business unit's staff to none. A new customer gets one of their own.
    const company =
      roleChanged && role === 'user'
        ? {
            companyKey: (await createCompany(tx, { name: row.realName || row.name, contact: row.realName }, caller.id)).key,
            isManager: true,
          }
        : roleChanged
          ? { companyKey: null, isManager: false }
          : {};
    const [after] = await tx
      .update(users)
      .set({ status, roles: roleChanged ? [role] : row.roles, ...company, version: row.version + 1 })
      .where(eq(users.id, row.id))
      .returning();
    // Signed out everywhere when stopped, or when the role changes (the next sign-in carries the new one).
    if (status === 'disabled' || roleChanged) await tx.delete(sessions).where(eq(sessions.userId, row.id));
    await audit(tx, { actor: caller.id, entity: 'user', entityKey: row.id, before: auditView(row), after: auditView(after) });
    const kind: AccountChange =
      row.status === 'pending' && status === 'active'
        ? 'activated'
        : row.status === 'pending' && status === 'disabled'
          ? 'refused'
          : 'other';
    return { before: row, change: kind };
  });
  forgetUserSessions(db, id);
  return { account: await getAccount(db, id), change, before };
}

/** GET /v1/admin/accounts/{id}/sign-ins — the newest first. */
export async function listSignIns(db: Db, id: string, page: { current: number; pageSize: number }) {
  await accountRow(db, id);
  const rows = await db
    .select({ at: signIns.at, address: signIns.address, outcome: signIns.outcome })
    .from(signIns)
    .where(eq(signIns.userId, id))
    .orderBy(desc(signIns.at), desc(signIns.id))
    .limit(page.pageSize)
    .offset((page.current - 1) * page.pageSize);
  const [{ total }] = await db.select({ total: count() }).from(signIns).where(eq(signIns.userId, id));
  const data = rows.map((row) => ({ ...row, at: row.at.toISOString() }));
  return { data, total, success: true as const, current: page.current, pageSize: page.pageSize };
}
