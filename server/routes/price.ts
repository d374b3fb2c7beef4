/** 运价日历 routes: the month's prices, the clerk's changes and the workbook import, under the price access policy. */
import { priceAccess, priceEndpoints } from '../../contract/price/schema';
import { priceLimits } from '../../contract/price/codes';
import { PRICE_TEMPLATE_NAME } from '../../contract/price/sheet';
import { importPrices, priceTemplate } from '../domain/price/import';
import { monthPrices, putPrices } from '../domain/price/prices';
import { endpointPlugin, sendXlsx } from '../http/endpoints';
import { readUploadedFile } from '../http/upload';

export const priceRoutes = endpointPlugin(
  priceEndpoints,
  { policy: priceAccess, notFoundMessage: '运价不存在', uploadMaxBytes: priceLimits.importMaxBytes },
  {
    month: ({ db, query }) => monthPrices(db, query),
    put: ({ db, caller, body }) => putPrices(db, caller, body.prices),
    importSheet: async ({ db, caller, request, reply }) => {
      const file = await readUploadedFile(request, { field: 'file', missingMessage: '请选择要导入的运价文件（xlsx）' });
      const { status, body } = await importPrices(db, caller, file);
      return reply.status(status).send(body);
    },
    template: async ({ db, reply }) => sendXlsx(reply, PRICE_TEMPLATE_NAME, await priceTemplate(db)),
  },
);
