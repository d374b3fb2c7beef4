/** 散货订舱 and 订舱交接 routes, registered from their endpoint tables under their access policies. */
import { handoverAccess, handoverEndpoints, looseAccess, looseEndpoints } from '../../contract/loose/schema';
import {
  createLooseBooking,
  getLooseBooking,
  listHandovers,
  listLooseBookings,
  scanIntoHandover,
  updateHandover,
  updateLooseBooking,
} from '../domain/loose';
import { endpointPlugin } from '../http/endpoints';
import { handoverExport, looseExport } from '../../contract/shared/exports/lists';
import { withLooseFreight } from '../domain/freight/totals';
import { exportRoute } from '../http/listExport';

export const looseRoutes = endpointPlugin(
  looseEndpoints,
  { policy: looseAccess, notFoundMessage: '散货订舱不存在' },
  {
    list: ({ db, caller, query }) => listLooseBookings(db, caller, query),
    export: exportRoute(looseExport, listLooseBookings.chunks, withLooseFreight),
    get: ({ db, caller, params }) => getLooseBooking(db, caller, params.key),
    create: ({ db, caller, body }) => createLooseBooking(db, caller, body),
    update: ({ db, caller, params, body }) => updateLooseBooking(db, caller, params.key, body),
  },
);

export const handoverRoutes = endpointPlugin(
  handoverEndpoints,
  { policy: handoverAccess, notFoundMessage: '订舱交接不存在' },
  {
    list: ({ db, caller, query }) => listHandovers(db, caller, query),
    export: exportRoute(handoverExport, listHandovers.chunks, withLooseFreight),
    get: ({ db, caller, params }) => getLooseBooking(db, caller, params.key, true),
    update: ({ db, caller, params, body }) => updateHandover(db, caller, params.key, body),
    scan: ({ db, caller, params, body }) => scanIntoHandover(db, caller, params.key, body.sscc),
  },
);
