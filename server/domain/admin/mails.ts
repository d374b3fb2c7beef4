/**
 * What the owner of an account is told by mail when the administrator acts on it: a registration activated or
 * refused, a password reset link. Sent once the change has committed.
 */
import { eq } from 'drizzle-orm';
import { adminMessages, type AccountPatch } from '../../../contract/admin/schema';
import { systemRole } from '../../../contract/shared/common';
import type { SessionUser } from '../../auth/sessionUser';
import { users } from '../../db/schema';
import { mailResetLink, type AccountServices } from '../auth';
import { conflict, invalid, notFound } from '../refusals';
import { isUuid } from '../notice';
import { patchAccount } from './accounts';

/** What the console's mails need: the account functions' services, SMS aside. */
type AdminServices = Omit<AccountServices, 'sms'>;

/** PATCH /v1/admin/accounts/{id}, then the mail of an activation or a refusal. */
export async function changeAccount({ db, config, mailer }: AdminServices, caller: SessionUser, id: string, body: AccountPatch) {
  const { account, change, before } = await patchAccount(db, caller, id, body);
  const greeting = `${before.realName || before.name}，您好：\n\n`;
  if (change === 'activated' && before.email) {
    await mailer.send({
      to: before.email,
      subject: 'Shipdesk 账号已开通',
      text: `${greeting}您注册的账号 ${before.name} 已由管理员审核通过，现在可以登录：\n${config.publicUrl}/user/login`,
      link: `${config.publicUrl}/user/login`,
    });
  } else if (change === 'refused' && before.email) {
    await mailer.send({
      to: before.email,
      subject: 'Shipdesk 注册未通过审核',
      text: `${greeting}您注册的账号 ${before.name} 未通过管理员审核，不能登录。如有疑问，请联系业务部管理员。`,
    });
  }
  return account;
}

/** POST /v1/admin/accounts/{id}/password-reset — a reset link to the account's e-mail. */
export async function mailPasswordReset({ db, config, mailer }: AdminServices, id: string) {
  const [row] = isUuid(id) ? await db.select().from(users).where(eq(users.id, id)) : [];
  if (!row || row.roles.includes(systemRole)) throw notFound(adminMessages.noAccount);
  if (!row.email) throw invalid({ id: adminMessages.noEmail });
  if (row.status === 'disabled') throw conflict('ACCOUNT_DISABLED', '账号已停用，请先启用再重置密码');
  await mailResetLink({ db, config, mailer }, row);
  return { success: true as const, message: `重置密码邮件已发送到 ${row.email}` };
}
