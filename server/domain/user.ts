/** Accounts as the API shows them, and the changes a user makes to their own account. */
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { isOwnField, isPersonRole, type ListResult, type Role } from '../../contract/shared/common';
import type { Company, PasswordChange, User, UserPatch, UserStatus } from '../../contract/user/schema';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { addHit, atLimit } from '../auth/rateLimit';
import { forgetUserSessions } from '../auth/sessionCache';
import type { RateLimit } from '../config';
import { revokeUserSessions } from '../auth/sessions';
import type { SessionUser } from '../auth/sessionUser';
import { audit } from '../db/audit';
import type { Db } from '../db/open';
import { companies, users, type UserRow } from '../db/schema';
import { rowsOf } from '../db/rowShape';
import { conflict, forbidden, invalid, notFound, tooManyRequests } from './refusals';
import { isUuid, notify } from './notice';
import { likeContains } from './sqlText';

/** A user row as the audit log keeps it: never the password hash. */
export function auditView(row: UserRow) {
  const { passwordHash: _secret, ...rest } = row;
  return rest;
}

function toUser(row: UserRow, counts: { notifyCount: number; unreadCount: number }, company: Company | null): User {
  return {
    id: row.id,
    name: row.name,
    realName: row.realName,
    email: row.email,
    phone: row.phone ?? '',
    authority: row.roles.filter(isPersonRole),
    status: row.status,
    config: row.config,
    notifyPreferences: row.notifyPreferences,
    mailPreferences: row.mailPreferences,
    notifyCount: counts.notifyCount,
    unreadCount: counts.unreadCount,
    createdAt: row.createdAt.toISOString(),
    company,
    isManager: row.isManager,
  };
}

/**
 * A user row with its notice counts, in one query (GET /v1/users/current is the most frequent call). Written
 * out in SQL because Drizzle leaves columns unqualified in a one-table select, which a subquery would misread.
 */
const userWithCounts = {
  row: users,
  notifyCount: sql<number>`(select count(*) from notices n where n.user_id = users.id)`.mapWith(Number),
  unreadCount: sql<number>`(select count(*) from notices n where n.user_id = users.id and not n.read)`.mapWith(Number),
  company: sql<Company | null>`(select json_build_object('key', c.key, 'name', c.name, 'shortCode', c.short_code)
    from companies c where c.key = users.company_key)`,
};

const toUserWithCounts = ({
  row,
  company,
  ...counts
}: {
  row: UserRow;
  notifyCount: number;
  unreadCount: number;
  company: Company | null;
}) => toUser(row, counts, company);

const byIdOrName = (idOrName: string) => (isUuid(idOrName) ? eq(users.id, idOrName.toLowerCase()) : eq(users.name, idOrName));

/** By id (a UUID) or by login name. */
export async function findUserRow(db: Db, idOrName: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(byIdOrName(idOrName));
  return row;
}

export async function getUser(db: Db, idOrName: string): Promise<User> {
  const [found] = await db.select(userWithCounts).from(users).where(byIdOrName(idOrName));
  if (!found) throw notFound('用户不存在');
  return toUserWithCounts(found);
}

export interface UserListQuery {
  current: number;
  pageSize: number;
  sorter?: string;
  name?: string;
  status?: UserStatus;
  role?: Role;
}

const sortable = { name: users.name, realName: users.realName, createdAt: users.createdAt, status: users.status } as const;

export async function listUsers(db: Db, query: UserListQuery): Promise<ListResult<User>> {
  const filters: SQL[] = [];
  if (query.name) {
    const pattern = likeContains(query.name);
    filters.push(or(ilike(users.name, pattern), ilike(users.realName, pattern))!);
  }
  if (query.status) filters.push(eq(users.status, query.status));
  if (query.role) filters.push(sql`${query.role} = any(${users.roles})`);
  const where = filters.length ? and(...filters) : undefined;
  const [field, direction] = (query.sorter ?? 'createdAt:ascend').split(':');
  const column = isOwnField(sortable, field) ? sortable[field] : users.createdAt;
  const rows = await db
    .select(userWithCounts)
    .from(users)
    .where(where)
    .orderBy(direction === 'descend' ? desc(column) : asc(column), asc(users.id))
    .limit(query.pageSize)
    .offset((query.current - 1) * query.pageSize);
  const [{ total }] = await db.select({ total: count() }).from(users).where(where);
  return { data: rows.map(toUserWithCounts), total, success: true, current: query.current, pageSize: query.pageSize };
}

/** The short code a company is given when none is: `C` and its key's number, five digits at least (C00012). */
export const defaultShortCode = (key: string) => `C${String(Number(key.slice(2))).padStart(5, '0')}`;

/** Makes a customer's company (客户公司, audited as `company`), its short code made from its key. */
export async function createCompany(tx: Db, input: { name: string; contact: string }, actor: string) {
  const [{ key }] = rowsOf<{ key: string }>(
    await tx.execute(sql`select 'CO' || lpad(nextval('company_key_seq')::text, 8, '0') as key`),
  );
  const [row] = await tx
    .insert(companies)
    .values({ key, name: input.name, shortCode: defaultShortCode(key), contact: input.contact })
    .returning();
  await audit(tx, { actor, entity: 'company', entityKey: key, after: row });
  return row;
}

export interface NewUser {
  name: string;
  password: string;
  roles: Role[];
  status: UserStatus;
  realName?: string;
  email?: string;
  phone?: string;
  /** The company a customer joins (an invitation's); without it a customer gets a company of their own. */
  companyKey?: string;
  /** The name of a customer's own company, when not theirs. */
  companyName?: string;
}

/**
 * Creates an account; a taken name or phone number is a 409. A customer (`user`) belongs to a company: the one given,
 * or a new one named after them, of which they are the manager.
 */
