/** GET /v1/docs: the OpenAPI document, built from the routes' zod schemas and guards. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { openApiDocument } from '../http/docs';

const docsRoutes: FastifyPluginAsyncZod = async (app) => {
  let document: ReturnType<typeof openApiDocument> | undefined;
  app.get('/v1/docs', { schema: { summary: 'OpenAPI 文档' } }, async () => {
    document ??= openApiDocument(app.apiRoutes);
    return document;
  });
};

export default docsRoutes;
