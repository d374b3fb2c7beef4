import request from '@/utils/request';
import type { ForgotResult, LoginBody, LoginResult, RegisterBody, RegisterResult } from '@contract/auth';

/** `{ success, message }`: the answer of the calls that only report how they went. */
export type AuthMessageResult = ForgotResult;

/** POST /v1/auth/login with credentials or with phone + SMS code; HTTP 200 either way, `status` tells. */
export async function accountLogin(body: LoginBody) {
  return request<LoginResult>('/v1/auth/login', { method: 'POST', data: body, skipErrorHandler: true });
}

/** POST /v1/auth/captcha: sends a 6-digit SMS code to `mobile`. */
export async function getCaptcha(mobile: string) {
  return request<AuthMessageResult>('/v1/auth/captcha', { method: 'POST', data: { mobile }, skipErrorHandler: true });
}

/** POST /v1/auth/logout: revokes the token. Its failure must not keep anyone signed in, so no error popup. */
export async function logout() {
  return request<void>('/v1/auth/logout', { method: 'POST', skipErrorHandler: true });
}

/** POST /v1/auth/forgot: mails a reset link to the account's e-mail. */
export async function forgot(name: string) {
  return request<ForgotResult>('/v1/auth/forgot', { method: 'POST', data: { name }, skipErrorHandler: true });
}

/** POST /v1/auth/register */
export async function register(body: RegisterBody) {
  return request<RegisterResult>('/v1/auth/register', { method: 'POST', data: body, skipErrorHandler: true });
}

/** POST /v1/auth/reset: the token of the mailed link and the new password. */
export async function resetPassword(token: string, password: string) {
  return request<AuthMessageResult>('/v1/auth/reset', {
    method: 'POST',
    data: { token, password },
    skipErrorHandler: true,
  });
}

/** GET /v1/auth/activate?token= : the link of the activation e-mail. */
export async function activate(token: string) {
  return request<AuthMessageResult>('/v1/auth/activate', { method: 'GET', params: { token }, skipErrorHandler: true });
}
