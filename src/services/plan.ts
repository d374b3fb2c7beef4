/** 订舱计划 and 订舱变更 calls, built from the endpoint table's routes and typed with its schemas. */
import { requestRoute } from '@/utils/requestRoute';
import type { BodyOf, QueryOf, ResponseOf } from '@contract/shared/endpoint';
import type { planEndpoints } from '@contract/plan/schema';
import { planRoutes } from '@contract/plan/codes';

type Endpoints = typeof planEndpoints;

/** GET /v1/osbplan */
export const queryPlans = (query: QueryOf<Endpoints['list']>) =>
  requestRoute<ResponseOf<Endpoints['list']> | undefined>(planRoutes.list, { params: query });

/** GET /v1/osbplan/{key} — with its status history, changes and order; the page itself says "not found". */
export const queryPlan = (key: string) =>
  requestRoute<ResponseOf<Endpoints['get']> | undefined>(planRoutes.get, { pathParams: { key }, quietStatuses: [403, 404] });

/** POST /v1/osbplan/ — a draft from a sailing of the calendar. */
export const createPlan = (body: BodyOf<Endpoints['create']>) =>
  requestRoute<ResponseOf<Endpoints['create']> | undefined>(planRoutes.create, { data: body });

/** PUT /v1/osbplan/{key} — a draft's fields, or 提交 / 取消. */
export const updatePlan = (key: string, body: BodyOf<Endpoints['update']>) =>
  requestRoute<ResponseOf<Endpoints['update']> | undefined>(planRoutes.update, { pathParams: { key }, data: body });

/** PUT /v1/osbplan/ — the same change to several plans, all or nothing. */
export const batchUpdatePlans = (body: BodyOf<Endpoints['batchUpdate']>) =>
  requestRoute<ResponseOf<Endpoints['batchUpdate']> | undefined>(planRoutes.batchUpdate, { data: body });

/** DELETE /v1/osbplan/?keys&versions — drafts only, all or nothing. */
export const deletePlans = (plans: readonly { key: string; version: number }[]) =>
  requestRoute<ResponseOf<Endpoints['removeMany']> | undefined>(planRoutes.removeMany, {
    params: { keys: plans.map((p) => p.key).join(','), versions: plans.map((p) => p.version).join(',') },
  });

/** POST /v1/osbplan/{planKey}/change */
export const requestPlanChange = (planKey: string, body: BodyOf<Endpoints['requestChange']>) =>
  requestRoute<ResponseOf<Endpoints['requestChange']> | undefined>(planRoutes.requestChange, {
    pathParams: { planKey },
    data: body,
  });

/** PATCH /v1/osbChange/{key} — the clerk's decision. */
export const decidePlanChange = (key: string, body: BodyOf<Endpoints['decideChange']>) =>
  requestRoute<ResponseOf<Endpoints['decideChange']> | undefined>(planRoutes.decideChange, { pathParams: { key }, data: body });

/** DELETE /v1/osbChange/{key} — the requester withdraws. */
export const withdrawPlanChange = (key: string, version: number) =>
  requestRoute<ResponseOf<Endpoints['withdrawChange']> | undefined>(planRoutes.withdrawChange, {
    pathParams: { key },
    data: { version },
  });
