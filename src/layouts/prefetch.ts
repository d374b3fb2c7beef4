/**
 * The code of the pages in the user's menu, loaded ahead: a few seconds after the signed-in frame shows (again after
 * every full load, whose document starts without them), one page at a time while the browser is idle, so that the
 * first visit to a page waits for its data only. Links prefetch on hover as well (`defaultPrefetch: 'intent'`, .umirc.ts).
 */
import { startRouteCode } from '@/utils/routeCode';
import { useEffect } from 'react';
import { useAppData } from 'umi';
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
      startRouteCode(clientRoutes, routeComponents, path);
      whenIdle(next);
    };
    const timer = window.setTimeout(() => whenIdle(next), PREFETCH_DELAY_MS);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [clientRoutes, routeComponents, key]);
}
