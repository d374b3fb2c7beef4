import { matchRoutes } from '@/utils/utils';
import type { RouteConfig } from '../../config/routes';

/** One entry of the side menu, built from the route table for the current authority. */
export interface MenuItem {
  /** Unique: a group and its index page share a path ('/shipment/multi' and '/shipment/multi/'). */
  key: string;
  path: string;
  name: string;
  icon?: string;
  children?: MenuItem[];
}

const allowed = (route: RouteConfig, authority: string[]) =>
  !route.authority || route.authority.some((role) => authority.includes(role));

/** The index page of a group is written with a trailing slash; its key keeps it apart from the group's. */
const keyOf = (route: RouteConfig, isGroup: boolean) => (isGroup ? `group:${route.path}` : (route.path as string));

/**
 * The menu for `authority`: routes with a name, not hidden, that the authority may open. A group shows when
 * at least one of its pages shows.
 */
export function buildMenu(routes: RouteConfig[], authority: string[]): MenuItem[] {
  return routes.flatMap((route): MenuItem[] => {
    if (!route.path || !route.name || route.hideInMenu || route.redirect || !allowed(route, authority)) {
      return [];
    }
    if (route.routes) {
      const children = buildMenu(route.routes, authority);
      if (children.length === 0) return [];
      return [{ key: keyOf(route, true), path: route.path, name: route.name, icon: route.icon, children }];
    }
    return [{ key: keyOf(route, false), path: route.path, name: route.name, icon: route.icon }];
  });
}

const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** Whether `pathname` is `itemPath` or lies under it ('/shipment/packing/12' under '/shipment/packing'). */
const covers = (itemPath: string, pathname: string) => {
  const base = trimSlash(itemPath);
  return pathname === base || pathname.startsWith(`${base}/`);
};

/**
 * The menu keys to highlight for `pathname`: the deepest page whose path covers it (so a hidden detail page
 * lights up its list), and the groups leading to it, which are opened.
 */
export function matchMenuKeys(menu: MenuItem[], pathname: string): { selected: string[]; open: string[] } {
  const path = trimSlash(pathname);
  let best: { item: MenuItem; parents: MenuItem[] } | undefined;
  const visit = (items: MenuItem[], parents: MenuItem[]) => {
    for (const item of items) {
      if (item.children) {
        if (covers(item.path, path)) visit(item.children, [...parents, item]);
      } else if (covers(item.path, path) && (!best || trimSlash(item.path).length > trimSlash(best.item.path).length)) {
        best = { item, parents };
      }
    }
  };
  visit(menu, []);
  if (!best) return { selected: [], open: [] };
  return { selected: [best.item.key], open: best.parents.map((group) => group.key) };
}

/** The name of the deepest named route matching `pathname` (for the document title). */
export function routeName(routes: RouteConfig[], pathname: string): string | undefined {
  return [...matchRoutes(routes, pathname)].reverse().find((route) => route.name)?.name;
}

/** The pages under BasicLayout: the children of '/' inside the security layer. */
export function basicLayoutRoutes(routes: RouteConfig[]): RouteConfig[] {
  const secured = routes.find((route) => route.path === '/' && route.routes);
  return secured?.routes?.find((route) => route.path === '/')?.routes ?? [];
}
