/** 货物跟踪 (contract/tnt/schema.ts): DCSA Track & Trace 2.2 events in and out, a plan's timeline, a clerk's entry. */
import { tntAccess, tntEndpoints } from '../../contract/tnt/schema';
import { listTntEvents } from '../domain/tnt/list';
import { enterMilestone, pushEvents } from '../domain/tnt/push';
import { timelineOf } from '../domain/tnt/timeline';
import { endpointPlugin, sendJson } from '../http/endpoints';

/** The version of DCSA's standard the events follow, as its API-Version header says it. */
const DCSA_VERSION = '2.2.0';

export default endpointPlugin(
  tntEndpoints,
  { policy: tntAccess, notFoundMessage: '订舱计划不存在' },
  {
    list: async ({ db, caller, query, reply }) => {
      const page = await listTntEvents(db, caller, query);
      reply.header('API-Version', DCSA_VERSION);
      if (page.next) reply.header('Next-Page', `/v1/tnt/events?cursor=${page.next}`);
      return sendJson(reply, page.json);
    },
    push: ({ db, caller, body }) => pushEvents(db, caller, body),
    timeline: ({ db, caller, params }) => timelineOf(db, caller, params.planKey),
    enter: ({ db, caller, body }) => enterMilestone(db, caller, body),
  },
);
