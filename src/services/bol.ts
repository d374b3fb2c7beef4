/** 提单 calls, built from the endpoint table's routes and typed with its schemas. */
import { download } from '@/utils/request';
import { requestRoute } from '@/utils/requestRoute';
import type { bolEndpoints } from '@contract/bol/schema';
import { bolRoutes } from '@contract/bol/codes';
import { pathOf, type BodyOf, type QueryOf, type ResponseOf } from '@contract/shared/endpoint';

type Endpoints = typeof bolEndpoints;

/** GET /v1/bol */
export const queryBols = (query: QueryOf<Endpoints['list']>) =>
  requestRoute<ResponseOf<Endpoints['list']> | undefined>(bolRoutes.list, { params: query });

/** GET /v1/bol/{key} — with its status history; the page itself says "not found". */
export const queryBol = (key: string) =>
  requestRoute<ResponseOf<Endpoints['get']> | undefined>(bolRoutes.get, { pathParams: { key }, quietStatuses: [403, 404] });

/** POST /v1/bol — a draft from loaded containers of one plan. */
export const createBol = (body: BodyOf<Endpoints['create']>) =>
  requestRoute<ResponseOf<Endpoints['create']> | undefined>(bolRoutes.create, { data: body });

/** PUT /v1/bol/{key} — the clerk's amendment. */
export const updateBol = (key: string, body: BodyOf<Endpoints['update']>) =>
  requestRoute<ResponseOf<Endpoints['update']> | undefined>(bolRoutes.update, { pathParams: { key }, data: body });

/** PATCH /v1/bol/{key} — an action of the lifecycle. */
export const patchBol = (key: string, body: BodyOf<Endpoints['patch']>) =>
  requestRoute<ResponseOf<Endpoints['patch']> | undefined>(bolRoutes.patch, { pathParams: { key }, data: body });

/** DELETE /v1/bol/{key} — a draft. */
export const removeBol = (key: string, version: number) =>
  requestRoute<ResponseOf<Endpoints['remove']> | undefined>(bolRoutes.remove, { pathParams: { key }, data: { version } });

/** PATCH /v1/bol/{key}/userRemark — the customer's remark. */
export const saveUserRemark = (key: string, body: BodyOf<Endpoints['userRemark']>) =>
  requestRoute<ResponseOf<Endpoints['userRemark']> | undefined>(bolRoutes.userRemark, { pathParams: { key }, data: body });

/** GET /v1/bol/{key}/pdf — the sheet as the server draws it. */
export const downloadBolPdf = (key: string) =>
  download(pathOf(bolRoutes.pdf, { key }), { accept: 'application/pdf', fallbackName: '提单.pdf' });
