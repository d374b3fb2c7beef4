/** 箱码 in the mock: a carton by its SSCC (mock/_carton.ts); a customer finds only their own. */
import { readsAll } from '../contract/shared/access';
import { cartonAccess, cartonEndpoints } from '../contract/carton/schema';
import { cartonOfSscc } from './_carton';
import { mockEndpoints, ownsRow, refuse } from './_resource';

export default mockEndpoints(cartonEndpoints, cartonAccess, '箱不存在', {
  get: ({ user, params }) => {
    const { owner, ...carton } = cartonOfSscc(params.sscc);
    if (!(readsAll(cartonAccess, user.authority) || ownsRow(user, owner))) {
      throw refuse(404, 'NOT_FOUND', `没有箱码 ${params.sscc} 的箱`);
    }
    return carton;
  },
});
