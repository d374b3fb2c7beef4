/** 散货订舱 and 订舱交接 calls, built from the endpoint tables' routes and typed with their schemas. */
import { requestRoute } from '@/utils/requestRoute';
import type { BodyOf, QueryOf, ResponseOf } from '@contract/shared/endpoint';
import type { handoverEndpoints, looseEndpoints } from '@contract/loose/schema';
import { handoverRoutes, looseRoutes } from '@contract/loose/codes';

type Loose = typeof looseEndpoints;
type Handover = typeof handoverEndpoints;

/** GET /v1/looseBooking */
export const queryLooseBookings = (query: QueryOf<Loose['list']>) =>
  requestRoute<ResponseOf<Loose['list']> | undefined>(looseRoutes.list, { params: query });

/** GET /v1/looseBooking/{key} — with its lines and status history. */
export const queryLooseBooking = (key: string) =>
  requestRoute<ResponseOf<Loose['get']> | undefined>(looseRoutes.get, { pathParams: { key } });

/** POST /v1/looseBooking — the customer's waiting 散货 lines. */
export const createLooseBooking = (body: BodyOf<Loose['create']>) =>
  requestRoute<ResponseOf<Loose['create']> | undefined>(looseRoutes.create, { data: body });

/** PATCH /v1/looseBooking/{key} — terms, the warehouse entry number, 确认 or 取消. */
export const updateLooseBooking = (key: string, body: BodyOf<Loose['update']>) =>
  requestRoute<ResponseOf<Loose['update']> | undefined>(looseRoutes.update, { pathParams: { key }, data: body });

/** GET /v1/handover */
export const queryHandovers = (query: QueryOf<Handover['list']>) =>
  requestRoute<ResponseOf<Handover['list']> | undefined>(handoverRoutes.list, { params: query });

/** GET /v1/handover/{key} */
export const queryHandover = (key: string) =>
  requestRoute<ResponseOf<Handover['get']> | undefined>(handoverRoutes.get, { pathParams: { key } });

/** PATCH /v1/handover/{key} — the clerk's record and moves, the inspector's needle confirmation. */
export const updateHandover = (key: string, body: BodyOf<Handover['update']>) =>
  requestRoute<ResponseOf<Handover['update']> | undefined>(handoverRoutes.update, { pathParams: { key }, data: body });

/** POST /v1/handover/{key}/scans — one carton scanned in; refusals (unknown, foreign, wrong code) reject quietly for the scan line. */
export const scanIntoHandover = (key: string, sscc: string) =>
  requestRoute<ResponseOf<Handover['scan']> | undefined>(handoverRoutes.scan, {
    pathParams: { key },
    data: { sscc },
    quietStatuses: [404, 409, 422],
  });
