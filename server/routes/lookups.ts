/** Read-only lookups for every signed-in role (contract/lookup.ts): unpaged lists answer plain arrays. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { gbsOrderInfoParamsSchema, gbsOrderListParamsSchema } from '../../contract/lookup';
import { requireRole } from '../auth/guard';
import { findGbsOrders, getGbsOrder, listFactories, listSizeGroups } from '../domain/lookups';

const lookupRoutes: FastifyPluginAsyncZod = async (app) => {
  const signedIn = requireRole();

  app.get('/v1/factories', { onRequest: signedIn, schema: { summary: '工厂' } }, async () => listFactories(app.db));

  app.get('/v1/sizeGroup', { onRequest: signedIn, schema: { summary: '尺码组' } }, async () => listSizeGroups(app.db));

  app.get(
    '/v1/gbs/getOrderList/:odg_item_no',
    { onRequest: signedIn, schema: { summary: 'GBS 订单（ODG货号前缀，不区分大小写）', params: gbsOrderListParamsSchema } },
    async (request) => findGbsOrders(app.db, request.params.odg_item_no),
  );

  app.get(
    '/v1/gbs/getOrderInfo/:id',
    { onRequest: signedIn, schema: { summary: 'GBS 订单详情', params: gbsOrderInfoParamsSchema } },
    async (request) => getGbsOrder(app.db, request.params.id),
  );
};

export default lookupRoutes;
