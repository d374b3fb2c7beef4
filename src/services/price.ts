/** 运价日历 calls, built from the endpoint table's routes and typed with its schemas. */
import { upload } from '@/utils/request';
import { requestRoute } from '@/utils/requestRoute';
import type { BodyOf, QueryOf, ResponseOf } from '@contract/shared/endpoint';
import type { priceEndpoints } from '@contract/price/schema';
import { priceRoutes } from '@contract/price/codes';

type Endpoints = typeof priceEndpoints;

/** GET /v1/osbPrice — a lane's month for a container type. */
export const queryPriceMonth = (query: QueryOf<Endpoints['month']>) =>
  requestRoute<ResponseOf<Endpoints['month']> | undefined>(priceRoutes.month, { params: query });

/** PUT /v1/osbPrice — all or nothing; 409 and 422 reject with the server's error body. */
export const putPrices = (body: BodyOf<Endpoints['put']>) =>
  requestRoute<ResponseOf<Endpoints['put']> | undefined>(priceRoutes.put, { data: body });

/** POST /v1/osbPrice/import — the price workbook; a refusal answers its rows. */
export const importPrices = (file: Blob, onProgress?: (percent: number) => void) =>
  upload<ResponseOf<Endpoints['importSheet']>>(priceRoutes.importSheet.path, file, { onProgress });
