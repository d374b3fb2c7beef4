/** Mock of the lookups (contract/lookup.ts): factories, size groups, GBS orders, for `npm run dev` without a server. */
import { bulkLimits } from '../contract/bulkCodes';
import { demoFactories, demoGbsOrders, demoSizeGroups } from '../demo/lookups';
import { fail, signedIn } from './_demo';

// The same lookups as the server's demo seed.
export const factories = demoFactories;
export const sizeGroups = demoSizeGroups;
export const gbsOrders = demoGbsOrders;

export default {
  'GET /v1/factories': signedIn((_req, res) => res.json(factories)),

  'GET /v1/sizeGroup': signedIn((_req, res) => res.json(sizeGroups)),

  'GET /v1/gbs/getOrderList/:odgItemNo': signedIn((req, res) => {
    const text = String(req.params.odgItemNo ?? '')
      .trim()
      .toUpperCase();
    if (text.length < bulkLimits.gbsMinQueryLength) {
      return fail(res, 422, 'VALIDATION_FAILED', `请至少输入 ${bulkLimits.gbsMinQueryLength} 个字符`, {
        odg_item_no: `请至少输入 ${bulkLimits.gbsMinQueryLength} 个字符`,
      });
    }
    return res.json(
      gbsOrders.filter((order) => order.odgItemNo.toUpperCase().startsWith(text)).slice(0, bulkLimits.gbsMaxResults),
    );
  }),

  'GET /v1/gbs/getOrderInfo/:id': signedIn((req, res) => {
    const order = gbsOrders.find((candidate) => candidate.id === req.params.id);
    if (!order) return fail(res, 404, 'NOT_FOUND', '订单不存在');
    return res.json(order);
  }),
};
