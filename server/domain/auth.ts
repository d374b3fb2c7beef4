/** Signing in and out, SMS codes, registration, activation and password reset by mail. */
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  ACTIVATION_TTL_HOURS,
  CAPTCHA_RESEND_SECONDS,
  CAPTCHA_TTL_SECONDS,
  type ForgotResult,
  type LoginBody,
  type LoginResult,
  type RegisterBody,
  type RegisterResult,
} from '../../contract/auth/schema';
import { verifyPassword, unusablePasswordHash } from '../auth/passwords';
import { hit } from '../auth/rateLimit';
import { beforeSignIn, signInFailed, signInSucceeded, type SignInAttempt } from '../auth/signInLimits';
import { createSession } from '../auth/sessions';
import { newSmsCode, newToken, sha256 } from '../auth/tokens';
import type { ServerConfig } from '../config';
import type { Db } from '../db/open';
import { oneTimeTokens, signIns, smsCodes, users, type OneTimeTokenPurpose, type UserRow } from '../db/schema';
import type { SignInOutcome } from '../../contract/admin/codes';
import { isPersonRole } from '../../contract/shared/common';
import { invalid, tooManyRequests } from './refusals';
import { RuleError } from '../../contract/shared/ruleError';
import type { Mailer } from '../mail/mailer';
import type { SmsSender } from '../sms/sms';
import { registerInvited } from './company/invitations';
import { createUser, setPassword, setUserStatus } from './user';

export interface AccountServices {
  db: Db;
  config: ServerConfig;
  mailer: Mailer;
  sms: SmsSender;
}

const RESET_TTL_HOURS = 2;
const CAPTCHA_MAX_ATTEMPTS = 5;

export const loginMessages = {
  badCredentials: '账户或密码错误',
  badCaptcha: '验证码错误',
  unknownMobile: '该手机号未绑定账号',
  pending: '账号尚未激活，请查收激活邮件或联系管理员',
  disabled: '账号已停用，请联系管理员',
} as const;

/** The account a sign-in names, by name or by phone. */
const namedAccount = async (db: Db, body: LoginBody): Promise<UserRow | undefined> =>
  (
    await db
      .select()
      .from(users)
      .where(body.type === 'account' ? eq(users.name, body.userName) : eq(users.phone, body.mobile))
  )[0];

/**
 * 登录记录: an attempt on an existing person's account, for the administrator's console. Refusals of a locked
 * account are kept once a minute per address: a guesser hammering it must not grow the history without end.
 */
async function recordSignIn(db: Db, user: UserRow | undefined, address: string, outcome: SignInOutcome) {
  if (!user?.roles.some(isPersonRole)) return;
  if (outcome === 'rateLimited') {
    const [recent] = await db
      .select({ id: signIns.id })
      .from(signIns)
      .where(
        and(
          eq(signIns.userId, user.id),
          eq(signIns.address, address),
          eq(signIns.outcome, outcome),
          gt(signIns.at, sql`now() - interval '1 minute'`),
        ),
      )
      .limit(1);
    if (recent) return;
  }
  await db.insert(signIns).values({ userId: user.id, address, outcome });
}

