/**
 * In the API tests (checkResponses), an answer whose status the OpenAPI document does not list for its operation
 * becomes a 500 that says so: every test of every route then holds the document to what the server answers.
 */
import type { FastifyInstance } from 'fastify';
import { apiResources } from '../../contract/api';
import { openApiDocument } from '../../contract/openapi';

type Statuses = Map<string, Set<string>>;

function documentedStatuses(): Statuses {
  const statuses: Statuses = new Map();
  for (const [path, operations] of Object.entries(openApiDocument(apiResources).paths))
    for (const [method, operation] of Object.entries(operations))
      statuses.set(`${method.toUpperCase()} ${path}`, new Set(Object.keys((operation as { responses: object }).responses)));
  return statuses;
}

export function refuseUndocumentedStatuses(app: FastifyInstance): void {
  let statuses: Statuses | undefined;
  app.addHook('onSend', async (request, reply, payload) => {
    const route = request.routeOptions.url;
    if (!route?.startsWith('/v1/') || request.method === 'HEAD') return payload;
    statuses ??= documentedStatuses();
    const operation = `${request.method} ${route.replace(/(.)\/$/, '$1').replace(/:(\w+)/g, '{$1}')}`;
    const listed = statuses.get(operation);
    if (!listed || listed.has(String(reply.statusCode))) return payload;
    const said = typeof payload === 'string' ? payload.slice(0, 300) : '';
    reply.code(500).type('application/json; charset=utf-8');
    return JSON.stringify({
      success: false,
      errorCode: 'UNDOCUMENTED_STATUS',
      errorMessage: `${operation} answered ${reply.statusCode}, which the API document does not list: ${said}`,
    });
  });
}