export async function createUser(db: Db, input: NewUser, actor: string): Promise<UserRow> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const taken = await tx
      .select({ name: users.name, phone: users.phone })
      .from(users)
      .where(input.phone ? or(eq(users.name, input.name), eq(users.phone, input.phone)) : eq(users.name, input.name));
    if (taken.some((row) => row.name === input.name)) throw conflict('NAME_TAKEN', '用户名已被占用');
    if (taken.length) throw conflict('PHONE_TAKEN', '手机号已被其他账号绑定');
    const ownCompany =
      input.roles.includes('user') && !input.companyKey
        ? await createCompany(
            tx,
            { name: input.companyName || input.realName || input.name, contact: input.realName ?? '' },
            actor === 'self' ? 'system' : actor,
          )
        : undefined;
    const [row] = await tx
      .insert(users)
      .values({
        name: input.name,
        passwordHash,
        roles: input.roles,
        status: input.status,
        realName: input.realName ?? '',
        email: input.email ?? '',
        phone: input.phone || null,
        companyKey: ownCompany?.key ?? (input.roles.includes('user') ? input.companyKey : undefined),
        isManager: ownCompany !== undefined,
      })
      .returning();
    await audit(tx, { actor: actor === 'self' ? row.id : actor, entity: 'user', entityKey: row.id, after: auditView(row) });
    return row;
  });
}

/** Sets an account's status (activation by mail or by an administrator); activation leaves a notice. */
export async function setUserStatus(db: Db, userId: string, status: UserStatus, actor: string): Promise<UserRow> {
  const row = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!before) throw notFound('用户不存在');
    if (before.status === status) return before;
    const [after] = await tx
      .update(users)
      .set({ status, version: sql`${users.version} + 1` })
      .where(eq(users.id, userId))
      .returning();
    await audit(tx, { actor, entity: 'user', entityKey: userId, before: auditView(before), after: auditView(after) });
    if (status === 'active') {
      await notify(
        tx,
        userId,
        {
          type: 'notification',
          title: '账号已激活',
          description: `欢迎使用，${after.realName || after.name}！`,
          link: '/account/settings',
        },
        actor,
      );
    }
    return after;
  });
  forgetUserSessions(db, userId);
  return row;
}

/**
 * A user changes their own profile, config, notification preferences and mail switches. `config` is merged key by key
 * (last write wins, no version), so two tabs saving different lists' page sizes do not undo each other.
 */
export async function patchOwnUser(db: Db, caller: SessionUser, idOrName: string, patch: UserPatch): Promise<User> {
  const target = await findUserRow(db, idOrName);
  if (!target || target.id !== caller.id) throw forbidden('只能修改自己的账号');
  const after = await db.transaction(async (tx) => {
    if (patch.phone) {
      const [holder] = await tx.select({ id: users.id }).from(users).where(eq(users.phone, patch.phone));
      if (holder && holder.id !== caller.id) throw conflict('PHONE_TAKEN', '手机号已被其他账号绑定');
    }
    const [before] = await tx.select().from(users).where(eq(users.id, caller.id)).for('update');
    const { config, ...profile } = patch;
    const [row] = await tx
      .update(users)
      .set({
        ...profile,
        ...(config ? { config: sql`${users.config} || ${JSON.stringify(config)}::jsonb` } : {}),
        version: sql`${users.version} + 1`,
      })
      .where(eq(users.id, caller.id))
      .returning();
    await audit(tx, { actor: caller.id, entity: 'user', entityKey: caller.id, before: auditView(before), after: auditView(row) });
    return row;
  });
  return getUser(db, after.id);
}

/** Sets a new password (own account, old password required) and signs out every other session. */
/**
 * POST /v1/users/current/password. Wrong old passwords are limited per account (`passwordChecks`): a stolen
 * session cannot be used to guess the password.
 */
export async function changeOwnPassword(
  db: Db,
  caller: SessionUser,
  change: PasswordChange,
  limit: RateLimit,
): Promise<{ revoked: number }> {
  const row = await findUserRow(db, caller.id);
  if (!row) throw notFound('用户不存在');
  const key = `password:check:${caller.id}`;
  if (await atLimit(db, key, limit)) throw tooManyRequests('原密码错误次数过多，请 15 分钟后再试');
  if (!(await verifyPassword(change.oldPassword, row.passwordHash))) {
    await addHit(db, key, limit.windowSeconds);
    throw invalid({ oldPassword: '原密码错误' });
  }
  const passwordHash = await hashPassword(change.password);
  const result = await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, version: sql`${users.version} + 1` })
      .where(eq(users.id, caller.id));
    await audit(tx, {
      actor: caller.id,
      entity: 'user',
      entityKey: caller.id,
      before: { password: '(changed)' },
      after: { password: '(changed)' },
    });
    const revoked = await revokeUserSessions(tx, caller.id, caller.tokenHash);
    await notify(
      tx,
      caller.id,
      {
        type: 'notification',
        title: '密码已修改',
        description: '您的登录密码已修改，其他设备上的登录已退出。',
        link: '/account/settings',
      },
      caller.id,
    );
    return { revoked };
  });
  forgetUserSessions(db, caller.id);
  return result;
}

/** Sets a password without the old one (reset link, administrator); every session ends. */
export async function setPassword(db: Db, userId: string, password: string, actor: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const changed = await tx
      .update(users)
      .set({ passwordHash, version: sql`${users.version} + 1` })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    if (!changed.length) throw notFound('用户不存在');
    await audit(tx, {
      actor,
      entity: 'user',
      entityKey: userId,
      before: { password: '(reset)' },
      after: { password: '(reset)' },
    });
    await revokeUserSessions(tx, userId);
  });
  forgetUserSessions(db, userId);
}
