/** umi runtime configuration: locale, theme, the session's style cache, feedback timings and the app-wide error boundary. */
import ErrorBoundary from '@/components/ErrorBoundary';
import { MESSAGE_DURATION, NOTIFICATION } from '@/utils/constants';
import { holdUntilCodeLoaded, startRouteCode } from '@/utils/routeCode';
import { createSessionStyleCache } from '@/utils/styleCache';
import { builtStyles } from '@@/plugin-antdStyles';
import { StyleProvider } from '@ant-design/cssinjs';
import { ConfigProvider, message, notification } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import React from 'react';
import type { History } from 'umi';
import { theme } from '../config/defaultSettings';

const styleCache = createSessionStyleCache(builtStyles);

message.config({ duration: MESSAGE_DURATION });
notification.config({ ...NOTIFICATION });
// Static message/notification calls (request.ts, global.tsx) render outside the tree: give them the same
// locale and theme.
ConfigProvider.config({
  holderRender: (children) => (
    <StyleProvider cache={styleCache}>
      <ConfigProvider locale={zhCN} theme={theme}>
        {children}
      </ConfigProvider>
    </StyleProvider>
  ),
});

let clientRoutes: unknown[] = [];

/** umi's route tree as the router matches it, kept for holdUntilCodeLoaded. */
export function patchClientRoutes({ routes }: { routes: unknown[] }) {
  clientRoutes = routes;
}

/** The router moves to a page once its code is in (utils/routeCode.ts). */
export function modifyClientRenderOpts<T extends { history: History; routeComponents: Record<string, unknown> }>(opts: T): T {
  const { routeComponents } = opts;
  return { ...opts, history: holdUntilCodeLoaded(opts.history, (path) => startRouteCode(clientRoutes, routeComponents, path)) };
}

export function rootContainer(container: React.ReactNode) {
  return (
    <StyleProvider cache={styleCache}>
      <ConfigProvider locale={zhCN} theme={theme}>
        <ErrorBoundary>{container}</ErrorBoundary>
      </ConfigProvider>
    </StyleProvider>
  );
}

/**
 * dva: an error thrown in an effect would otherwise be rethrown by dva and stop that model's watcher. Log it
 * instead; the dispatch promise still rejects for callers that await it. Failed requests mostly never get
 * here (request.ts resolves them with undefined after notifying).
 */
export const dva = {
  config: {
    onError(error: Error) {
      console.error(error);
    },
  },
};
