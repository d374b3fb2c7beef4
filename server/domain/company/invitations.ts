/**
 * 邀请同事: a company manager invites a colleague by e-mail. The link is single-use, expires after
 * INVITATION_TTL_DAYS and is kept only as its SHA-256; registering with it makes an active account of the company
 * (the mailed link proved the address) and uses the invitation up, in one transaction.
 */
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { InvitationView, RegisterBody, RegisterResult } from '../../../contract/auth/schema';
import { companyMessages, INVITATION_TTL_DAYS, MAX_OPEN_INVITATIONS, type Invitation } from '../../../contract/company/schema';
import type { ListResult } from '../../../contract/shared/common';
import { RuleError } from '../../../contract/shared/ruleError';
import { newToken, sha256 } from '../../auth/tokens';
import type { SessionUser } from '../../auth/sessionUser';
import type { ServerConfig } from '../../config';
import { audit } from '../../db/audit';
import type { Db } from '../../db/open';
import { companies, companyInvitations, users } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import { forbidden, invalid, notFound } from '../refusals';
import { isUuid } from '../notice';
import { createUser } from '../user';

const open = () =>
  and(isNull(companyInvitations.acceptedAt), isNull(companyInvitations.revokedAt), gt(companyInvitations.expiresAt, sql`now()`));

const invitationColumns = {
  id: companyInvitations.id,
  email: companyInvitations.email,
  invitedBy: sql<string>`coalesce(nullif(${users.realName}, ''), ${users.name})`,
  createdAt: companyInvitations.createdAt,
  expiresAt: companyInvitations.expiresAt,
};

type InvitationFacts = { id: string; email: string; invitedBy: string; createdAt: Date; expiresAt: Date };
const view = ({ id, email, invitedBy, createdAt, expiresAt }: InvitationFacts): Invitation => ({
  id,
  email,
  invitedBy,
  createdAt: createdAt.toISOString(),
  expiresAt: expiresAt.toISOString(),
});

/** GET /v1/company/invitations — the company's open invitations, oldest first. */
export async function listInvitations(db: Db, caller: SessionUser): Promise<ListResult<Invitation>> {
  const rows = caller.company
    ? await db
        .select(invitationColumns)
        .from(companyInvitations)
        .innerJoin(users, eq(users.id, companyInvitations.invitedBy))
        .where(and(eq(companyInvitations.companyKey, caller.company), open()))
        .orderBy(asc(companyInvitations.createdAt), asc(companyInvitations.id))
    : [];
  const data = rows.map(view);
  return { data, total: data.length, success: true, current: 1, pageSize: Math.max(data.length, 1) };
}

/**
 * The caller's company, locked so that two invitations at once cannot both pass the limit, and the caller's own
 * row; managers only.
 */
async function managedCompany(tx: Db, caller: SessionUser, message: string) {
  const [me] = await tx.select().from(users).where(eq(users.id, caller.id));
  if (!caller.company || !me?.isManager) throw forbidden(message);
  const [company] = await tx.select().from(companies).where(eq(companies.key, caller.company)).for('update');
  if (!company) throw forbidden(message);
  return { company, me };
}

/** POST /v1/company/invitations — checks, stores the hash, mails the link. */
export async function invite(
  { db, config, mailer }: { db: Db; config: ServerConfig; mailer: Mailer },
  caller: SessionUser,
  email: string,
): Promise<Invitation> {
  const token = newToken();
  const { invitation, companyName, inviter } = await db.transaction(async (tx) => {
    const { company, me } = await managedCompany(tx, caller, companyMessages.inviteNotManager);
    const address = email.toLowerCase();
    const [member] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyKey, company.key), sql`lower(${users.email}) = ${address}`))
      .limit(1);
    if (member) throw invalid({ email: companyMessages.alreadyMember });
    const pending = await tx
      .select({ email: companyInvitations.email })
      .from(companyInvitations)
      .where(and(eq(companyInvitations.companyKey, company.key), open()));
    if (pending.some((row) => row.email.toLowerCase() === address)) throw invalid({ email: companyMessages.alreadyInvited });
    if (pending.length >= MAX_OPEN_INVITATIONS) throw invalid({ email: companyMessages.tooManyInvitations });
    const [row] = await tx
      .insert(companyInvitations)
      .values({
        companyKey: company.key,
        email,
        tokenHash: sha256(token),
        invitedBy: caller.id,
        expiresAt: sql`now() + make_interval(days => ${INVITATION_TTL_DAYS})`,
      })
      .returning();
    const { tokenHash: _secret, ...shown } = row;
    await audit(tx, { actor: caller.id, entity: 'invitation', entityKey: row.id, after: shown });
    const inviterName = me.realName || me.name;
    return {
      invitation: view({ ...row, invitedBy: inviterName }),
      companyName: company.name,
      inviter: inviterName,
    };
  });
  const link = `${config.publicUrl}/user/register?invitation=${token}`;
  await mailer.send({
    to: email,
    subject: `${inviter} 邀请您加入 ${companyName} 使用 Shipdesk`,
    text: `您好：\n\n${inviter} 邀请您加入「${companyName}」，与同事一起查看和处理装箱明细、订舱和提单。\n请在 ${INVITATION_TTL_DAYS} 天内打开下面的链接注册账号（链接只能使用一次）：\n${link}\n\n如您不认识邀请人，请忽略此邮件。`,
    link,
  });
  return invitation;
}

