/**
 * The code of the pages in the user's menu, loaded ahead: a few seconds after the signed-in frame shows, one page
 * at a time while the browser is idle (umi's preloadRoute, with `routePrefetch` on in .umirc.ts), so that the
 * first visit to a page waits for its data only. Links prefetch on hover as well (`defaultPrefetch: 'intent'`).
 */
import { useEffect } from 'react';
import { useAppData } from 'umi';
import type { MenuItem } from './menu';

/** After the first page has had its turn: its own requests and scripts come first. */
export const PREFETCH_DELAY_MS = 3000;
/**
 * Once per browser session: after a reload the pages' files are in the browser's cache, and evaluating them all
 * again would only compete with the page being used.
 */
const DONE_KEY = 'shipdesk.pagesPrefetched';

/** The pages of a menu, its groups opened. */
export const menuPaths = (items: readonly MenuItem[]): string[] =>
  items.flatMap((item) => (item.children ? menuPaths(item.children) : item.path ? [item.path] : []));

const whenIdle = (run: () => void) =>
  typeof window.requestIdleCallback === 'function'
    ? window.requestIdleCallback(run, { timeout: 2000 })
    : window.setTimeout(run, 50);

export function usePrefetchPages(paths: readonly string[]): void {
  const { preloadRoute } = useAppData() as { preloadRoute?: (path: string) => void };
  const key = paths.join('\n');
  useEffect(() => {
    if (!preloadRoute || !key || sessionStorage.getItem(DONE_KEY) === key) return undefined;
    const queue = key.split('\n');
    let stopped = false;
    const next = () => {
      const path = queue.shift();
      if (!path) sessionStorage.setItem(DONE_KEY, key);
      if (stopped || !path) return;
      preloadRoute(path);
      whenIdle(next);
    };
    const timer = window.setTimeout(() => whenIdle(next), PREFETCH_DELAY_MS);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [preloadRoute, key]);
}
