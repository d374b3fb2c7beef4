/** 提单 routes, registered from the endpoint table under the B/L access policy. */
import { bolAccess, bolEndpoints } from '../../contract/bol/schema';
import { bolDcsa, bolPdf } from '../domain/bol/files';
import { patchBol } from '../domain/bol/lifecycle';
import { getBol, listBols } from '../domain/bol/rows';
import { createBol, removeBol, setUserRemark, updateBol } from '../domain/bol/bols';
import { endpointPlugin, sendFile, sendJson } from '../http/endpoints';
import { bolExport } from '../../contract/shared/exports/lists';
import { withPlanFreight } from '../domain/freight/totals';
import { exportRoute } from '../http/listExport';

export const bolRoutes = endpointPlugin(
  bolEndpoints,
  { policy: bolAccess, notFoundMessage: '提单不存在' },
  {
    list: async ({ db, caller, query, reply }) => sendJson(reply, await listBols.json(db, caller, query)),
    export: exportRoute(
      bolExport,
      listBols.chunks,
      withPlanFreight(
        (bol) => bol.planKey,
        (bol) => bol.containerCount,
      ),
    ),
    get: ({ db, caller, params }) => getBol(db, caller, params.key),
    create: ({ db, caller, body }) => createBol(db, caller, body),
    update: ({ db, caller, params, body }) => updateBol(db, caller, params.key, body),
    patch: ({ db, caller, params, body }) => patchBol(db, caller, params.key, body),
    remove: ({ db, caller, params, body }) => removeBol(db, caller, params.key, body.version),
    userRemark: ({ db, caller, params, body }) => setUserRemark(db, caller, params.key, body),
    pdf: async ({ db, caller, params, reply }) => {
      const { name, file } = await bolPdf(db, caller, params.key);
      return sendFile(reply, 'application/pdf', name, file);
    },
    dcsa: ({ db, caller, params }) => bolDcsa(db, caller, params.key),
  },
);
