/**
 * Records every route with its schemas and the roles its requireRole guard admits, as it is registered: the tests
 * hold the registered routes to contract/shared/api.ts, from which the OpenAPI document (GET /v1/docs) is built.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { Role } from '../../contract/shared/common';
import { guardRoles, type RoleGuard } from '../auth/guard';
import { systemRoutes } from '../../contract/system';

export interface ApiRoute {
  method: string;
  url: string;
  /** `public`: no sign-in; `signedIn`: any role; else the roles admitted. */
  access: Role[] | 'signedIn' | 'public';
  schema?: RouteOptions['schema'];
  summary?: string;
}

function accessOf(route: RouteOptions): ApiRoute['access'] {
  const hooks = [route.onRequest].flat().filter(Boolean) as Partial<RoleGuard>[];
  const guard = hooks.find((hook) => hook[guardRoles]);
  return guard?.[guardRoles] ?? 'public';
}

export function collectRoutes(app: FastifyInstance) {
  const routes: ApiRoute[] = [];
  app.decorate('apiRoutes', routes);
  app.addHook('onRoute', (route) => {
    // The API, and Prometheus's path, which is /metrics by convention.
    if (!route.url.startsWith('/v1/') && route.url !== systemRoutes.metrics.path) return;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      routes.push({
        method,
        url: route.url,
        access: accessOf(route),
        schema: route.schema,
        summary: (route.schema as { summary?: string } | undefined)?.summary,
      });
    }
  });
}
