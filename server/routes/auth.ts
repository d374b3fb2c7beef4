/** /v1/auth, registered from the endpoint table of contract/auth/schema.ts: sign in and out, SMS codes, registration, activation, forgotten passwords. */
import { authAccess, authEndpoints } from '../../contract/auth/schema';
import { bearerToken } from '../auth/guard';
import { revokeSession } from '../auth/sessions';
import { activate, forgot, login, register, resetPassword, sendSmsCode } from '../domain/auth';
import { invitationOf } from '../domain/company/invitations';
import { endpointPlugin, type EndpointInput } from '../http/endpoints';

/** What the account functions need besides the database. */
const services = ({ db, request }: Pick<EndpointInput<never>, 'db' | 'request'>) => {
  const { config, mailer, sms } = request.server;
  return { db, config, mailer, sms };
};

export default endpointPlugin(
  authEndpoints,
  { policy: authAccess, notFoundMessage: '链接无效或已过期' },
  {
    login: (input) => login(services(input), input.body, input.request.ip),
    captcha: async (input) => {
      await sendSmsCode(services(input), input.body.mobile, input.request.ip);
      return { success: true, message: '验证码已发送' };
    },
    // Answers 200 even when the token was already gone, so that logging out always works.
    logout: async ({ db, request }) => {
      const token = bearerToken(request);
      if (token) await revokeSession(db, token);
      return { success: true as const };
    },
    register: (input) => register(services(input), input.body),
    invitation: ({ db, query }) => invitationOf(db, query.token),
    activate: (input) => activate(services(input), input.query.token),
    forgot: (input) => forgot(services(input), input.body.name),
    reset: (input) => resetPassword(services(input), input.body.token, input.body.password),
  },
);