export async function login({ db, config }: AccountServices, body: LoginBody, address: string): Promise<LoginResult> {
  const limits = config.rateLimits;
  const attempt: SignInAttempt = { account: body.type === 'account' ? body.userName : `m:${body.mobile}`, address };
  try {
    await beforeSignIn(db, limits, attempt);
  } catch (error) {
    if (error instanceof RuleError && error.status === 429) {
      await recordSignIn(db, await namedAccount(db, body), address, 'rateLimited');
    }
    throw error;
  }
  const user = await namedAccount(db, body);
  if (body.type === 'account') {
    const passwordOk = await verifyPassword(body.password, user?.passwordHash ?? unusablePasswordHash);
    // A system account has a token, never a sign-in: it is refused as a wrong password is.
    if (!user || !passwordOk || !user.roles.some(isPersonRole)) {
      await signInFailed(db, limits, attempt);
      await recordSignIn(db, user, address, 'badPassword');
      return { status: 'error', type: body.type, message: loginMessages.badCredentials };
    }
  } else {
    if (!(await consumeSmsCode(db, body.mobile, body.captcha))) {
      await signInFailed(db, limits, attempt);
      await recordSignIn(db, user, address, 'badPassword');
      return { status: 'error', type: body.type, message: loginMessages.badCaptcha };
    }
    if (!user) return { status: 'error', type: body.type, message: loginMessages.unknownMobile };
  }
  if (user.status !== 'active') {
    await recordSignIn(db, user, address, user.status === 'pending' ? 'pending' : 'disabled');
    return {
      status: 'error',
      type: body.type,
      message: user.status === 'pending' ? loginMessages.pending : loginMessages.disabled,
    };
  }
  await signInSucceeded(db, limits, attempt, user.id);
  await recordSignIn(db, user, address, 'ok');
  const token = await createSession(db, user.id, config.sessionTtlHours);
  return { status: 'ok', type: body.type, currentAuthority: user.roles.filter(isPersonRole), token };
}

/** Sends a 6-digit code to a mobile number (for mobile sign-in and for registration). */
export async function sendSmsCode({ db, config, sms }: AccountServices, mobile: string, ip: string): Promise<void> {
  const [recent] = await db
    .select({ id: smsCodes.id })
    .from(smsCodes)
    .where(
      and(eq(smsCodes.mobile, mobile), gt(smsCodes.createdAt, sql`now() - make_interval(secs => ${CAPTCHA_RESEND_SECONDS})`)),
    )
    .limit(1);
  if (recent) throw tooManyRequests(`验证码已发送，请 ${CAPTCHA_RESEND_SECONDS} 秒后再试`);
  await hit(db, `captcha:ip:${ip}`, config.rateLimits.captchaPerIp);
  await hit(db, `captcha:mobile:${mobile}`, config.rateLimits.captchaPerMobile);
  const code = newSmsCode();
  await db.insert(smsCodes).values({
    mobile,
    codeHash: sha256(`${mobile}:${code}`),
    expiresAt: sql`now() + make_interval(secs => ${CAPTCHA_TTL_SECONDS})`,
  });
  await sms.send(mobile, `【Shipdesk】您的验证码是 ${code}，${CAPTCHA_TTL_SECONDS / 60} 分钟内有效。如非本人操作，请忽略。`);
}

/** True when `code` is the latest live code of the mobile; a wrong try counts against that code. */
async function consumeSmsCode(db: Db, mobile: string, code: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [latest] = await tx
      .select()
      .from(smsCodes)
      .where(and(eq(smsCodes.mobile, mobile), isNull(smsCodes.usedAt), gt(smsCodes.expiresAt, sql`now()`)))
      .orderBy(desc(smsCodes.createdAt))
      .limit(1)
      .for('update');
    if (!latest || latest.attempts >= CAPTCHA_MAX_ATTEMPTS) return false;
    if (latest.codeHash !== sha256(`${mobile}:${code}`)) {
      await tx
        .update(smsCodes)
        .set({ attempts: latest.attempts + 1 })
        .where(eq(smsCodes.id, latest.id));
      return false;
    }
    await tx
      .update(smsCodes)
      .set({ usedAt: sql`now()` })
      .where(eq(smsCodes.id, latest.id));
    return true;
  });
}

async function issueOneTimeToken(db: Db, userId: string, purpose: OneTimeTokenPurpose, ttlHours: number): Promise<string> {
  const token = newToken();
  await db.insert(oneTimeTokens).values({
    tokenHash: sha256(token),
    userId,
    purpose,
    expiresAt: sql`now() + make_interval(hours => ${ttlHours})`,
  });
  return token;
}

/** Marks a mailed token used and answers its user, or 404 when it is unknown, used or expired. */
async function redeemOneTimeToken(db: Db, token: string, purpose: OneTimeTokenPurpose): Promise<string> {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, sha256(token)),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: oneTimeTokens.userId });
  if (!row) throw new RuleError(404, 'TOKEN_INVALID', '链接无效或已过期，请重新申请');
  return row.userId;
}

