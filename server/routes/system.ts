/**
 * The API's own calls: GET /v1/health, readiness (200 when the database answers, 503 with Retry-After when not),
 * GET /v1/health/live, liveness (200 while the process runs), GET /v1/docs (the OpenAPI
 * document of contract/shared/api.ts) and GET /v1/docs/ui, a Swagger UI reference page served from the npm package
 * swagger-ui-dist (no CDN) under the product's Content-Security-Policy: no inline script, its own initializer file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { apiResources } from '../../contract/shared/api';
import { openApiDocument } from '../../contract/shared/openapi';
import {
  docsUiInitializer,
  docsUiPage,
  docsUiTypes,
  integrationGuideFile,
  metricsMessages,
  systemAccess,
  systemEndpoints,
} from '../../contract/system';
import { projectRoot } from '../paths';
import { sendUnavailable } from '../http/errors';
import { endpointPlugin } from '../http/endpoints';
import { RuleError } from '../../contract/shared/ruleError';
import { tokenMatches } from '../metrics/scrape';

let document: ReturnType<typeof openApiDocument> | undefined;
const swaggerUiFolder = path.dirname(require.resolve('swagger-ui-dist/package.json'));

export const systemRoutes = endpointPlugin(
  systemEndpoints,
  { policy: systemAccess, notFoundMessage: '文件不存在' },
  {
    health: async ({ db, request, reply }) => {
      if (request.server.lifecycle.stopping) return sendUnavailable(reply);
      try {
        await db.execute(sql`select 1`);
        return { status: 'ok' as const, database: request.server.database.kind };
      } catch (err) {
        request.log.warn({ err }, 'not ready: database unreachable');
        return sendUnavailable(reply);
      }
    },
    live: async () => ({ status: 'ok' as const }),
    docs: async () => (document ??= openApiDocument(apiResources)),
    docsUi: async ({ reply }) => reply.type('text/html; charset=utf-8').send(docsUiPage),
    docsUiAsset: async ({ params: { file }, reply }) =>
      reply
        .type(docsUiTypes[file])
        .send(file === 'init.js' ? docsUiInitializer : fs.createReadStream(path.join(swaggerUiFolder, file))),
    integrationGuide: async ({ reply }) =>
      reply.type('text/markdown; charset=utf-8').send(fs.createReadStream(path.join(projectRoot, ...integrationGuideFile))),
    metrics: async ({ request, reply }) => {
      const { config, metrics } = request.server;
      if (!config.metricsToken) throw new RuleError(404, 'NOT_FOUND', metricsMessages.off);
      if (!tokenMatches(request.headers.authorization, config.metricsToken))
        throw new RuleError(403, 'FORBIDDEN', metricsMessages.badToken);
      return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    },
  },
);
