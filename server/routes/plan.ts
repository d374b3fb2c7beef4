/** 订舱计划 routes: booking plans and their changes, registered from the plan's endpoint table under its access policy. */
import { planAccess, planEndpoints } from '../../contract/plan/schema';
import { planExport } from '../../contract/shared/exports/lists';
import { decideChange, listChanges, requestChange, withdrawChange } from '../domain/plan/changes';
import { batchUpdatePlans, createPlan, deletePlans, getPlan, listPlans, updatePlan } from '../domain/plan/plans';
import { endpointPlugin, sendJson } from '../http/endpoints';
import { withOwnFreight } from '../domain/freight/totals';
import { exportRoute } from '../http/listExport';

export const planRoutes = endpointPlugin(
  planEndpoints,
  { policy: planAccess, notFoundMessage: '订舱计划不存在' },
  {
    list: async ({ db, caller, query, reply }) => sendJson(reply, await listPlans.json(db, caller, query)),
    export: exportRoute(planExport, listPlans.chunks, withOwnFreight),
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
