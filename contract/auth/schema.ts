/** 登录 / 注册 / 找回密码: the schemas of every call and the endpoint table (routes in codes.ts). */
import { z } from 'zod';
import { authRoutes } from './codes';
import { messages, passwordSchema, patterns, personRoleSchema, roleSchema } from '../shared/common';
import { defineEndpoints } from '../shared/endpoint';

export * from './codes';

export { ACTIVATION_TTL_HOURS, CAPTCHA_RESEND_SECONDS, CAPTCHA_TTL_SECONDS } from '../shared/formats';

export const accountLoginSchema = z.strictObject({
  type: z.literal('account'),
  userName: z.string({ error: messages.userNameRequired }).min(1, messages.userNameRequired).max(64),
  password: z.string({ error: messages.passwordRequired }).min(1, messages.passwordRequired).max(128),
});
export const mobileLoginSchema = z.strictObject({
  type: z.literal('mobile'),
  mobile: z.string({ error: messages.phoneRequired }).regex(patterns.phone, messages.phoneFormat),
  captcha: z.string({ error: messages.captchaRequired }).regex(patterns.captcha, messages.captchaFormat),
});
/** POST /v1/auth/login */
export const loginBodySchema = z.discriminatedUnion('type', [accountLoginSchema, mobileLoginSchema]);
export type LoginBody = z.infer<typeof loginBodySchema>;
export type LoginType = LoginBody['type'];

/** Always HTTP 200 (429 when rate limited); `status` says whether it worked. */
export const loginResultSchema = z.union([
  z.object({
    status: z.literal('ok'),
    type: z.enum(['account', 'mobile']),
    currentAuthority: z.array(personRoleSchema),
    token: z.string(),
  }),
  z.object({ status: z.literal('error'), type: z.enum(['account', 'mobile']), message: z.string().optional() }),
]);
export type LoginResult = z.infer<typeof loginResultSchema>;

/** POST /v1/auth/captcha: sends an SMS code (6 digits, valid 5 minutes). */
export const captchaBodySchema = z.strictObject({
  mobile: z.string({ error: messages.phoneRequired }).regex(patterns.phone, messages.phoneFormat),
});

/** POST /v1/auth/forgot: a reset link is mailed to the account's e-mail. */
export const forgotBodySchema = z.strictObject({
  name: z.string({ error: messages.userNameRequired }).min(1, messages.userNameRequired).max(64),
});
export const forgotResultSchema = z.object({ success: z.boolean(), message: z.string() });
export type ForgotResult = z.infer<typeof forgotResultSchema>;
/**
 * The same `{ success, message }` answers POST /v1/auth/captcha, GET /v1/auth/activate and POST /v1/auth/reset.
 * A mailed link that is unknown, used or expired gets 404 with errorCode `TOKEN_INVALID`.
 */
export type AuthMessageResult = ForgotResult;

/** POST /v1/auth/reset: token from the mailed link + the new password. */
export const resetBodySchema = z.strictObject({
  token: z.string().min(16).max(128),
  password: passwordSchema,
});

/** POST /v1/auth/register */
export const registerBodySchema = z.strictObject({
  userName: z.string({ error: messages.userNameRequired }).regex(patterns.userName, messages.userNameFormat),
  realName: z.string({ error: messages.nameRequired }).regex(patterns.chineseName, messages.nameChinese),
  email: z.string({ error: messages.emailRequired }).max(254).regex(patterns.email, messages.emailFormat),
  mobile: z.string({ error: messages.phoneRequired }).regex(patterns.phone, messages.phoneFormat),
  captcha: z.string({ error: messages.captchaRequired }).regex(patterns.captcha, messages.captchaFormat),
  password: passwordSchema,
  role: roleSchema,
  /** The token of a colleague's invitation link: the account joins that company, active at once. */
  invitation: z.string().min(16, '邀请链接无效').max(128, '邀请链接无效').optional(),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;
/**
 * `activation`: role `user`, an activation e-mail valid 24 hours was sent.
 * `approval`: documentClerk / inspector, an administrator must activate the account.
 * `signIn`: invited by a company's manager; the mailed link proved the e-mail, the account is active.
 */
export const registerResultSchema = z.object({
  status: z.enum(['ok', 'error']),
  message: z.string(),
  next: z.enum(['activation', 'approval', 'signIn']).optional(),
  email: z.string().optional(),
});
export type RegisterResult = z.infer<typeof registerResultSchema>;

/** GET /v1/auth/invitation?token= : what the register page shows of an invitation before the form is sent. */
export const invitationViewSchema = z.object({
  companyName: z.string(), // 公司
  email: z.string(), // 受邀邮箱
  invitedBy: z.string(), // 邀请人
  expiresAt: z.string(),
});
export type InvitationView = z.infer<typeof invitationViewSchema>;

/** POST /v1/auth/logout */
export const logoutResultSchema = z.object({ success: z.literal(true) });

export const authEndpoints = defineEndpoints(authRoutes, {
  login: { summary: '登录', access: 'public', body: loginBodySchema, response: loginResultSchema, rateLimited: true },
  captcha: {
    summary: '发送短信验证码',
    access: 'public',
    body: captchaBodySchema,
    response: forgotResultSchema,
    rateLimited: true,
  },
  logout: { summary: '退出登录', access: 'public', response: logoutResultSchema },
  register: {
    summary: '注册（用户名或手机号已被使用时 409）',
    access: 'public',
    body: registerBodySchema,
    response: registerResultSchema,
    alsoAnswers: [409],
  },
  invitation: {
    summary: '查看邀请（邮件链接；无效、已用或过期时 404）',
    access: 'public',
    query: z.strictObject({ token: z.string().min(16, '邀请链接无效').max(128, '邀请链接无效') }),
    response: invitationViewSchema,
  },
  activate: {
    summary: '激活账号（邮件链接）',
    access: 'public',
    query: z.strictObject({ token: z.string().min(16, '激活链接无效').max(128, '激活链接无效') }),
    response: forgotResultSchema,
  },
  forgot: {
    summary: '忘记密码：发送重置邮件',
    access: 'public',
    body: forgotBodySchema,
    response: forgotResultSchema,
    rateLimited: true,
  },
  reset: { summary: '重置密码', access: 'public', body: resetBodySchema, response: forgotResultSchema },
});
