/** 订舱单 calls, built from the endpoint table's routes and typed with its schemas. */
import { requestRoute } from '@/utils/requestRoute';
import type { BodyOf, QueryOf, ResponseOf } from '@contract/shared/endpoint';
import type { orderEndpoints } from '@contract/order/schema';
import { orderRoutes } from '@contract/order/codes';

type Endpoints = typeof orderEndpoints;

/** GET /v1/osbOrder — those to book first. */
export const queryOrders = (query: QueryOf<Endpoints['list']>) =>
  requestRoute<ResponseOf<Endpoints['list']> | undefined>(orderRoutes.list, { params: query });

/** GET /v1/osbOrder/{key} — with its plan, status history and changes; the page itself says "not found". */
export const queryOrder = (key: string) =>
  requestRoute<ResponseOf<Endpoints['get']> | undefined>(orderRoutes.get, { pathParams: { key }, quietStatuses: [403, 404] });

/** PATCH /v1/osbOrder/{key} — 订舱, 放舱 or 拒绝. */
export const patchOrder = (key: string, body: BodyOf<Endpoints['patch']>) =>
  requestRoute<ResponseOf<Endpoints['patch']> | undefined>(orderRoutes.patch, { pathParams: { key }, data: body });
