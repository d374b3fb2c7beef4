/**
 * Users, registered from the endpoint table of contract/user/schema.ts. The clerk lists and reads every account;
 * everyone else reads only their own. A user changes only their own profile, config and preferences.
 */
import { readsAll } from '../../contract/shared/access';
import { userAccess, userEndpoints } from '../../contract/user/schema';
import { revokeUserSessions } from '../auth/sessions';
import { shipmentStatistics } from '../domain/home';
import { changeOwnPassword, getUser, listUsers, patchOwnUser } from '../domain/user';
import { endpointPlugin } from '../http/endpoints';
import { forbidden } from '../domain/refusals';

export default endpointPlugin(
  userEndpoints,
  { policy: userAccess, notFoundMessage: '用户不存在' },
  {
    list: ({ db, query }) => listUsers(db, query),
    current: ({ db, caller }) => getUser(db, caller.id),
    get: async ({ db, caller, params }) => {
      const everyone = readsAll(userAccess, caller.roles);
      const user = await getUser(db, params.idOrName).catch((error) => {
        // Someone else's account: the same 403 whether or not it exists.
        throw everyone ? error : forbidden();
      });
      if (user.id !== caller.id && !everyone) throw forbidden();
      return user;
    },
    patch: ({ db, caller, params, body }) => patchOwnUser(db, caller, params.idOrName, body),
    changePassword: async ({ db, caller, body, request }) => ({
      success: true as const,
      ...(await changeOwnPassword(db, caller, body, request.server.config.rateLimits.passwordChecks)),
    }),
    signOutOthers: async ({ db, caller }) => ({
      success: true as const,
      deleted: await revokeUserSessions(db, caller.id, caller.tokenHash),
    }),
    statistics: ({ db, caller }) => shipmentStatistics(db, caller),
  },
);
