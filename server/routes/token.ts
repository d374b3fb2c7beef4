/** API 令牌 routes, registered from the endpoint table; a token itself never reaches them (auth/guard.ts). */
import { tokenAccess, tokenEndpoints } from '../../contract/token/schema';
import { createToken, listTokens, revokeToken } from '../domain/token';
import { endpointPlugin } from '../http/endpoints';

export const tokenRoutes = endpointPlugin(
  tokenEndpoints,
  { policy: tokenAccess, notFoundMessage: '令牌不存在或已撤销' },
  {
    list: ({ db, caller }) => listTokens(db, caller),
    create: ({ db, caller, body }) => createToken(db, caller, body),
    revoke: ({ db, caller, params }) => revokeToken(db, caller, params.id),
  },
);
