/**
 * The mock's demo booking: the scenario of demo/bookingScenario.ts played through the mock's own handlers on the
 * first request, so that `npm run dev` shows the plans, orders, changes, boxes, B/Ls and handover `npm start`
 * seeds. Skipped when a handler it needs is not loaded (a test of one mock file).
 */
import { bolEndpoints } from '../contract/bol/schema';
import { tntEndpoints } from '../contract/tnt/schema';
import { bulkEndpoints } from '../contract/packing/endpoints';
import { containerEndpoints } from '../contract/container/schema';
import { declarationEndpoints } from '../contract/declaration/schema';
import type { Endpoint } from '../contract/shared/endpoint';
import { orderEndpoints } from '../contract/order/schema';
import { chinaToday } from '../contract/plan/codes';
import { planEndpoints } from '../contract/plan/schema';
import { settingEndpoints } from '../contract/setting/schema';
import { bookableSailings, playDemoBooking, type DemoBookingCalls } from '../demo/bookingScenario';
import { answerOf } from './_call';
import { routeHandler, setDemoPlayer } from './_store';
import { prices } from './_calendar';

/** Marks the scenario's own requests, which do not wait for it. */
export const DEMO_SEED = 'demoSeed';

const needed: Endpoint[] = [
  planEndpoints.create,
  planEndpoints.update,
  planEndpoints.requestChange,
  planEndpoints.decideChange,
  orderEndpoints.list,
  orderEndpoints.patch,
  settingEndpoints.dict,
  containerEndpoints.create,
  bulkEndpoints.listChange,
  bolEndpoints.create,
  bolEndpoints.update,
  bolEndpoints.patch,
  declarationEndpoints.create,
  declarationEndpoints.update,
];
const routeKey = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.path}`;

/** Calls an endpoint's handler as `account`; answers its body, throws on a refusal. */
async function call(account: string, endpoint: Endpoint, input: { params?: object; query?: object; body?: unknown } = {}) {
  const answer = await answerOf(routeHandler(routeKey(endpoint))!, {
    headers: { authorization: `Bearer mock-${account}` },
    ...input,
    [DEMO_SEED]: true,
  } as never);
  if (answer.status >= 300)
    throw new Error(`demo seed: ${routeKey(endpoint)} answered ${answer.status} ${answer.body?.errorMessage}`);
  return answer.body;
}

function mockCalls(customer: string, clerk: string): DemoBookingCalls {
  const as = (who: 'customer' | 'clerk') => (who === 'customer' ? customer : clerk);
  return {
    sailings: async () => bookableSailings(prices, chinaToday()),
    ports: async () => {
      const dict = await call(customer, settingEndpoints.dict);
      return { ports: dict.ports, defaultPod: dict.defaultPorts.pod };
    },
    waitingLines: async () =>
      (
        await call(customer, bulkEndpoints.list, {
          query: { current: 1, pageSize: 100, status: 'pendingConsolidation', type: 'multi', sorter: 'createdAt:ascend' },
        })
      ).data,
    createPlan: (body) => call(customer, planEndpoints.create, { body }),
    updatePlan: (key, body) => call(customer, planEndpoints.update, { params: { key }, body }),
    orderOfPlan: async (planKey) =>
      (await call(clerk, orderEndpoints.list, { query: { current: 1, pageSize: 1, planKey } })).data[0],
    patchOrder: (key, body) => call(clerk, orderEndpoints.patch, { params: { key }, body }),
    requestChange: (planKey, body) => call(customer, planEndpoints.requestChange, { params: { planKey }, body }),
    decideChange: (key, body) => call(clerk, planEndpoints.decideChange, { params: { key }, body }),
    addContainer: (planKey, body) => call(customer, containerEndpoints.create, { params: { planKey }, body }),
    loadLines: (body) => call(customer, bulkEndpoints.listChange, { body }),
    createBol: (body) => call(clerk, bolEndpoints.create, { body }),
    updateBol: (key, body) => call(clerk, bolEndpoints.update, { params: { key }, body }),
    patchBol: (who, key, body) => call(as(who), bolEndpoints.patch, { params: { key }, body }),
    enterMilestone: (body) => call(clerk, tntEndpoints.enter, { body }),
    createDeclaration: (orderKey) => call(clerk, declarationEndpoints.create, { body: { orderKey } }),
    updateDeclaration: (key, body) => call(clerk, declarationEndpoints.update, { params: { key }, body }),
  };
}

setDemoPlayer(() =>
  needed.every((endpoint) => routeHandler(routeKey(endpoint)))
    ? playDemoBooking(mockCalls('user', 'clerk'), chinaToday()).then(() => undefined)
    : undefined,
);
