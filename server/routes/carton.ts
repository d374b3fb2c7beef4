/** 箱码 routes, registered from the endpoint table: a carton by the SSCC on its sticker. */
import { cartonAccess, cartonEndpoints } from '../../contract/carton/schema';
import { findCarton } from '../domain/carton/cartons';
import { endpointPlugin } from '../http/endpoints';

export const cartonRoutes = endpointPlugin(
  cartonEndpoints,
  { policy: cartonAccess, notFoundMessage: '箱不存在' },
  { get: ({ db, caller, params }) => findCarton(db, caller, params.sscc) },
);
