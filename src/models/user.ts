import { patchUser, queryCurrent } from '@/services/user';
import { getAuthority, setAuthority } from '@/utils/authority';
import type { User } from '@contract/user/schema';
import { useSelector, type Effect, type Reducer } from 'umi';

export interface UserModelState {
  /** undefined until /v1/users/current has answered (and again after logout). */
  currentUser?: User;
}

export interface UserModelType {
  namespace: 'user';
  state: UserModelState;
  effects: { fetchCurrent: Effect; savePageSize: Effect };
  reducers: { saveCurrentUser: Reducer<UserModelState>; changeNotifyCount: Reducer<UserModelState> };
}

const sameRoles = (a: string[], b: string[]) => a.length === b.length && a.every((role) => b.includes(role));

const UserModel: UserModelType = {
  namespace: 'user',
  state: { currentUser: undefined },

  effects: {
    /** Resolves true when the current user is loaded, false when not signed in (or the server failed). */
    *fetchCurrent(_, { call, put }) {
      let user: User | undefined;
      try {
        user = yield call(queryCurrent);
      } catch {
        return false;
      }
      // undefined: not signed in (a 401 has already ended the session) or the server failed.
      if (!user) return false;
      yield put({ type: 'saveCurrentUser', payload: user });
      // The server is the authority on roles; a stale or edited localStorage must not drive the menu.
      if (!sameRoles(getAuthority(), user.authority)) setAuthority(user.authority);
      return true;
    },

    /** Remembers a list's page size in `config[listType]`, with a PATCH only when it changed. */
    *savePageSize({ payload }, { call, put, select }) {
      const { listType, pageSize } = payload as { listType: string; pageSize: number };
      const currentUser: User | undefined = yield select((state: { user: UserModelState }) => state.user.currentUser);
      if (!currentUser || currentUser.config?.[listType] === pageSize) return;
      const config = { ...currentUser.config, [listType]: pageSize };
      yield put({ type: 'saveCurrentUser', payload: { ...currentUser, config } });
      try {
        yield call(patchUser, currentUser.id, { config });
      } catch {
        // A 422 was shown by request.ts; the page size still applies to this visit.
      }
    },
  },

  reducers: {
    saveCurrentUser(state, { payload }) {
      return { ...state, currentUser: payload };
    },
    changeNotifyCount(state = {}, { payload }) {
      if (!state.currentUser) return state;
      return {
        ...state,
        currentUser: { ...state.currentUser, notifyCount: payload.totalCount, unreadCount: payload.unreadCount },
      };
    },
  },
};

export default UserModel;

const noRoles: User['authority'] = [];

/** The signed-in user's roles (none until the current user has been read). */
export const useRoles = () => useSelector((state: { user: UserModelState }) => state.user.currentUser?.authority ?? noRoles);

/** The signed-in user as last read (undefined before the first read). */
export const useCurrentUser = () => useSelector((state: { user: UserModelState }) => state.user.currentUser);
