/** Settings: every signed-in user reads them (capacities, cut-offs); only the clerk changes them. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { settingPutSchema } from '../../contract/setting';
import { currentUser, requireRole } from '../auth/guard';
import { getSetting, listSettings, putSetting } from '../domain/settings';

const keyParams = z.strictObject({ key: z.string().min(1).max(64) });

const settingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/v1/setting', { onRequest: requireRole(), schema: { summary: '设置列表' } }, async () => listSettings(app.db));

  app.get('/v1/setting/:key', { onRequest: requireRole(), schema: { summary: '设置项', params: keyParams } }, async (request) =>
    getSetting(app.db, request.params.key),
  );

  app.put(
    '/v1/setting/:key',
    {
      onRequest: requireRole('documentClerk'),
      schema: { summary: '修改设置项（需版本号）', params: keyParams, body: settingPutSchema },
    },
    async (request) => putSetting(app.db, request.params.key, request.body, currentUser(request).id),
  );
};

export default settingRoutes;
