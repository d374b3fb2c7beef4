/** Mock of the auth calls (contract/auth.ts) for `npm run dev` without a server. */
import type { LoginResult, RegisterResult } from '../contract/auth';
import type { Role } from '../contract/common';
import { DEMO_PASSWORD, fail, findUser, tokenOf, users, type Handler } from './_demo';

/** SMS codes sent by POST /v1/auth/captcha, by phone; printed on the dev server's console. */
const captchas = new Map<string, string>();

const login: Handler = (req, res) => {
  const body = req.body ?? {};
  if (body.type === 'mobile') {
    const user = users.find((candidate) => candidate.phone === body.mobile);
    const ok = user && captchas.get(body.mobile) === body.captcha;
    if (!ok || !user) {
      const answer: LoginResult = { status: 'error', type: 'mobile' };
      return res.json(answer);
    }
    captchas.delete(body.mobile);
    const answer: LoginResult = { status: 'ok', type: 'mobile', currentAuthority: user.authority, token: tokenOf(user) };
    return res.json(answer);
  }
  const user = findUser(String(body.userName ?? ''));
  if (!user || user.name !== body.userName || body.password !== DEMO_PASSWORD) {
    const answer: LoginResult = { status: 'error', type: 'account' };
    return res.json(answer);
  }
  const answer: LoginResult = { status: 'ok', type: 'account', currentAuthority: user.authority, token: tokenOf(user) };
  return res.json(answer);
};

const captcha: Handler = (req, res) => {
  const mobile = String(req.body?.mobile ?? '');
  if (!/^1[3-9]\d{9}$/.test(mobile)) return fail(res, 422, 'VALIDATION_FAILED', '手机号格式错误', { mobile: '手机号格式错误' });
  const code = String(Math.floor(100000 + Math.random() * 900000));
  captchas.set(mobile, code);
  console.log(`[mock] 验证码 ${mobile}: ${code}`);
  return res.json({ success: true, message: '验证码已发送' });
};

const forgot: Handler = (req, res) => {
  const user = findUser(String(req.body?.name ?? ''));
  if (!user) return res.json({ success: false, message: '账号不存在' });
  return res.json({ success: true, message: '重置密码的邮件已发送至该账号绑定的邮箱，请查收' });
};

const register: Handler = (req, res) => {
  const body = req.body ?? {};
  if (findUser(String(body.userName ?? '')))
    return fail(res, 409, 'USER_EXISTS', '用户名已被占用', { userName: '用户名已被占用' });
  if (captchas.get(body.mobile) !== body.captcha)
    return fail(res, 422, 'VALIDATION_FAILED', '验证码错误', { captcha: '验证码错误' });
  const role = body.role as Role;
  const answer: RegisterResult = {
    status: 'ok',
    message: '注册成功',
    next: role === 'user' ? 'activation' : 'approval',
    email: body.email,
  };
  return res.json(answer);
};

/** Reset and activation links of the mock: any token of 16 or more characters is accepted. */
const tokenCall: Handler = (req, res) => {
  const token = String(req.body?.token ?? req.query.token ?? '');
  if (token.length < 16) return res.json({ success: false, message: '链接无效或已过期' });
  return res.json({ success: true, message: '' });
};

export default {
  'POST /v1/auth/login': login,
  'POST /v1/auth/captcha': captcha,
  'POST /v1/auth/logout': ((_req, res) => res.json({ success: true })) as Handler,
  'POST /v1/auth/forgot': forgot,
  'POST /v1/auth/register': register,
  'POST /v1/auth/reset': tokenCall,
  'GET /v1/auth/activate': tokenCall,
};
