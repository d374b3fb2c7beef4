import { accountLogin, logout } from '@/services/auth';
import { serverMessage } from '@/services/errors';
import { setAuthority, TOKEN_KEY } from '@/utils/authority';
import { endSession } from '@/utils/request';
import { getPageQuery, getSafeRedirect } from '@/utils/utils';
import type { LoginBody, LoginResult, LoginType } from '@contract/auth/schema';
import { message } from 'antd';
import type { Effect, Reducer } from 'umi';
import { history } from 'umi';

export interface LoginModelState {
  /** undefined until the server has answered a sign-in. */
  status?: 'ok' | 'error';
  type?: LoginType;
  /** The server's reason for an 'error' (e.g. rate limited), when it gave one. */
  message?: string;
}

export type LoginPayload = LoginBody & {
  /** 自动登录: unticked, the sign-in lasts only until the browser is closed. */
  autoLogin?: boolean;
};

/** localStorage: 'false' when the user chose not to stay signed in. */
export const AUTO_LOGIN_KEY = 'autoLogin';
/** sessionStorage: present while the browser session that signed in is still open. */
export const SESSION_KEY = 'signedIn';

/** A sign-in without 自动登录 whose browser session has ended since. */
export function isSessionOver(): boolean {
  return localStorage.getItem(AUTO_LOGIN_KEY) === 'false' && !sessionStorage.getItem(SESSION_KEY);
}

export interface LoginModelType {
  namespace: 'login';
  state: LoginModelState;
  effects: { login: Effect; logout: Effect };
  reducers: { changeLoginStatus: Reducer<LoginModelState> };
}

const LoginModel: LoginModelType = {
  namespace: 'login',
  state: { status: undefined },

  effects: {
    *login({ payload }, { call, put }) {
      const { autoLogin = true, ...body } = payload as LoginPayload;
      let response: LoginResult;
      try {
        response = yield call(accountLogin, body as LoginBody);
      } catch (error) {
        // Not a wrong password (that answers 200): 429 too many attempts, server or network failure.
        response = { status: 'error', type: body.type, message: serverMessage(error, '登录失败，请稍后再试') };
      }
      yield put({ type: 'changeLoginStatus', payload: response });
      if (response.status !== 'ok') return;

      message.success('登录成功！');
      localStorage.setItem(TOKEN_KEY, response.token);
      localStorage.setItem(AUTO_LOGIN_KEY, String(autoLogin));
      sessionStorage.setItem(SESSION_KEY, '1');
      setAuthority(response.currentAuthority);
      history.replace(getSafeRedirect(getPageQuery().redirect));
    },

    *logout(_, { call, put }) {
      try {
        yield call(logout);
      } catch {
        // Revoking the token is best effort: the local sign-out below happens whatever the server says.
      }
      sessionStorage.removeItem(SESSION_KEY);
      // Clears all local storage and goes to the login page with `redirect`, as a 401 does.
      endSession();
      yield put({ type: 'changeLoginStatus', payload: { status: undefined, type: undefined } });
      yield put({ type: 'user/saveCurrentUser', payload: undefined });
      // The next user of this browser must not glimpse the previous one's notices.
      yield put({ type: 'global/saveNotices', payload: [] });
    },
  },

  reducers: {
    changeLoginStatus(state, { payload }) {
      return { ...state, status: payload.status, type: payload.type, message: payload.message };
    },
  },
};

export default LoginModel;
