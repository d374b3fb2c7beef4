/**
 * @jest-environment-options {"customExportConditions": ["node", "require", "default"]}
 */
// jsdom with node export conditions: the user mock counts the packing mock's lines, whose module loads exceljs,
// which needs the node build of uuid.
// .tsx: umi loads every mock/**/*.[jt]s file as mock routes, and a test file must not be one of them.
import auth from './auth';
import notices from './notice';
import user from './user';
import type { Handler, MockRequest } from './_http';

/** Calls a mock handler the way umi's mock middleware does and gives back the status and body. */
function call(handler: unknown, req: Partial<MockRequest> = {}) {
  let status = 200;
  let body: any;
  const res = {
    status(code: number) {
      status = code;
      return res;
    },
    json(value: unknown) {
      body = value;
    },
    send(value?: unknown) {
      body = value;
    },
  };
  (handler as Handler)({ headers: {}, query: {}, params: {}, body: undefined, ...req }, res);
  return { status, body };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

test.each([
  ['user', ['user']],
  ['user2', ['user']],
  ['clerk', ['documentClerk']],
  ['inspector', ['inspector']],
])('demo account %s signs in and is the current user', (name, roles) => {
  const login = call(auth['POST /v1/auth/login'], { body: { type: 'account', userName: name, password: 'shipdesk123' } });
  expect(login.body).toEqual({ status: 'ok', type: 'account', currentAuthority: roles, token: `mock-${name}` });
  const current = call(user['GET /v1/users/current'], { headers: bearer(login.body.token) });
  expect(current.status).toBe(200);
  expect(current.body).toMatchObject({ name, authority: roles });
  expect(current.body.unreadCount).toBeGreaterThan(0);
});

test('a wrong password is status error with HTTP 200', () => {
  const login = call(auth['POST /v1/auth/login'], { body: { type: 'account', userName: 'user', password: 'nope' } });
  expect(login).toEqual({ status: 200, body: { status: 'error', type: 'account' } });
});

test('no or unknown token gets 401 with the error body', () => {
  const current = call(user['GET /v1/users/current'], { headers: bearer('mock-nobody') });
  expect(current.status).toBe(401);
  expect(current.body).toMatchObject({ success: false, errorCode: 'UNAUTHORIZED' });
});

test('mobile sign-in needs the code the captcha call sent', () => {
  const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
  jest.spyOn(Math, 'random').mockReturnValue(0.5);
  expect(call(auth['POST /v1/auth/captcha'], { body: { mobile: '13800000003' } }).body).toMatchObject({ success: true });
  expect(log).toHaveBeenCalledWith('[mock] 验证码 13800000003: 550000');
  jest.restoreAllMocks();
  const wrong = call(auth['POST /v1/auth/login'], { body: { type: 'mobile', mobile: '13800000003', captcha: '000000' } });
  expect(wrong.body.status).toBe('error');
  const right = call(auth['POST /v1/auth/login'], { body: { type: 'mobile', mobile: '13800000003', captcha: '550000' } });
  expect(right.body).toMatchObject({ status: 'ok', currentAuthority: ['documentClerk'], token: 'mock-clerk' });
});

test('forgot answers success for a known account, 账号不存在 otherwise', () => {
  expect(call(auth['POST /v1/auth/forgot'], { body: { name: 'user' } }).body.success).toBe(true);
  expect(call(auth['POST /v1/auth/forgot'], { body: { name: 'ghost' } }).body).toEqual({ success: false, message: '账号不存在' });
});

test('a user patches only their own config', () => {
  const own = call(user['PATCH /v1/users/:idOrName'], {
    headers: bearer('mock-user2'),
    params: { idOrName: '2' },
    body: { config: { bol: 50 } },
  });
  expect(own.body.config).toEqual({ bol: 50 });
  const other = call(user['PATCH /v1/users/:idOrName'], {
    headers: bearer('mock-user2'),
    params: { idOrName: '1' },
    body: { config: { bol: 50 } },
  });
  expect(other.status).toBe(403);
});

test('notices: list, mark read, clear a type, and the counts follow', () => {
  const headers = bearer('mock-user');
  const list = call(notices['GET /v1/notices'], { headers, query: { pageSize: '100' } }).body;
  expect(list).toMatchObject({ success: true, current: 1, pageSize: 100 });
  expect(list.total).toBe(list.data.length);
  const unread = list.data.filter((n: { read: boolean }) => !n.read);
  call(notices['PATCH /v1/notices'], { headers, body: { ids: [unread[0].id], read: true } });
  expect(call(user['GET /v1/users/current'], { headers }).body.unreadCount).toBe(unread.length - 1);
  const cleared = call(notices['DELETE /v1/notices'], { headers, query: { type: 'event' } }).body;
  expect(cleared.deleted).toBeGreaterThan(0);
  expect(call(user['GET /v1/users/current'], { headers }).body.notifyCount).toBe(list.total - cleared.deleted);
});
