/** 验针 calls, built from the endpoint table's routes and typed with its schemas. */
import { requestRoute } from '@/utils/requestRoute';
import type { BodyOf, QueryOf, ResponseOf } from '@contract/shared/endpoint';
import type { inspectionEndpoints } from '@contract/inspection/schema';
import { inspectionRoutes } from '@contract/inspection/codes';

type Endpoints = typeof inspectionEndpoints;

/** GET /v1/inspection — failures first. */
export const queryInspections = (query: QueryOf<Endpoints['list']>) =>
  requestRoute<ResponseOf<Endpoints['list']> | undefined>(inspectionRoutes.list, { params: query });

/** GET /v1/inspection/queue — 待验针 lines by customer and PO. */
export const queryInspectionQueue = (query: QueryOf<Endpoints['queue']>) =>
  requestRoute<ResponseOf<Endpoints['queue']> | undefined>(inspectionRoutes.queue, { params: query });

/** GET /v1/inspection/calibration — each detector's latest calibration. */
export const queryCalibrations = () =>
  requestRoute<ResponseOf<Endpoints['calibrations']> | undefined>(inspectionRoutes.calibrations);

/** POST /v1/inspection/calibration */
export const recordCalibration = (body: BodyOf<Endpoints['calibrate']>) =>
  requestRoute<ResponseOf<Endpoints['calibrate']> | undefined>(inspectionRoutes.calibrate, { data: body });

/** POST /v1/inspection — 409 and 422 reject with the server's error body (the form shows its fields). */
export const createInspection = (body: BodyOf<Endpoints['create']>) =>
  requestRoute<ResponseOf<Endpoints['create']> | undefined>(inspectionRoutes.create, { data: body });

/** PUT /v1/inspection/{key} */
export const updateInspection = (key: string, body: BodyOf<Endpoints['update']>) =>
  requestRoute<ResponseOf<Endpoints['update']> | undefined>(inspectionRoutes.update, { pathParams: { key }, data: body });
