/** Mock of 运价日历 for `npm run dev`: the demo sailings of demo/booking.ts, versioned prices, the workbook import. */
import { addDays, chinaToday } from '../contract/plan/codes';
import { cheapestOf, priceAccess, priceEndpoints, type Price } from '../contract/price/schema';
import { priceExampleRow, priceImportRejected, priceSheetHeader, readPriceSheet } from '../contract/price/sheet';
import { sendXlsx, uploadedRows } from './_files';
import { mockEndpoints, refuse } from './_resource';
import { prices } from './_calendar';
import { valueOf } from './_tables';

const sameSailing = (a: Omit<Price, 'key' | 'version' | 'updatedAt'>) => (b: Price) =>
  a.pol === b.pol &&
  a.pod === b.pod &&
  a.containerType === b.containerType &&
  a.sailingDate === b.sailingDate &&
  a.carrier === b.carrier;
function writePrice(input: Omit<Price, 'key' | 'version' | 'updatedAt'> & { version?: number }, checkVersion: boolean) {
  const { version, ...price } = input;
  const found = prices.find(sameSailing(price));
  if (checkVersion && found?.version !== version && (found || version !== undefined))
    throw refuse(409, 'VERSION_CONFLICT', `${price.sailingDate} ${price.carrier} 的运价已被他人修改，请刷新后重试`);
  if (!found)
    return (
      prices.push({
        ...price,
        key: `PR${String(prices.length + 1).padStart(8, '0')}`,
        version: 1,
        updatedAt: new Date().toISOString(),
      }) && 1
    );
  Object.assign(found, price, { version: found.version + 1, updatedAt: new Date().toISOString() });
  return 0;
}

export default mockEndpoints(priceEndpoints, priceAccess, '运价不存在', {
  month: ({ query }) => {
    const data = prices
      .filter(
        (p) =>
          p.pol === query.pol &&
          p.pod === query.pod &&
          p.containerType === query.containerType &&
          p.sailingDate.startsWith(query.month),
      )
      .sort((a, b) => a.sailingDate.localeCompare(b.sailingDate) || a.amount - b.amount);
    return {
      data,
      cheapestKey: cheapestOf(data, chinaToday(), valueOf('bookingCutoff').siCutoffHours)?.key ?? null,
      today: chinaToday(),
    };
  },
  put: ({ body }) => {
    body.prices.forEach((price: Price) => writePrice(price, true));
    return body.prices.map((price: Price) => prices.find(sameSailing(price)));
  },
  importSheet: async ({ req, res }) => {
    const read = readPriceSheet(
      await uploadedRows(req, 5 * 1024 * 1024, {
        missing: '请选择要导入的运价文件（xlsx）',
        unreadable: '无法读取文件，请上传 xlsx 格式的运价表',
      }),
    );
    if (read.refusal || read.errors.length) return res.status(422).json(priceImportRejected(read.errors, read.refusal));
    const inserted = read.prices.reduce((n, { price }) => n + writePrice(price as Price, false), 0);
    return res.status(201).json({ success: true, imported: read.prices.length, updated: read.prices.length - inserted });
  },
  template: ({ res }) => sendXlsx(res, '运价导入模板.xlsx', [priceSheetHeader(), priceExampleRow(addDays(chinaToday(), 30))]),
});
