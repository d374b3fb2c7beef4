/** 验针 routes, registered from the endpoint table of contract/inspection/schema.ts under its access policy. */
import { inspectionAccess, inspectionEndpoints } from '../../contract/inspection/schema';
import {
  createInspection,
  getInspection,
  inspectionQueue,
  latestCalibrations,
  listInspections,
  recordCalibration,
  updateInspection,
} from '../domain/inspection';
import { endpointPlugin, sendJson } from '../http/endpoints';
import { inspectionExport } from '../../contract/shared/exports/lists';
import { exportRoute } from '../http/listExport';

export default endpointPlugin(
  inspectionEndpoints,
  { policy: inspectionAccess, notFoundMessage: '验针记录不存在' },
  {
    list: async ({ db, caller, query, reply }) => sendJson(reply, await listInspections.json(db, caller, query)),
    export: exportRoute(inspectionExport, listInspections.chunks),
    queue: ({ db, caller, query }) => inspectionQueue(db, caller, query),
    calibrations: ({ db }) => latestCalibrations(db),
    calibrate: ({ db, caller, body }) => recordCalibration(db, caller, body),
    get: ({ db, caller, params }) => getInspection(db, caller, params.key),
    create: ({ db, caller, body }) => createInspection(db, caller, body),
    update: ({ db, caller, params, body }) => updateInspection(db, caller, params.key, body),
  },
);
