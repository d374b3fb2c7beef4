/** Mock of the lookups (contract/lookup/schema.ts) for `npm run dev` without a server: the demo lookups the server seeds. */
import { bulkLimits } from '../contract/packing/codes';
import { lookupAccess, lookupEndpoints } from '../contract/lookup/schema';
import { demoFactories, demoGbsOrders, demoSizeGroups } from '../demo/lookups';
import { mockEndpoints, refuse } from './_resource';

export default mockEndpoints(lookupEndpoints, lookupAccess, '订单不存在', {
  factories: () => demoFactories,
  sizeGroups: () => demoSizeGroups,
  gbsOrders: ({ params }) => {
    const text = params.odg_item_no.toUpperCase();
    return demoGbsOrders.filter((order) => order.odgItemNo.toUpperCase().startsWith(text)).slice(0, bulkLimits.gbsMaxResults);
  },
  gbsOrder: ({ params }) => {
    const order = demoGbsOrders.find((candidate) => candidate.id === params.id);
    if (!order) throw refuse(404, 'NOT_FOUND', '订单不存在');
    return order;
  },
});
