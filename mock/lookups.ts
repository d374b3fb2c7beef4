/** Mock of the lookups (contract/lookup.ts) for `npm run dev` without a server: the demo lookups the server seeds. */
import { bulkLimits } from '../contract/bulkCodes';
import { lookupAccess, lookupEndpoints } from '../contract/lookup';
import { demoFactories, demoGbsOrders, demoSizeGroups } from '../demo/lookups';
import { fail } from './_demo';
import { mockEndpoints } from './_resource';

export const factories = demoFactories;
export const sizeGroups = demoSizeGroups;

export default mockEndpoints(lookupEndpoints, lookupAccess, '订单不存在', {
  factories: ({ res }) => res.json(factories),
  sizeGroups: ({ res }) => res.json(sizeGroups),
  gbsOrders: ({ params, res }) => {
    const text = params.odg_item_no.toUpperCase();
    res.json(demoGbsOrders.filter((order) => order.odgItemNo.toUpperCase().startsWith(text)).slice(0, bulkLimits.gbsMaxResults));
  },
  gbsOrder: ({ params, res }) => {
    const order = demoGbsOrders.find((candidate) => candidate.id === params.id);
    return order ? res.json(order) : fail(res, 404, 'NOT_FOUND', '订单不存在');
  },
});
