/** /v1/auth: sign in and out, SMS codes, registration, activation, forgotten passwords. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  captchaBodySchema,
  forgotBodySchema,
  loginBodySchema,
  registerBodySchema,
  resetBodySchema,
  forgotResultSchema,
  loginResultSchema,
  logoutResultSchema,
  registerResultSchema,
  type AuthMessageResult,
} from '../../contract/auth';
import { bearerToken } from '../auth/guard';
import { revokeSession } from '../auth/sessions';
import { activate, forgot, login, register, resetPassword, sendSmsCode } from '../domain/accounts';

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = { db: app.db, config: app.config, mailer: app.mailer, sms: app.sms };

  app.post(
    '/v1/auth/login',
    { schema: { summary: '登录', body: loginBodySchema, response: { 200: loginResultSchema } } },
    async (request) => login(services, request.body, request.ip),
  );

  app.post(
    '/v1/auth/captcha',
    { schema: { summary: '发送短信验证码', body: captchaBodySchema, response: { 200: forgotResultSchema } } },
    async (request): Promise<AuthMessageResult> => {
      await sendSmsCode(services, request.body.mobile, request.ip);
      return { success: true, message: '验证码已发送' };
    },
  );

  /** Revokes the caller's token; answers 200 even when it was already gone, so that logging out always works. */
  app.post('/v1/auth/logout', { schema: { summary: '退出登录', response: { 200: logoutResultSchema } } }, async (request) => {
    const token = bearerToken(request);
    if (token) await revokeSession(app.db, token);
    return { success: true as const };
  });

  app.post(
    '/v1/auth/register',
    { schema: { summary: '注册', body: registerBodySchema, response: { 200: registerResultSchema } } },
    async (request) => register(services, request.body),
  );

  app.get(
    '/v1/auth/activate',
    {
      schema: {
        summary: '激活账号（邮件链接）',
        querystring: z.strictObject({ token: z.string().min(16).max(128) }),
        response: { 200: forgotResultSchema },
      },
    },
    async (request) => activate(services, request.query.token),
  );

  app.post(
    '/v1/auth/forgot',
    { schema: { summary: '忘记密码：发送重置邮件', body: forgotBodySchema, response: { 200: forgotResultSchema } } },
    async (request) => forgot(services, request.body.name),
  );

  app.post(
    '/v1/auth/reset',
    { schema: { summary: '重置密码', body: resetBodySchema, response: { 200: forgotResultSchema } } },
    async (request) => resetPassword(services, request.body.token, request.body.password),
  );
};

export default authRoutes;