/**
 * Role `user`: a pending account and an activation mail valid 24 hours, or, with a colleague's invitation, an
 * active account of that company. documentClerk / inspector: a pending account that an administrator activates.
 */
export async function register(services: AccountServices, body: RegisterBody): Promise<RegisterResult> {
  const { db, config, mailer } = services;
  // The code first: without the phone in hand, a taken and a free name get the same answer.
  if (!(await consumeSmsCode(db, body.mobile, body.captcha))) throw invalid({ captcha: loginMessages.badCaptcha });
  if (body.invitation) return registerInvited(db, { ...body, invitation: body.invitation });
  const user = await createUser(
    db,
    {
      name: body.userName,
      password: body.password,
      roles: [body.role],
      status: 'pending',
      realName: body.realName,
      email: body.email,
      phone: body.mobile,
    },
    'self',
  );
  if (body.role !== 'user') {
    return { status: 'ok', message: '注册成功，请联系管理员激活账号', next: 'approval', email: body.email };
  }
  const token = await issueOneTimeToken(db, user.id, 'activation', ACTIVATION_TTL_HOURS);
  const link = `${config.publicUrl}/user/activate?token=${token}`;
  await mailer.send({
    to: body.email,
    subject: 'Shipdesk 账号激活',
    text: `${body.realName}，您好：\n\n请在 ${ACTIVATION_TTL_HOURS} 小时内打开下面的链接激活您的账号 ${body.userName}：\n${link}\n\n如非本人操作，请忽略此邮件。`,
    link,
  });
  return {
    status: 'ok',
    message: `激活邮件已发送到 ${body.email}，${ACTIVATION_TTL_HOURS} 小时内有效`,
    next: 'activation',
    email: body.email,
  };
}

export async function activate({ db }: AccountServices, token: string): Promise<{ success: true; message: string }> {
  await db.transaction(async (tx) => {
    const userId = await redeemOneTimeToken(tx, token, 'activation');
    await setUserStatus(tx, userId, 'active', userId);
  });
  return { success: true, message: '账号已激活，请登录' };
}

/** Unknown accounts answer 200 `{ success: false, message: '账号不存在' }`, which the forgot page shows. */
export async function forgot({ db, config, mailer }: AccountServices, name: string): Promise<ForgotResult> {
  await hit(db, `forgot:account:${name.toLowerCase()}`, config.rateLimits.forgotPerAccount);
  const [user] = await db.select().from(users).where(eq(users.name, name));
  if (!user) return { success: false, message: '账号不存在' };
  if (!user.email) return { success: false, message: '该账号未绑定邮箱，请联系管理员' };
  if (user.status === 'disabled') return { success: false, message: loginMessages.disabled };
  await mailResetLink({ db, config, mailer }, user);
  return { success: true, message: `重置密码邮件已发送到账号 ${user.name} 绑定的邮箱，请查收` };
}

/** Mails a reset link valid RESET_TTL_HOURS to the account's e-mail (forgotten password, or an administrator's). */
export async function mailResetLink({ db, config, mailer }: Omit<AccountServices, 'sms'>, user: UserRow) {
  const token = await issueOneTimeToken(db, user.id, 'reset', RESET_TTL_HOURS);
  const link = `${config.publicUrl}/user/reset?token=${token}`;
  await mailer.send({
    to: user.email,
    subject: 'Shipdesk 重置密码',
    text: `${user.realName || user.name}，您好：\n\n请在 ${RESET_TTL_HOURS} 小时内打开下面的链接为账号 ${user.name} 设置新密码：\n${link}\n\n如非本人操作，请忽略此邮件。`,
    link,
  });
}

/** Sets the new password of a reset link and ends every session of the account. */
export async function resetPassword(
  { db }: AccountServices,
  token: string,
  password: string,
): Promise<{ success: true; message: string }> {
  await db.transaction(async (tx) => {
    const userId = await redeemOneTimeToken(tx, token, 'reset');
    await setPassword(tx, userId, password, userId);
  });
  return { success: true, message: '密码已重置，请使用新密码登录' };
}
