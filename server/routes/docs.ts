/** GET /v1/docs: the OpenAPI document, built from the routes' zod schemas and guards. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { openApiDocument } from '../http/docs';

const docsRoutes: FastifyPluginAsyncZod = async (app) => {
  let document: ReturnType<typeof openApiDocument> | undefined;
  app.get(
    '/v1/docs',
    {
      schema: {
        summary: 'OpenAPI 文档',
        response: { 200: z.looseObject({ openapi: z.literal('3.1.0'), paths: z.record(z.string(), z.unknown()) }) },
      },
    },
    async () => {
      document ??= openApiDocument(app.apiRoutes);
      return document;
    },
  );
};

export default docsRoutes;
