/** 柜 calls, built from the endpoint table's routes and typed with its schemas. */
import { download } from '@/utils/request';
import { requestRoute } from '@/utils/requestRoute';
import type { containerEndpoints } from '@contract/container/schema';
import { containerRoutes } from '@contract/container/codes';
import { pathOf, type BodyOf, type QueryOf, type ResponseOf } from '@contract/shared/endpoint';

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

/** GET /v1/osbContainer — the containers that take goods, with what they hold. */
export const queryOpenContainers = (query: QueryOf<Endpoints['list']>) =>
  requestRoute<ResponseOf<Endpoints['list']> | undefined>(containerRoutes.list, { params: query });

/** GET /v1/osbContainer/{key} — a box with its lines in loading order. */
export const queryContainer = (key: string) =>
  requestRoute<ResponseOf<Endpoints['get']> | undefined>(containerRoutes.get, { pathParams: { key } });

/** GET /v1/osbContainer/{key}/loadList — 装柜清单 as the server writes it. */
export const downloadLoadList = (key: string) =>
  download(pathOf(containerRoutes.loadList, { key }), {
    accept: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    fallbackName: '装柜清单.xlsx',
  });

/** POST /v1/osbContainer/{key}/scans — one carton scanned in; refusals reject quietly for the scan line. */
export const scanIntoContainer = (key: string, sscc: string) =>
  requestRoute<ResponseOf<Endpoints['scan']> | undefined>(containerRoutes.scan, {
    pathParams: { key },
    data: { sscc },
    quietStatuses: [404, 409, 422],
  });

/** GET /v1/osbContainer/{key}/loadPlan — 装柜图: each carton's place, what does not fit, the balance. */
export const queryLoadPlan = (key: string) =>
  requestRoute<ResponseOf<Endpoints['loadPlan']> | undefined>(containerRoutes.loadPlan, { pathParams: { key } });

/** GET /v1/osbContainer/{key}/loadPlan/pdf — 装柜图 on A4 for the warehouse. */
export const downloadLoadPlanPdf = (key: string) =>
  download(pathOf(containerRoutes.loadPlanPdf, { key }), { accept: 'application/pdf', fallbackName: '装柜图.pdf' });

/** GET /v1/osbContainer/{key}/freight — a box's freight per line and PO, while loading and once shipped. */
export const queryContainerFreight = (key: string) =>
  requestRoute<ResponseOf<Endpoints['freight']> | undefined>(containerRoutes.freight, { pathParams: { key } });
