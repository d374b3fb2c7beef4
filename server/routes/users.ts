/**
 * Users. The clerk lists and reads every account; everyone else reads only their own. A user changes only
 * their own profile, config and preferences, whatever their role.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleteResultSchema, listResultSchema, type DeleteResult } from '../../contract/common';
import {
  passwordChangeResultSchema,
  passwordChangeSchema,
  shipmentStatisticsSchema,
  userListQuerySchema,
  userPatchSchema,
  userSchema,
  type PasswordChangeResult,
} from '../../contract/user';
import { currentUser, requireRole } from '../auth/guard';
import { revokeUserSessions } from '../auth/sessions';
import { changeOwnPassword, getUser, listUsers, patchOwnUser } from '../domain/users';
import { shipmentStatistics } from '../domain/statistics';
import { forbidden } from '../http/errors';

const idOrName = z.strictObject({ idOrName: z.string().min(1).max(64) });

const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const signedIn = requireRole();

  app.get(
    '/v1/users',
    {
      onRequest: requireRole('documentClerk'),
      schema: {
        summary: '用户列表',
        querystring: userListQuerySchema,
        response: { 200: listResultSchema(userSchema) },
      },
    },
    async (request) => listUsers(app.db, request.query),
  );

  app.get(
    '/v1/users/current',
    { onRequest: signedIn, schema: { summary: '当前用户', response: { 200: userSchema } } },
    async (request) => getUser(app.db, currentUser(request).id),
  );

  app.get(
    '/v1/users/:idOrName',
    { onRequest: signedIn, schema: { summary: '用户详情（本人或单证员）', params: idOrName, response: { 200: userSchema } } },
    async (request) => {
      const caller = currentUser(request);
      const user = await getUser(app.db, request.params.idOrName).catch((error) => {
        // Someone else's account: the same 403 whether or not it exists.
        if (!caller.roles.includes('documentClerk')) throw forbidden();
        throw error;
      });
      if (user.id !== caller.id && !caller.roles.includes('documentClerk')) throw forbidden();
      return user;
    },
  );

  app.patch(
    '/v1/users/:idOrName',
    {
      onRequest: signedIn,
      schema: {
        summary: '修改本人资料、列表设置、通知偏好',
        params: idOrName,
        body: userPatchSchema,
        response: { 200: userSchema },
      },
    },
    async (request) => patchOwnUser(app.db, currentUser(request), request.params.idOrName, request.body),
  );

  app.post(
    '/v1/users/current/password',
    {
      onRequest: signedIn,
      schema: { summary: '修改密码（其他会话退出）', body: passwordChangeSchema, response: { 200: passwordChangeResultSchema } },
    },
    async (request): Promise<PasswordChangeResult> => ({
      success: true,
      ...(await changeOwnPassword(app.db, currentUser(request), request.body, app.config.rateLimits.passwordChecks)),
    }),
  );

  app.delete(
    '/v1/users/current/sessions',
    { onRequest: signedIn, schema: { summary: '退出其他设备的登录', response: { 200: deleteResultSchema } } },
    async (request): Promise<DeleteResult> => {
      const caller = currentUser(request);
      return { success: true, deleted: await revokeUserSessions(app.db, caller.id, caller.tokenHash) };
    },
  );

  app.get(
    '/v1/user/statistics/shipment',
    { onRequest: signedIn, schema: { summary: '按状态统计', response: { 200: shipmentStatisticsSchema } } },
    async (request) => shipmentStatistics(app.db, currentUser(request)),
  );
};

export default userRoutes;
