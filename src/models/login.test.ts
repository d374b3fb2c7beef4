import { accountLogin, logout } from '@/services/auth';
import { createApp } from '@/testing/umi';
import { getCurrentAuthority } from '@/utils/Authorized';
import { message } from 'antd';
import loginModel, { AUTO_LOGIN_KEY, isSessionOver, SESSION_KEY } from './login';
import globalModel from './global';
import userModel from './user';

jest.mock('umi', () => require('@/testing/umi'));
jest.mock('@/services/auth', () => ({ accountLogin: jest.fn(), logout: jest.fn() }));

const mockedLogin = accountLogin as jest.MockedFunction<typeof accountLogin>;
const mockedLogout = logout as jest.MockedFunction<typeof logout>;

const goTo = (url: string) => window.history.replaceState(null, '', url);
const loginWithRedirect = (redirect: string) => goTo(`/user/login?redirect=${encodeURIComponent(redirect)}`);

const credentials = { type: 'account' as const, userName: 'user', password: 'shipdesk123' };
const ok = { status: 'ok' as const, type: 'account' as const, currentAuthority: ['user' as const], token: 'tok-123' };

let store: ReturnType<typeof createApp>;
let success: jest.SpyInstance;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  store = createApp([loginModel, userModel, globalModel]);
  success = jest.spyOn(message, 'success').mockImplementation(() => undefined as never);
  mockedLogin.mockReset();
  mockedLogout.mockReset();
});

afterEach(() => success.mockRestore());

describe('login', () => {
  test('status is undefined until the server answers', async () => {
    let answer: (value: typeof ok) => void = () => undefined;
    mockedLogin.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    goTo('/user/login');
    expect(store.getState().login.status).toBeUndefined();
    const done = store.dispatch({ type: 'login/login', payload: credentials });
    expect(store.getState().login.status).toBeUndefined();
    answer(ok);
    await done;
    expect(store.getState().login.status).toBe('ok');
  });

  test('ok: success message, token and authority stored, same-origin redirect followed', async () => {
    mockedLogin.mockResolvedValue(ok);
    loginWithRedirect('http://localhost/osb/plan?week=12#top');
    await store.dispatch({ type: 'login/login', payload: { ...credentials, autoLogin: true } });

    expect(mockedLogin).toHaveBeenCalledWith(credentials);
    expect(success).toHaveBeenCalledWith('登录成功！');
    expect(localStorage.getItem('token')).toBe('tok-123');
    expect(JSON.parse(localStorage.getItem('authority') as string)).toEqual(['user']);
    expect(getCurrentAuthority()).toEqual(['user']);
    expect(window.location.pathname).toBe('/osb/plan');
    expect(window.location.search).toBe('?week=12');
    expect(window.location.hash).toBe('#top');
  });

  test.each([
    ['another origin', 'https://evil.example/osb/plan', '/'],
    ['a protocol-relative host', '//evil.example/osb/plan', '/'],
    ['javascript:', 'javascript:alert(document.cookie)', '/'],
    ['a hash-route prefix', '#/shipment/packing', '/shipment/packing'],
    ['a same-origin hash route', 'http://localhost/#/osb/goods', '/osb/goods'],
    ['a plain path', '/tools/colorStickers', '/tools/colorStickers'],
  ])('redirect to %s', async (_case, redirect, expected) => {
    mockedLogin.mockResolvedValue(ok);
    loginWithRedirect(redirect);
    await store.dispatch({ type: 'login/login', payload: credentials });
    expect(window.location.origin).toBe('http://localhost');
    expect(window.location.pathname).toBe(expected);
  });

  test('no redirect parameter leads to /', async () => {
    mockedLogin.mockResolvedValue(ok);
    goTo('/user/login');
    await store.dispatch({ type: 'login/login', payload: credentials });
    expect(window.location.pathname).toBe('/');
  });

  test('error: status error, nothing stored, no navigation', async () => {
    mockedLogin.mockResolvedValue({ status: 'error', type: 'mobile' });
    loginWithRedirect('/osb/plan');
    await store.dispatch({ type: 'login/login', payload: { type: 'mobile', mobile: '13800000001', captcha: '000000' } });

    expect(store.getState().login).toMatchObject({ status: 'error', type: 'mobile' });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('authority')).toBeNull();
    expect(success).not.toHaveBeenCalled();
    expect(window.location.pathname).toBe('/user/login');
  });

  test('a refused call (429) is a failed sign-in with the server message', async () => {
    mockedLogin.mockRejectedValue({
      response: { status: 429 },
      data: { success: false, errorCode: 'RATE_LIMITED', errorMessage: '尝试次数过多，请 1 分钟后再试' },
    });
    goTo('/user/login');
    await store.dispatch({ type: 'login/login', payload: credentials });
    expect(store.getState().login).toMatchObject({ status: 'error', message: '尝试次数过多，请 1 分钟后再试' });
    expect(localStorage.getItem('token')).toBeNull();
  });

  test('without 自动登录 the sign-in ends with the browser session', async () => {
    mockedLogin.mockResolvedValue(ok);
    goTo('/user/login');
    await store.dispatch({ type: 'login/login', payload: { ...credentials, autoLogin: false } });
    expect(localStorage.getItem(AUTO_LOGIN_KEY)).toBe('false');
    expect(isSessionOver()).toBe(false);
    sessionStorage.removeItem(SESSION_KEY); // the browser was closed
    expect(isSessionOver()).toBe(true);
  });
});

describe('logout', () => {
  const signIn = () => {
    localStorage.setItem('token', 'tok-123');
    localStorage.setItem('authority', '["user"]');
    localStorage.setItem('locale', 'zh-CN');
  };

  test('revokes the token, clears all local storage and goes to the login page with redirect', async () => {
    signIn();
    store.dispatch({ type: 'global/saveNotices', payload: [{ id: 'n1', type: 'message', title: '私信', read: false }] });
    mockedLogout.mockResolvedValue(undefined);
    goTo('/osb/plan?week=12');
    await store.dispatch({ type: 'login/logout' });

    expect(mockedLogout).toHaveBeenCalledTimes(1);
    expect(localStorage.length).toBe(0);
    expect(getCurrentAuthority()).toEqual([]);
    expect(store.getState().user.currentUser).toBeUndefined();
    expect(store.getState().global.notices).toEqual([]);
    expect(window.location.pathname).toBe('/user/login');
    expect(new URLSearchParams(window.location.search).get('redirect')).toBe('http://localhost/osb/plan?week=12');
  });

  test('signs out locally even when the server cannot be reached', async () => {
    signIn();
    mockedLogout.mockRejectedValue(new Error('network'));
    goTo('/shipment');
    await store.dispatch({ type: 'login/logout' });
    expect(localStorage.length).toBe(0);
    expect(window.location.pathname).toBe('/user/login');
  });

  test('adds no redirect when already on the login page', async () => {
    signIn();
    mockedLogout.mockResolvedValue(undefined);
    goTo('/user/login');
    await store.dispatch({ type: 'login/logout' });
    expect(localStorage.length).toBe(0);
    expect(window.location.pathname).toBe('/user/login');
    expect(window.location.search).toBe('');
  });

  test('keeps an existing redirect', async () => {
    signIn();
    mockedLogout.mockResolvedValue(undefined);
    goTo('/shipment?redirect=%2Fosb%2Fplan');
    await store.dispatch({ type: 'login/logout' });
    expect(localStorage.length).toBe(0);
    expect(`${window.location.pathname}${window.location.search}`).toBe('/shipment?redirect=%2Fosb%2Fplan');
  });
});
