import { pathOf, type Route } from '@contract/endpoint';
import type { RequestOptionsInit } from 'umi-request';
import request from './request';

/**
 * A call of a contract endpoint (contract/endpoint.ts) through `request`: the route's path with `pathParams`
 * filled in and URL-encoded, and its method (GET, umi-request's default, left unsaid).
 */
export function requestRoute<T>(route: Route, options: RequestOptionsInit & { pathParams?: Record<string, string> } = {}) {
  const { pathParams, ...rest } = options;
  return request<T>(pathOf(route, pathParams), route.method === 'GET' ? rest : { method: route.method, ...rest });
}
