/** Read-only lookups: factories, size groups and GBS orders, from the endpoint table's routes. */
import { requestRoute } from '@/utils/requestRoute';
import type { ResponseOf } from '@contract/shared/endpoint';
import type { lookupEndpoints } from '@contract/lookup/schema';
import { lookupRoutes } from '@contract/lookup/codes';

type Endpoints = typeof lookupEndpoints;

/** GET /v1/factories */
export const queryFactories = () => requestRoute<ResponseOf<Endpoints['factories']> | undefined>(lookupRoutes.factories);

/** GET /v1/sizeGroup */
export const querySizeGroups = () => requestRoute<ResponseOf<Endpoints['sizeGroups']> | undefined>(lookupRoutes.sizeGroups);

/** GET /v1/gbs/getOrderList/{odg_item_no}: orders whose odg item number starts with the text. */
export const queryGbsOrders = (odgItemNo: string) =>
  requestRoute<ResponseOf<Endpoints['gbsOrders']> | undefined>(lookupRoutes.gbsOrders, {
    pathParams: { odg_item_no: odgItemNo },
  });

/** GET /v1/gbs/getOrderInfo/{id} */
export const queryGbsOrder = (id: string) =>
  requestRoute<ResponseOf<Endpoints['gbsOrder']> | undefined>(lookupRoutes.gbsOrder, { pathParams: { id } });
