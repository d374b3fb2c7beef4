/** 柜 routes: a plan's containers, their load lists and scans, registered from the container's endpoint table. */
import { containerAccess, containerEndpoints } from '../../contract/container/schema';
import { containerExport } from '../../contract/shared/exports/lists';
import {
  addContainer,
  getOpenContainer,
  listOpenContainers,
  removeContainer,
  scanIntoContainer,
  updateContainer,
} from '../domain/container/containers';
import { loadListOf, loadPlanOf, loadPlanPdfOf } from '../domain/container/loadPlan';
import { containerFreightOf } from '../domain/freight/container';
import { endpointPlugin, sendFile, sendXlsx } from '../http/endpoints';
import { withPlanFreight } from '../domain/freight/totals';
import { exportRoute, pagedChunks } from '../http/listExport';

export const containerRoutes = endpointPlugin(
  containerEndpoints,
  { policy: containerAccess, notFoundMessage: '柜不存在' },
  {
    list: ({ db, caller, query }) => listOpenContainers(db, caller, query),
    export: exportRoute(
      containerExport,
      pagedChunks(listOpenContainers),
      withPlanFreight(
        (box) => box.planKey,
        () => 1,
      ),
    ),
    get: ({ db, caller, params }) => getOpenContainer(db, caller, params.key),
    loadPlan: ({ db, caller, params }) => loadPlanOf(db, caller, params.key),
    freight: ({ db, caller, params }) => containerFreightOf(db, caller, params.key),
    loadPlanPdf: async ({ db, caller, params, reply }) => {
      const { name, file } = await loadPlanPdfOf(db, caller, params.key);
      return sendFile(reply, 'application/pdf', name, file);
    },
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
