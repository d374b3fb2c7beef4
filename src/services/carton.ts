/** 箱码 calls, built from the endpoint table's routes and typed with its schemas. */
import { requestRoute } from '@/utils/requestRoute';
import type { cartonEndpoints } from '@contract/carton/schema';
import { cartonRoutes } from '@contract/carton/codes';
import type { ResponseOf } from '@contract/shared/endpoint';

type Endpoints = typeof cartonEndpoints;

/**
 * GET /v1/cartons/{sscc} — a carton by the SSCC on its sticker (as scanned: the server reads the code); a code that is
 * no SSCC (422) and no such carton of the caller's (404) reject quietly, for the scan line to say.
 */
export const getCarton = (sscc: string) =>
  requestRoute<ResponseOf<Endpoints['get']> | undefined>(cartonRoutes.get, {
    pathParams: { sscc },
    quietStatuses: [404, 422],
  });
