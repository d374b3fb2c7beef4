/** GET /v1/health: 200 when the database answers, 503 when it does not. */
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '../../contract/common';
import { errorBody } from '../http/errors';

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/health',
    {
      schema: {
        summary: '健康检查',
        response: { 200: z.object({ status: z.literal('ok'), database: z.string() }), 503: errorBodySchema },
      },
    },
    async (request, reply) => {
      try {
        await app.db.execute(sql`select 1`);
        return { status: 'ok' as const, database: app.database.kind };
      } catch (err) {
        request.log.error({ err }, 'database unreachable');
        return reply.status(503).send(errorBody('DATABASE_UNAVAILABLE', '数据库不可用'));
      }
    },
  );
};

export default healthRoutes;
