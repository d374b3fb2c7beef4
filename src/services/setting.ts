/** 设置 and the booking dictionaries, built from the endpoint table's routes and typed with its schemas. */
import { requestRoute } from '@/utils/requestRoute';
import type { BodyOf, ResponseOf } from '@contract/shared/endpoint';
import type { settingEndpoints } from '@contract/setting/schema';
import { settingRoutes } from '@contract/setting/codes';

type Endpoints = typeof settingEndpoints;

/** GET /v1/setting */
export const querySettings = () => requestRoute<ResponseOf<Endpoints['list']> | undefined>(settingRoutes.list);

/** PUT /v1/setting/{key} — 409 and 422 reject with the server's error body. */
export const putSetting = (key: string, body: BodyOf<Endpoints['put']>) =>
  requestRoute<ResponseOf<Endpoints['put']> | undefined>(settingRoutes.put, { pathParams: { key }, data: body });

/** GET /v1/osbDict — ports, carriers, container types, change types. */
export const queryOsbDict = () => requestRoute<ResponseOf<Endpoints['dict']> | undefined>(settingRoutes.dict);

/** GET /v1/osbFactory */
export const queryOsbFactories = () =>
  requestRoute<ResponseOf<Endpoints['osbFactories']> | undefined>(settingRoutes.osbFactories);
