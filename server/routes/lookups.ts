/** Read-only lookups for every signed-in role, registered from the endpoint table of contract/lookup.ts. */
import { lookupAccess, lookupEndpoints } from '../../contract/lookup';
import { findGbsOrders, getGbsOrder, listFactories, listSizeGroups } from '../domain/lookups';
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
