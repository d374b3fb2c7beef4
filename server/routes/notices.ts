/** The caller's own notices: list (newest first), mark read, clear a type. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DeleteResult } from '../../contract/common';
import { noticeDeleteQuerySchema, noticeListQuerySchema, noticePatchSchema, type NoticePatchResult } from '../../contract/notice';
import { currentUser, requireRole } from '../auth/guard';
import { clearNotices, listNotices, markNoticesRead } from '../domain/notices';

const noticeRoutes: FastifyPluginAsyncZod = async (app) => {
  const signedIn = requireRole();

  app.get(
    '/v1/notices',
    { onRequest: signedIn, schema: { summary: '我的通知', querystring: noticeListQuerySchema } },
    async (request) => listNotices(app.db, currentUser(request).id, request.query),
  );

  app.patch(
    '/v1/notices',
    { onRequest: signedIn, schema: { summary: '标为已读', body: noticePatchSchema } },
    async (request): Promise<NoticePatchResult> => ({
      success: true,
      updated: await markNoticesRead(app.db, currentUser(request).id, request.body),
    }),
  );

  app.delete(
    '/v1/notices',
    { onRequest: signedIn, schema: { summary: '清空一类通知', querystring: noticeDeleteQuerySchema } },
    async (request): Promise<DeleteResult> => ({
      success: true,
      deleted: await clearNotices(app.db, currentUser(request).id, request.query.type),
    }),
  );
};

export default noticeRoutes;
