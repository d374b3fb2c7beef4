/** 箱码 calls, built from the endpoint table's routes and typed with its schemas. */
import { requestRoute } from '@/utils/requestRoute';
import type { cartonEndpoints } from '@contract/carton';
import { cartonRoutes } from '@contract/cartonCodes';
import type { ResponseOf } from '@contract/endpoint';

type Endpoints = typeof cartonEndpoints;

/** GET /v1/cartons/{sscc} — a carton by the SSCC on its sticker; a 404 (no such carton of the caller's) rejects quietly. */
export const getCarton = (sscc: string) =>
  requestRoute<ResponseOf<Endpoints['get']> | undefined>(cartonRoutes.get, { pathParams: { sscc }, quietStatuses: [404] });
