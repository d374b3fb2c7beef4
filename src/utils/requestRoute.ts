import { pathOf, type Route } from '@contract/shared/endpoint';
import type { RequestOptionsInit } from 'umi-request';
import request, { readNow } from './request';

/**
 * A call of a contract endpoint (contract/shared/endpoint.ts) through `request`: the route's path with `pathParams`
 * filled in and URL-encoded, and its method (GET, umi-request's default, left unsaid). A read leaves at once
 * (`readNow`).
 */
export function requestRoute<T>(route: Route, options: RequestOptionsInit & { pathParams?: Record<string, string> } = {}) {
  const { pathParams, ...rest } = options;
  const path = pathOf(route, pathParams);
  if (route.method === 'GET') readNow(path, rest);
  return request<T>(path, route.method === 'GET' ? rest : { method: route.method, ...rest });
}
