/**
 * The code of the pages in the user's menu, loaded ahead: a few seconds after the signed-in frame shows (again after
 * every full load, whose document starts without them), one page at a time while the browser is idle, so that the
 * first visit to a page waits for its data only. Links prefetch on hover as well (`defaultPrefetch: 'intent'`, .umirc.ts).
 */
import type { LazyExoticComponent } from 'react';
import { useEffect } from 'react';
import { matchRoutes, useAppData } from 'umi';
import type { MenuItem } from './menu';

/** After the first page has had its turn: its own requests and scripts come first. */
export const PREFETCH_DELAY_MS = 3000;

/** The pages of a menu, its groups opened. */
export const menuPaths = (items: readonly MenuItem[]): string[] =>
  items.flatMap((item) => (item.children ? menuPaths(item.children) : item.path ? [item.path] : []));

const whenIdle = (run: () => void) =>
  typeof window.requestIdleCallback === 'function'
    ? window.requestIdleCallback(run, { timeout: 2000 })
    : window.setTimeout(run, 50);

/** React.lazy's own state: initialising it starts the import and lets the first visit draw without suspending. */
type LazyRoute = LazyExoticComponent<React.ComponentType> & { _init?: (payload: unknown) => unknown; _payload?: unknown };

function startLazy(component: LazyRoute | undefined): void {
  try {
    component?._init?.(component._payload);
  } catch (pending) {
    // While loading, React.lazy throws its promise; a failed load is met again (and shown) on the visit itself.
    if (pending instanceof Promise) pending.catch(() => undefined);
  }
}

export function usePrefetchPages(paths: readonly string[]): void {
  const { clientRoutes, routeComponents } = useAppData();
  const key = paths.join('\n');
  useEffect(() => {
    if (!key) return undefined;
    const queue = key.split('\n').filter((path) => path !== window.location.pathname);
    let stopped = false;
    const next = () => {
      const path = queue.shift();
      if (stopped || !path) return;
      for (const match of matchRoutes(clientRoutes, path) ?? []) {
        startLazy(routeComponents[(match.route as { id: string }).id] as LazyRoute);
      }
      whenIdle(next);
    };
    const timer = window.setTimeout(() => whenIdle(next), PREFETCH_DELAY_MS);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [clientRoutes, routeComponents, key]);
}
