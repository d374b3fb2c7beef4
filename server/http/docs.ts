/**
 * Records every route with its schemas and roles as it is registered, and turns the record into an
 * OpenAPI 3.1 document (GET /v1/docs). Roles come from the route's requireRole guard.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';
import type { Role } from '../../contract/common';
import { guardRoles, type RoleGuard } from '../auth/guard';

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
    if (!route.url.startsWith('/v1/')) return;
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

function jsonSchema(schema: unknown, io: 'input' | 'output' = 'input') {
  return schema instanceof z.ZodType ? z.toJSONSchema(schema, { io, unrepresentable: 'any' }) : undefined;
}

/** The documented answers of a route: its response schemas by status, and the error shape. */
function responsesOf(response: Record<string, unknown> | undefined) {
  const documented = Object.fromEntries(
    Object.entries(response ?? {}).map(([status, schema]) => [
      status,
      { description: '成功', content: { 'application/json': { schema: jsonSchema(schema, 'output') } } },
    ]),
  );
  return { ...documented, default: { description: 'Errors: { success: false, errorCode, errorMessage, fields? }' } };
}

export function openApiDocument(routes: ApiRoute[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = route.url.replace(/:(\w+)/g, '{$1}');
    const schema = (route.schema ?? {}) as {
      body?: unknown;
      querystring?: unknown;
      params?: unknown;
      response?: Record<string, unknown>;
    };
    const parameters = (['params', 'querystring'] as const).flatMap((part) => {
      const s = jsonSchema(schema[part]) as { properties?: Record<string, unknown>; required?: string[] } | undefined;
      return Object.entries(s?.properties ?? {}).map(([name, property]) => ({
        name,
        in: part === 'params' ? 'path' : 'query',
        required: part === 'params' || (s?.required ?? []).includes(name),
        schema: property,
      }));
    });
    const body = jsonSchema(schema.body);
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = {
      summary: route.summary,
      'x-roles': route.access,
      security: route.access === 'public' ? [] : [{ bearer: [] }],
      parameters,
      ...(body ? { requestBody: { required: true, content: { 'application/json': { schema: body } } } } : {}),
      responses: responsesOf(schema.response),
    };
  }
  return {
    openapi: '3.1.0' as const,
    info: { title: 'Shipdesk API', version: '1' },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths,
  };
}
