/** GET /v1/health: 200 when the database answers, 503 when it does not. */
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '../http/errors';

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/v1/health', { schema: { summary: '健康检查' } }, async (request, reply) => {
    try {
      await app.db.execute(sql`select 1`);
      return { status: 'ok', database: app.database.kind };
    } catch (err) {
      request.log.error({ err }, 'database unreachable');
      return reply.status(503).send(errorBody('DATABASE_UNAVAILABLE', '数据库不可用'));
    }
  });
};

export default healthRoutes;
