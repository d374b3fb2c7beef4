/** 待拼柜货物 calls, built from the endpoint table's routes and typed with its schemas. */
import { requestRoute } from '@/utils/requestRoute';
import type { QueryOf, ResponseOf } from '@contract/shared/endpoint';
import type { goodsEndpoints } from '@contract/goods/schema';
import { goodsRoutes } from '@contract/goods/codes';

type Endpoints = typeof goodsEndpoints;

/** GET /v1/osbGoods — the caller's waiting goods by destination and week, with suggested boxes. */
export const queryGoods = (query: QueryOf<Endpoints['list']>) =>
  requestRoute<ResponseOf<Endpoints['list']> | undefined>(goodsRoutes.list, { params: query });
