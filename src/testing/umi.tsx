/**
 * What tests use in place of `umi` (jest.mock('umi', () => require('@/testing/umi'))): the react-router
 * pieces umi re-exports, a real browser history on jsdom's location, and dva's hooks over a real dva-core
 * store running the real models. Needed because umi's generated exports pull a second React (16, nested
 * under @umijs/plugins) into react-redux, which breaks hooks under React 18.
 */
import { StyleProvider } from '@ant-design/cssinjs';
import { createBrowserHistory } from 'history';
import React, { createContext, useContext, useSyncExternalStore } from 'react';
import { unstable_HistoryRouter as HistoryRouter } from 'react-router-dom';

export {
  Link,
  NavLink,
  Navigate,
  Outlet,
  matchPath,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router-dom';

export const history = createBrowserHistory();

/** The pages whose code layouts/prefetch.ts started loading, in order. */
export const preloadedRoutes: string[] = [];
/** Here every path is a route of its own, its component a React.lazy that records when it is started. */
export const matchRoutes = (_routes: unknown, path: string) => [{ route: { id: path } }];
const routeComponents = new Proxy(
  {},
  { get: (_target, id: string) => ({ _payload: id, _init: (payload: string) => preloadedRoutes.push(payload) }) },
);
const appData = { clientRoutes: [], routeComponents };
export const useAppData = () => appData;

interface Store {
  getState: () => any;
  dispatch: (action: { type: string; [key: string]: unknown }) => any;
  subscribe: (listener: () => void) => () => void;
}

const StoreContext = createContext<Store | null>(null);

function useStore(): Store {
  const store = useContext(StoreContext);
  if (!store) throw new Error('render inside renderWithApp');
  return store;
}

export function useDispatch() {
  return useStore().dispatch;
}

export function useSelector<T>(selector: (state: any) => T): T {
  const store = useStore();
  const state = useSyncExternalStore(store.subscribe, store.getState);
  return selector(state);
}

interface Model {
  namespace: string;
}

/** A started dva app (the engine umi uses, with dva-loading as umi adds it) holding `models`. */
export function createApp(models: Model[]) {
  // dva-core's build expects the global regenerator runtime that umi's bundler provides.
  require('regenerator-runtime/runtime');
  const { create } = require('@umijs/plugins/node_modules/dva-core');
  const createLoading = require('dva-loading').default ?? require('dva-loading');
  const app = create({}, { initialReducer: {}, setupApp() {} });
  app.use(createLoading());
  models.forEach((model) => app.model({ ...model }));
  app.start();
  const store: Store = app._store;
  return store;
}

/**
 * antd's styles go to a detached node: jsdom's getComputedStyle matches every CSS rule in the document, which
 * makes a form test ten times slower with antd's styles in <head>.
 */
const detachedStyles = document.createElement('div');

/** Wraps a tree in the store and a router on `history`, as umi's runtime does. */
export function AppProviders({ store, children }: { store: Store; children: React.ReactNode }) {
  return (
    <StyleProvider container={detachedStyles}>
      <StoreContext.Provider value={store}>
        <HistoryRouter history={history}>{children}</HistoryRouter>
      </StoreContext.Provider>
    </StyleProvider>
  );
}
