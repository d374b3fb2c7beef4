/** 柜 calls, built from the endpoint table's routes and typed with its schemas. */
import { requestRoute } from '@/utils/requestRoute';
import type { containerEndpoints } from '@contract/container';
import { containerRoutes } from '@contract/containerCodes';
import type { BodyOf, ResponseOf } from '@contract/endpoint';

type Endpoints = typeof containerEndpoints;

/** POST /v1/osbplan/{planKey}/container */
export const addContainer = (planKey: string, body: BodyOf<Endpoints['create']>) =>
  requestRoute<ResponseOf<Endpoints['create']> | undefined>(containerRoutes.create, { pathParams: { planKey }, data: body });

/** PUT /v1/osbplan/{planKey}/container/{key} */
export const updateContainer = (planKey: string, key: string, body: BodyOf<Endpoints['update']>) =>
  requestRoute<ResponseOf<Endpoints['update']> | undefined>(containerRoutes.update, { pathParams: { planKey, key }, data: body });

/** DELETE /v1/osbplan/{planKey}/container/{key} — an empty container. */
export const removeContainer = (planKey: string, key: string, version: number) =>
  requestRoute<ResponseOf<Endpoints['remove']> | undefined>(containerRoutes.remove, {
    pathParams: { planKey, key },
    data: { version },
  });
