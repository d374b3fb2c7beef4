/** 箱码 in the mock: a carton by its SSCC, from the serials the mock's stickers gave (stickers.ts, one store). */
import { readsAll } from '../contract/access';
import { cartonAccess, cartonEndpoints, cartonOf, serialOfSscc } from '../contract/carton';
import { demoSizeGroups } from '../demo/lookups';
import { mockEndpoints, refuse } from './_resource';
import { shared } from './_store';
import { billsOfLading, bulkLines, valueOf } from './_tables';

const serials = shared('stickerSerials', () => new Map<string, number>());

export default mockEndpoints(cartonEndpoints, cartonAccess, '箱不存在', {
  get: ({ user, params }) => {
    const { sscc } = params;
    const gs1 = valueOf('gs1');
    const serial = serialOfSscc(sscc, gs1);
    const carton = [...serials].find(([, given]) => given === serial)?.[0];
    const [owner, poNo, cartonText] = carton?.split('/') ?? [];
    const cartonNo = Number(cartonText);
    const line = bulkLines.rows.find(
      (row) => row.owner === owner && row.poNo === poNo && row.cartonFrom <= cartonNo && cartonNo <= row.cartonTo,
    );
    if (!line || !(readsAll(cartonAccess, user.authority) || line.owner === user.id))
      throw refuse(404, 'NOT_FOUND', `没有箱码 ${sscc} 的箱`);
    const sizeOrder = demoSizeGroups.find((group) => group.code === line.sizeGroup)?.sizes ?? [];
    const bol = billsOfLading.rows.find((row) => line.planKey && row.planKey === line.planKey);
    return cartonOf(sscc, gs1, { poNo, cartonNo }, line, sizeOrder, bol?.key ?? null);
  },
});
