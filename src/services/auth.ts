/** 登录 / 注册 / 找回密码 calls, built from the endpoint table's routes; each page shows its own errors. */
import { requestRoute } from '@/utils/requestRoute';
import type { ForgotResult, InvitationView, LoginBody, LoginResult, RegisterBody, RegisterResult } from '@contract/auth/schema';
import { authRoutes as routes } from '@contract/auth/codes';

/** `{ success, message }`: the answer of the calls that only report how they went. */
export type AuthMessageResult = ForgotResult;

const quiet = { skipErrorHandler: true };

/** POST /v1/auth/login with credentials or with phone + SMS code; HTTP 200 either way, `status` tells. */
export const accountLogin = (body: LoginBody) => requestRoute<LoginResult>(routes.login, { data: body, ...quiet });

/** POST /v1/auth/captcha: sends a 6-digit SMS code to `mobile`. */
export const getCaptcha = (mobile: string) => requestRoute<AuthMessageResult>(routes.captcha, { data: { mobile }, ...quiet });

/** POST /v1/auth/logout: revokes the token. Its failure must not keep anyone signed in, so no error popup. */
export const logout = () => requestRoute<void>(routes.logout, quiet);

/** POST /v1/auth/forgot: mails a reset link to the account's e-mail. */
export const forgot = (name: string) => requestRoute<ForgotResult>(routes.forgot, { data: { name }, ...quiet });

/** POST /v1/auth/register */
export const register = (body: RegisterBody) => requestRoute<RegisterResult>(routes.register, { data: body, ...quiet });

/** POST /v1/auth/reset: the token of the mailed link and the new password. */
export const resetPassword = (token: string, password: string) =>
  requestRoute<AuthMessageResult>(routes.reset, { data: { token, password }, ...quiet });

/** GET /v1/auth/activate?token= : the link of the activation e-mail. */
export const activate = (token: string) => requestRoute<AuthMessageResult>(routes.activate, { params: { token }, ...quiet });

/** GET /v1/auth/invitation?token= : the company and e-mail of a colleague's invitation link. */
export const queryInvitation = (token: string) =>
  requestRoute<InvitationView>(routes.invitation, { params: { token }, ...quiet });
