import { clearNotices, markNoticesRead, queryNotices, type NoticeReadTarget } from '@/services/notice';
import type { ListResult } from '@contract/shared/common';
import type { Notice, NoticeType } from '@contract/notice/schema';
import type { Effect, Reducer } from 'umi';
import type { UserModelState } from './user';

/* The notice calls resolve with undefined when they failed; request.ts has told the user already. */
export interface GlobalModelState {
  collapsed: boolean;
  notices: Notice[];
}

export interface GlobalModelType {
  namespace: 'global';
  state: GlobalModelState;
  effects: { fetchNotices: Effect; markRead: Effect; clearNotices: Effect };
  reducers: {
    changeLayoutCollapsed: Reducer<GlobalModelState>;
    saveNotices: Reducer<GlobalModelState>;
    markNoticesRead: Reducer<GlobalModelState>;
    removeNoticesOfType: Reducer<GlobalModelState>;
  };
}

type State = { global: GlobalModelState; user: UserModelState };

const unread = (notices: Notice[]) => notices.filter((notice) => !notice.read).length;

const GlobalModel: GlobalModelType = {
  namespace: 'global',
  state: { collapsed: false, notices: [] },

  effects: {
    *fetchNotices(_, { call, put }) {
      const result: ListResult<Notice> | undefined = yield call(queryNotices);
      // undefined: request.ts has shown the error; the popover keeps what it had.
      if (!result) return false;
      yield put({ type: 'saveNotices', payload: result.data });
      yield put({
        type: 'user/changeNotifyCount',
        payload: { totalCount: result.total, unreadCount: unread(result.data) },
      });
      return true;
    },

    *markRead({ payload }, { call, put, select }) {
      const target = payload as NoticeReadTarget;
      const done: unknown = yield call(markNoticesRead, target);
      if (done === undefined) return false;
      yield put({ type: 'markNoticesRead', payload: target });
      const { notices, total }: { notices: Notice[]; total: number } = yield select((state: State) => ({
        notices: state.global.notices,
        total: state.user.currentUser?.notifyCount ?? state.global.notices.length,
      }));
      yield put({ type: 'user/changeNotifyCount', payload: { totalCount: total, unreadCount: unread(notices) } });
      return true;
    },

    *clearNotices({ payload }, { call, put, select }) {
      const type = payload as NoticeType;
      const done: unknown = yield call(clearNotices, type);
      if (done === undefined) return false;
      const { removed, total }: { removed: number; total: number } = yield select((state: State) => ({
        removed: state.global.notices.filter((notice) => notice.type === type).length,
        total: state.user.currentUser?.notifyCount ?? state.global.notices.length,
      }));
      yield put({ type: 'removeNoticesOfType', payload: type });
      const notices: Notice[] = yield select((state: State) => state.global.notices);
      yield put({
        type: 'user/changeNotifyCount',
        payload: { totalCount: Math.max(total - removed, notices.length), unreadCount: unread(notices) },
      });
      return true;
    },
  },

  reducers: {
    changeLayoutCollapsed(state, { payload }) {
      return { ...(state as GlobalModelState), collapsed: payload };
    },
    saveNotices(state, { payload }) {
      return { ...(state as GlobalModelState), notices: payload };
    },
    markNoticesRead(state, { payload }) {
      const current = state as GlobalModelState;
      const target = payload as NoticeReadTarget;
      const hit = (notice: Notice) => ('ids' in target ? target.ids.includes(notice.id) : notice.type === target.type);
      return { ...current, notices: current.notices.map((notice) => (hit(notice) ? { ...notice, read: true } : notice)) };
    },
    removeNoticesOfType(state, { payload }) {
      const current = state as GlobalModelState;
      return { ...current, notices: current.notices.filter((notice) => notice.type !== payload) };
    },
  },
};

export default GlobalModel;
