/** 箱码 in the mock: a carton by its SSCC, from the serials the mock's stickers gave (stickers.ts, one store). */
import { readsAll } from '../contract/access';
import { cartonAccess, cartonEndpoints } from '../contract/carton';
import { formatSizeBreakdown } from '../contract/sizeBreakdownText';
import { ssccText } from '../contract/stickerCodes';
import { demoSizeGroups } from '../demo/lookups';
import { mockEndpoints, refuse } from './_resource';
import { shared } from './_store';
import { billsOfLading, bulkLines, valueOf } from './_tables';

const serials = shared('stickerSerials', () => new Map<string, number>());

export default mockEndpoints(cartonEndpoints, cartonAccess, '箱不存在', {
  get: ({ user, params }) => {
    const { sscc } = params;
    const { companyPrefix, extensionDigit } = valueOf('gs1');
    const missing = () => refuse(404, 'NOT_FOUND', `没有箱码 ${sscc} 的箱`);
    if (sscc[0] !== String(extensionDigit) || sscc.slice(1, 1 + companyPrefix.length) !== companyPrefix) throw missing();
    const serial = Number(sscc.slice(1 + companyPrefix.length, 17));
    const carton = [...serials].find(([, given]) => given === serial)?.[0];
    const [owner, poNo, cartonText] = carton?.split('/') ?? [];
    const cartonNo = Number(cartonText);
    const line = bulkLines.rows.find(
      (row) => row.owner === owner && row.poNo === poNo && row.cartonFrom <= cartonNo && cartonNo <= row.cartonTo,
    );
    if (!line || !(readsAll(cartonAccess, user.authority) || line.owner === user.id)) throw missing();
    const sizeOrder = demoSizeGroups.find((group) => group.code === line.sizeGroup)?.sizes ?? [];
    return {
      sscc,
      ssccText: ssccText(sscc, companyPrefix.length),
      poNo,
      cartonNo,
      lineKey: line.key,
      type: line.type,
      styleNo: line.styleNo,
      colour: line.colour,
      sizes: formatSizeBreakdown(line.sizeBreakdown, sizeOrder).replace(/;/g, ' '),
      status: line.status,
      planKey: line.planKey ?? null,
      containerKey: line.containerKey ?? null,
      bolKey: billsOfLading.rows.find((bol) => line.planKey && bol.planKey === line.planKey)?.key ?? null,
    };
  },
});