/** DELETE /v1/company/invitations/{id} — the link stops working at once. */
export async function revokeInvitation(db: Db, caller: SessionUser, id: string) {
  await db.transaction(async (tx) => {
    const [found] =
      caller.company && isUuid(id)
        ? await tx
            .select()
            .from(companyInvitations)
            .where(and(eq(companyInvitations.id, id), eq(companyInvitations.companyKey, caller.company), open()))
            .for('update')
        : [];
    if (!found) throw notFound(companyMessages.noInvitation);
    await managedCompany(tx, caller, companyMessages.inviteNotManager);
    const [after] = await tx
      .update(companyInvitations)
      .set({ revokedAt: sql`now()` })
      .where(eq(companyInvitations.id, id))
      .returning();
    const { tokenHash: _before, ...before } = found;
    const { tokenHash: _after, ...shown } = after;
    await audit(tx, { actor: caller.id, entity: 'invitation', entityKey: id, before, after: shown });
  });
  return { success: true as const, deleted: 1 };
}

const invalidLink = () => new RuleError(404, 'TOKEN_INVALID', companyMessages.invitationInvalid);

/** GET /v1/auth/invitation — what the register page shows; 404 when the link is unknown, used, revoked or expired. */
export async function invitationOf(db: Db, token: string): Promise<InvitationView> {
  const [row] = await db
    .select({
      companyName: companies.name,
      email: companyInvitations.email,
      invitedBy: invitationColumns.invitedBy,
      expiresAt: companyInvitations.expiresAt,
    })
    .from(companyInvitations)
    .innerJoin(companies, eq(companies.key, companyInvitations.companyKey))
    .innerJoin(users, eq(users.id, companyInvitations.invitedBy))
    .where(and(eq(companyInvitations.tokenHash, sha256(token)), open()));
  if (!row) throw invalidLink();
  return { ...row, expiresAt: row.expiresAt.toISOString() };
}

/**
 * Registers with an invitation (the SMS code already checked): a customer of the inviting company, active at
 * once. A refusal (a taken name, another e-mail) leaves the invitation open.
 */
export async function registerInvited(db: Db, body: RegisterBody & { invitation: string }): Promise<RegisterResult> {
  if (body.role !== 'user') throw invalid({ role: companyMessages.invitationRole });
  return db.transaction(async (tx) => {
    const [invitation] = await tx
      .select()
      .from(companyInvitations)
      .where(and(eq(companyInvitations.tokenHash, sha256(body.invitation)), open()))
      .for('update');
    if (!invitation) throw invalidLink();
    if (invitation.email.toLowerCase() !== body.email.toLowerCase()) {
      throw invalid({ email: companyMessages.invitationEmail });
    }
    const user = await createUser(
      tx,
      {
        name: body.userName,
        password: body.password,
        roles: ['user'],
        status: 'active',
        realName: body.realName,
        email: body.email,
        phone: body.mobile,
        companyKey: invitation.companyKey,
      },
      'self',
    );
    await tx
      .update(companyInvitations)
      .set({ acceptedAt: sql`now()`, acceptedBy: user.id })
      .where(eq(companyInvitations.id, invitation.id));
    await audit(tx, {
      actor: user.id,
      entity: 'invitation',
      entityKey: invitation.id,
      before: { acceptedAt: null },
      after: { acceptedAt: new Date().toISOString(), acceptedBy: user.id },
    });
    const [company] = await tx.select({ name: companies.name }).from(companies).where(eq(companies.key, invitation.companyKey));
    return {
      status: 'ok' as const,
      message: `注册成功，已加入「${company.name}」，请登录`,
      next: 'signIn' as const,
      email: body.email,
    };
  });
}
