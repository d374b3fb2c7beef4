/** Read-only lookups for every signed-in role, registered from the endpoint table of contract/lookup/schema.ts. */
import { lookupAccess, lookupEndpoints } from '../../contract/lookup/schema';
import { findGbsOrders, getGbsOrder, listFactories, listSizeGroups } from '../domain/lookup';
import { endpointPlugin } from '../http/endpoints';

export default endpointPlugin(
  lookupEndpoints,
  { policy: lookupAccess, notFoundMessage: '订单不存在' },
  {
    factories: ({ db }) => listFactories(db),
    sizeGroups: ({ db }) => listSizeGroups(db),
    gbsOrders: ({ db, params }) => findGbsOrders(db, params.odg_item_no),
    gbsOrder: ({ db, params }) => getGbsOrder(db, params.id),
  },
);
