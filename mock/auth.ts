/** Mock of the auth calls (contract/auth/schema.ts) for `npm run dev` without a server: the demo accounts sign in. */
import { authAccess, authEndpoints, type LoginResult, type RegisterBody } from '../contract/auth/schema';
import { companyMessages } from '../contract/company/codes';
import { DEMO_PASSWORD, findUser, tokenOf, users } from './_demo';
import { mockInvitations } from './_invitations';
import { mockEndpoints, refuse } from './_resource';
import { shared } from './_store';

/** SMS codes sent by POST /v1/auth/captcha, by phone; printed on the dev server's console. */
const captchas = shared('captchas', () => new Map<string, string>());

/** Reset and activation links of the mock: any token of 16 or more characters is accepted. */
const tokenCall = (token: string) =>
  token.length < 16 ? { success: false, message: '链接无效或已过期' } : { success: true, message: '' };

export default mockEndpoints(authEndpoints, authAccess, '链接无效或已过期', {
  login: ({ body }): LoginResult => {
    const user =
      body.type === 'mobile'
        ? users.find((candidate) => candidate.phone === body.mobile && captchas.get(body.mobile) === body.captcha)
        : findUser(body.userName);
    const known = body.type === 'mobile' ? user : user?.name === body.userName && body.password === DEMO_PASSWORD;
    if (!user || !known) return { status: 'error', type: body.type };
    if (body.type === 'mobile') captchas.delete(body.mobile);
    return { status: 'ok', type: body.type, currentAuthority: user.authority, token: tokenOf(user) };
  },
  captcha: ({ body }) => {
    const code = String(Math.floor(100000 + Math.random() * 900000));
    captchas.set(body.mobile, code);
    console.log(`[mock] 验证码 ${body.mobile}: ${code}`);
    return { success: true, message: '验证码已发送' };
  },
  logout: () => ({ success: true }),
  register: ({ body }) => {
    if (findUser(body.userName)) throw refuse(409, 'USER_EXISTS', '用户名已被占用', { userName: '用户名已被占用' });
    if (captchas.get(body.mobile) !== body.captcha)
      throw refuse(422, 'VALIDATION_FAILED', '验证码错误', { captcha: '验证码错误' });
    if (body.invitation) return registerInvited(body);
    return { status: 'ok', message: '注册成功', next: body.role === 'user' ? 'activation' : 'approval', email: body.email };
  },
  invitation: ({ query }) => {
    const found = mockInvitations.byToken(query.token);
    if (!found) throw refuse(404, 'TOKEN_INVALID', companyMessages.invitationInvalid);
    return { companyName: found.company.name, email: found.email, invitedBy: found.invitedBy, expiresAt: found.expiresAt };
  },
  activate: ({ query }) => tokenCall(query.token),
  forgot: ({ body }) =>
    findUser(body.name)
      ? { success: true, message: '重置密码的邮件已发送至该账号绑定的邮箱，请查收' }
      : { success: false, message: '账号不存在' },
  reset: ({ body }) => tokenCall(body.token),
});

/** An invited colleague: an active customer of the inviting company (the mock signs them in with the demo password). */
function registerInvited(body: RegisterBody) {
  const found = mockInvitations.byToken(body.invitation ?? '');
  if (!found) throw refuse(404, 'TOKEN_INVALID', companyMessages.invitationInvalid);
  const refused = (field: string, text: string) => refuse(422, 'VALIDATION_FAILED', text, { [field]: text });
  if (body.role !== 'user') throw refused('role', companyMessages.invitationRole);
  if (found.email.toLowerCase() !== body.email.toLowerCase()) throw refused('email', companyMessages.invitationEmail);
  found.accepted = true;
  const { invitation: _used, captcha: _code, password: _secret, mobile, userName, role, ...rest } = body;
  users.push({
    ...users[0],
    ...rest,
    id: String(users.length + 1),
    name: userName,
    phone: mobile,
    authority: [role],
    company: found.company,
    isManager: false,
    createdAt: new Date().toISOString(),
  });
  return { status: 'ok', message: `注册成功，已加入「${found.company.name}」，请登录`, next: 'signIn', email: body.email };
}
