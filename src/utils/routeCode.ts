/**
 * A page's code, loaded before the page is drawn. umi makes every route component a React.lazy: a page whose code
 * is not yet in the document suspends, draws the loading fallback, and renders again once it arrives, in 5 ms slices
 * with frames in between (a retry). Starting the lazy component ahead (layouts/prefetch.ts), and holding a navigation
 * until the new page's code is in (as data routers do), lets the page render once, at once, over the old one.
 */
import type { LazyExoticComponent } from 'react';
import type { History } from 'umi';
import { matchRoutes } from 'umi';

/** React.lazy's own state: `_init` starts the import and throws its promise until the module is in. */
type LazyRoute = LazyExoticComponent<React.ComponentType> & { _init?: (payload: unknown) => unknown; _payload?: unknown };

/** A slow network gets the page's loading fallback after this long instead of a click that seems to do nothing. */
export const HOLD_MS = 300;

/**
 * Starts loading the code of every route matching `path`; answers a promise settled when all of it is in (failed
 * loads included: the visit itself shows them), or undefined when it is in already.
 */
export function startRouteCode(
  clientRoutes: unknown,
  routeComponents: Record<string, unknown>,
  path: string,
): Promise<void> | undefined {
  const pending: Promise<unknown>[] = [];
  for (const match of matchRoutes(clientRoutes as never[], path) ?? []) {
    const component = routeComponents[(match.route as { id: string }).id] as LazyRoute | undefined;
    try {
      component?._init?.(component._payload);
    } catch (loading) {
      if (loading instanceof Promise) pending.push(loading.catch(() => undefined));
    }
  }
  return pending.length ? Promise.all(pending).then(() => undefined) : undefined;
}

type Update = Parameters<Parameters<History['listen']>[0]>[0];

/**
 * The history the router listens to: each change reaches its listeners once `codeOf(path)` has settled (at most
 * HOLD_MS later), and only the latest of changes made meanwhile. `history.location` itself moves at once, so the
 * app's own listeners (callsAhead's reads) still start with the click.
 */
export function holdUntilCodeLoaded(history: History, codeOf: (path: string) => Promise<void> | undefined): History {
  const listeners = new Set<(update: Update) => void>();
  let latest = 0;
  history.listen((update) => {
    latest += 1;
    const ticket = latest;
    const deliver = () => {
      if (ticket !== latest) return;
      latest += 1;
      listeners.forEach((listener) => listener(update));
    };
    const loading = codeOf(update.location.pathname);
    if (!loading) {
      deliver();
      return;
    }
    const timer = window.setTimeout(deliver, HOLD_MS);
    loading.then(() => {
      window.clearTimeout(timer);
      deliver();
    });
  });
  const held: History = Object.create(history);
  held.listen = (listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return held;
}
