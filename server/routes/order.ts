/** 订舱单 routes: the clerk's orders with the carrier, registered from the order's endpoint table under its access policy. */
import { orderAccess, orderEndpoints } from '../../contract/order/schema';
import { orderExport } from '../../contract/shared/exports/lists';
import { getOrder, listOrders, patchOrder } from '../domain/order';
import { endpointPlugin } from '../http/endpoints';
import { withPlanFreight } from '../domain/freight/totals';
import { exportRoute } from '../http/listExport';

export const orderRoutes = endpointPlugin(
  orderEndpoints,
  { policy: orderAccess, notFoundMessage: '订舱单不存在' },
  {
    list: ({ db, caller, query }) => listOrders(db, caller, query),
    export: exportRoute(
      orderExport,
      listOrders.chunks,
      withPlanFreight(
        (order) => order.planKey,
        (order) => order.quantity,
      ),
    ),
    get: ({ db, caller, params }) => getOrder(db, caller, params.key),
    patch: ({ db, caller, params, body }) => patchOrder(db, caller, params.key, body),
  },
);
