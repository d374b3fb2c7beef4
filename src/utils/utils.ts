import { chinaDateTime } from '@contract/shared/chinaTime';
import { pathToRegexp } from 'path-to-regexp';
import { CACHE_LIMIT, DEBOUNCE_WAIT } from './constants';

export * from './constants';
// Date display lives in ./date: moment is only loaded by the pages that show dates, not at start-up.

/** The query of the current address (also when it sits in a hash route: `/#/user/login?redirect=…`). */
export function getPageQuery(): Record<string, string> {
  const { search, hash } = new URL(window.location.href);
  const hashQuery = hash.includes('?') ? hash.slice(hash.indexOf('?')) : '';
  return Object.fromEntries(new URLSearchParams(search || hashQuery));
}

const urlPattern =
  /(((^https?:(?:\/\/)?)(?:[-;:&=+$,\w]+@)?[A-Za-z0-9.-]+(?::\d+)?|(?:www.|[-;:&=+$,\w]+@)[A-Za-z0-9.-]+)((?:\/[+~%/.\w-_]*)?\??(?:[-+=&;%@.\w_]*)#?(?:[\w]*))?)$/;

/** Whether `path` is a full http(s) URL rather than a route path. */
export const isUrl = (path: string): boolean => urlPattern.test(path);

const debounceTimers = new Map<string, ReturnType<typeof setTimeout>>();

/**
 * Runs `fn` after `wait` ms of quiet for `key`: a new call with the same key replaces the pending one, calls
 * with different keys do not affect each other.
 */
export function debounce(key: string, fn: () => void, wait: number = DEBOUNCE_WAIT): void {
  cancelDebounce(key);
  debounceTimers.set(
    key,
    setTimeout(() => {
      debounceTimers.delete(key);
      fn();
    }, wait),
  );
}

/** Drops the pending call of `key`, if any. */
export function cancelDebounce(key: string): void {
  const timer = debounceTimers.get(key);
  if (timer !== undefined) {
    clearTimeout(timer);
    debounceTimers.delete(key);
  }
}

/** Moves the item at `startIndex` to `endIndex` in a new list; every item gets `index` = its position. */
export function reorder<T extends object>(list: readonly T[], startIndex: number, endIndex: number): (T & { index: number })[] {
  const result = [...list];
  const [moved] = result.splice(startIndex, 1);
  if (moved !== undefined) result.splice(endIndex, 0, moved);
  return result.map((item, index) => ({ ...item, index }));
}

/** A Map that keeps at most `limit` entries, dropping the least recently used one first. */
export class BoundedCache<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(readonly limit: number = CACHE_LIMIT) {}

  get size(): number {
    return this.entries.size;
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  get(key: K): V | undefined {
    if (!this.entries.has(key)) return undefined;
    const value = this.entries.get(key) as V;
    // Re-inserting moves the key to the newest end of the Map's order.
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: K, value: V): this {
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.limit) {
      const oldest = this.entries.keys().next().value as K;
      this.entries.delete(oldest);
    }
    return this;
  }

  delete(key: K): boolean {
    return this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}

const routeRegexpCache = new BoundedCache<string, RegExp>();

/**
 * The regular expression of a route path (path-to-regexp v8 syntax, cached). A trailing slash is optional
 * ('/shipment/multi/' is the page at '/shipment/multi'). `end: false` matches the path and anything below it.
 * '*' and '/*' (the catch-all of the route table) match every path.
 */
export function getRouteRegexp(path: string, end = true): RegExp {
  const key = `${end ? 'end' : 'prefix'} ${path}`;
  const cached = routeRegexpCache.get(key);
  if (cached) return cached;
  // Without its trailing slash the root is '', which as a prefix matches every path.
  const trimmed = path.replace(/\/+$/, '').replace(/(^|\/)\*$/, '/*splat');
  const { regexp } = pathToRegexp(end ? trimmed || '/' : trimmed, { end });
  routeRegexpCache.set(key, regexp);
  return regexp;
}

/** The shape of config/routes.ts (and of umi's client routes, which call the child list `children`). */
export interface RouteLike {
  path?: string;
  authority?: string | string[];
  redirect?: string;
  routes?: RouteLike[];
  children?: RouteLike[];
}

const joinPath = (parent: string, path: string) =>
  path.startsWith('/') || path === '*' ? path : `${parent.replace(/\/+$/, '')}/${path}`;

/**
 * The chain of routes from the outermost to the deepest that matches `pathname`, or [] when none does. A
 * route with children is matched through them first (its own page is usually a child with the same path);
 * the first matching route in table order wins, as in the router.
 */
export function matchRoutes<R extends RouteLike>(routes: readonly R[], pathname: string, parentPath = '/'): R[] {
  for (const route of routes) {
    const path = route.path === undefined ? parentPath : joinPath(parentPath, route.path);
    const children = (route.routes || route.children) as R[] | undefined;
    if (children?.length && getRouteRegexp(path, false).test(pathname)) {
      const chain = matchRoutes(children, pathname, path);
      if (chain.length) return [route, ...chain];
    }
    if (route.path !== undefined && getRouteRegexp(path).test(pathname)) return [route];
  }
  return [];
}

/**
 * The authority of the deepest route matching `pathname`; a route without `authority` inherits its
 * parent's. undefined when no route on the way demands one (or none matches).
 */
export function getAuthorityFromRouter(routes: readonly RouteLike[], pathname: string): string[] | undefined {
  const chain = matchRoutes(routes, pathname);
  for (let i = chain.length - 1; i >= 0; i -= 1) {
    const { authority } = chain[i];
    if (authority !== undefined) return typeof authority === 'string' ? [authority] : authority;
  }
  return undefined;
}

/**
 * Where to go after signing in, from the `redirect` query: a same-origin absolute URL or a path starting
 * with a single '/' is followed (returned as path + search + hash, a leading '#' or '/#' hash-route prefix
 * stripped); anything else — another origin, '//host', 'javascript:', backslashes, control characters,
 * nothing — leads to '/'.
 */
export function getSafeRedirect(redirect: string | null | undefined, origin: string = window.location.origin): string {
  const raw = (redirect || '').trim();
  // Browsers drop tabs and newlines inside URLs and read '\' as '/': refuse them instead of guessing.
  if (!raw || /[\u0000-\u001f\u007f\\]/.test(raw)) return '/';
  const candidate = raw.startsWith('#') ? raw.slice(1) : raw;
  const isPath = candidate.startsWith('/') && !candidate.startsWith('//');
  if (!isPath && !/^https?:\/\//i.test(candidate)) return '/';
  let url: URL;
  let base: URL;
  try {
    base = new URL(origin);
    url = new URL(candidate, base);
  } catch {
    return '/';
  }
  if (url.origin !== base.origin) return '/';
  let target = `${url.pathname}${url.search}${url.hash}`;
  if (url.pathname === '/' && !url.search && url.hash.startsWith('#/')) target = url.hash.slice(1);
  return target.startsWith('/') && !target.startsWith('//') ? target : '/';
}

/** An ISO time as `2026-11-24 19:30` in China time (the product's one clock), for tables that load no date library. */
export const formatMinute = (iso: string) => chinaDateTime(iso);
