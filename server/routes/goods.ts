/** 待拼柜货物 routes: the customer's goods waiting, registered from the goods' endpoint table under its access policy. */
import { goodsAccess, goodsEndpoints } from '../../contract/goods/schema';
import { goodsWaiting } from '../domain/goods';
import { endpointPlugin } from '../http/endpoints';

export const goodsRoutes = endpointPlugin(
  goodsEndpoints,
  { policy: goodsAccess, notFoundMessage: '货物不存在' },
  { list: ({ db, caller, query }) => goodsWaiting(db, caller, query) },
);
