/**
 * 订舱 routes: the price calendar, booking plans with their changes and containers, the clerk's orders and the
 * customer's goods waiting, each registered from its endpoint table under its access policy.
 */
import { containerAccess, containerEndpoints } from '../../contract/container';
import { goodsAccess, goodsEndpoints } from '../../contract/goods';
import { orderAccess, orderEndpoints } from '../../contract/order';
import { planAccess, planEndpoints } from '../../contract/plan';
import { priceAccess, priceEndpoints } from '../../contract/price';
import {
  addContainer,
  getOpenContainer,
  listOpenContainers,
  loadListOf,
  removeContainer,
  scanIntoContainer,
  updateContainer,
} from '../domain/containers';
import { goodsWaiting } from '../domain/goods';
import { getOrder, listOrders, patchOrder } from '../domain/orders';
import { decideChange, listChanges, requestChange, withdrawChange } from '../domain/planChanges';
import { batchUpdatePlans, createPlan, deletePlans, getPlan, listPlans, updatePlan } from '../domain/plans';
import { importPrices, priceTemplate } from '../domain/priceImport';
import { monthPrices, putPrices } from '../domain/prices';
import { endpointPlugin, sendJson, sendXlsx } from '../http/endpoints';
import { priceLimits } from '../../contract/priceCodes';
import { PRICE_TEMPLATE_NAME } from '../../contract/priceSheet';
import { containerExport, orderExport, planExport } from '../../contract/exports/lists';
import { exportRoute, pagedChunks } from '../http/listExport';

export const priceRoutes = endpointPlugin(
  priceEndpoints,
  { policy: priceAccess, notFoundMessage: '运价不存在', uploadMaxBytes: priceLimits.importMaxBytes },
  {
    month: ({ db, query }) => monthPrices(db, query),
    put: ({ db, caller, body }) => putPrices(db, caller, body.prices),
    importSheet: ({ db, caller, request, reply }) => importPrices(db, caller, request, reply),
    template: async ({ db, reply }) => sendXlsx(reply, PRICE_TEMPLATE_NAME, await priceTemplate(db)),
  },
);

export const planRoutes = endpointPlugin(
  planEndpoints,
  { policy: planAccess, notFoundMessage: '订舱计划不存在' },
  {
    list: async ({ db, caller, query, reply }) => sendJson(reply, await listPlans.json(db, caller, query)),
    export: exportRoute(planExport, listPlans.chunks),
    get: ({ db, caller, params }) => getPlan(db, caller, params.key),
    create: ({ db, caller, body }) => createPlan(db, caller, body),
    update: ({ db, caller, params, body }) => updatePlan(db, caller, params.key, body),
    batchUpdate: ({ db, caller, body }) => batchUpdatePlans(db, caller, body),
    remove: ({ db, caller, params, body }) => deletePlans(db, caller, { [params.key]: body.version }),
    removeMany: ({ db, caller, query }) => deletePlans(db, caller, query.versions),
    requestChange: ({ db, caller, params, body }) => requestChange(db, caller, params.planKey, body),
    changes: ({ db, caller, query }) => listChanges(db, caller, query),
    decideChange: ({ db, caller, params, body }) => decideChange(db, caller, params.key, undefined, body),
    decidePlanChange: ({ db, caller, params, body }) => decideChange(db, caller, params.key, params.planKey, body),
    withdrawChange: ({ db, caller, params, body }) => withdrawChange(db, caller, params.key, undefined, body.version),
    withdrawPlanChange: ({ db, caller, params, body }) => withdrawChange(db, caller, params.key, params.planKey, body.version),
  },
);

export const orderRoutes = endpointPlugin(
  orderEndpoints,
  { policy: orderAccess, notFoundMessage: '订舱单不存在' },
  {
    list: ({ db, caller, query }) => listOrders(db, caller, query),
    export: exportRoute(orderExport, listOrders.chunks),
    get: ({ db, caller, params }) => getOrder(db, caller, params.key),
    patch: ({ db, caller, params, body }) => patchOrder(db, caller, params.key, body),
  },
);

export const containerRoutes = endpointPlugin(
  containerEndpoints,
  { policy: containerAccess, notFoundMessage: '柜不存在' },
  {
    list: ({ db, caller, query }) => listOpenContainers(db, caller, query),
    export: exportRoute(containerExport, pagedChunks(listOpenContainers)),
    get: ({ db, caller, params }) => getOpenContainer(db, caller, params.key),
    loadList: async ({ db, caller, params, reply }) => {
      const { name, file } = await loadListOf(db, caller, params.key);
      return sendXlsx(reply, name, file);
    },
    create: ({ db, caller, params, body }) => addContainer(db, caller, params.planKey, body),
    update: ({ db, caller, params, body }) => updateContainer(db, caller, params.planKey, params.key, body),
    remove: ({ db, caller, params, body }) => removeContainer(db, caller, params.planKey, params.key, body.version),
    scan: ({ db, caller, params, body }) => scanIntoContainer(db, caller, params.key, body.sscc),
  },
);

export const goodsRoutes = endpointPlugin(
  goodsEndpoints,
  { policy: goodsAccess, notFoundMessage: '货物不存在' },
  { list: ({ db, caller, query }) => goodsWaiting(db, caller, query) },
);
