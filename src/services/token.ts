/** API 令牌 calls, built from the endpoint table's routes and typed with its schemas. */
import { requestRoute } from '@/utils/requestRoute';
import type { BodyOf, ResponseOf } from '@contract/shared/endpoint';
import type { tokenEndpoints } from '@contract/token/schema';
import { tokenRoutes } from '@contract/token/codes';

type Tokens = typeof tokenEndpoints;

/** GET /v1/tokens — my live tokens. */
export const queryTokens = () => requestRoute<ResponseOf<Tokens['list']> | undefined>(tokenRoutes.list);

/** POST /v1/tokens — a new token; its secret is in this answer only. */
export const createToken = (body: BodyOf<Tokens['create']>) =>
  requestRoute<ResponseOf<Tokens['create']> | undefined>(tokenRoutes.create, { data: body });

/** DELETE /v1/tokens/{id} — stops it at once. */
export const revokeToken = (id: string) =>
  requestRoute<ResponseOf<Tokens['revoke']> | undefined>(tokenRoutes.revoke, { pathParams: { id } });
