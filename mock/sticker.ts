/** 彩贴 in the mock: the demo lines' stickers through the contract's rules, serials kept in memory per carton. */
import { readsAll } from '../contract/shared/access';
import { assertStickerCount, stickerAccess, stickerEndpoints, stickersOf, type ColourBy } from '../contract/sticker/schema';
import { stickerPdf } from '../contract/sticker/pdf';
import type { User } from '../contract/user/schema';
import { stickerSerials } from './_carton';
import { sendFile } from './_files';
import { mockEndpoints, ownsRow, refuse } from './_resource';
import { demoSizeGroups as sizeGroups } from '../demo/lookups';
import { bulkLines as bulkLineTable, valueOf } from './_tables';

const serials = stickerSerials();
const serialOf = (carton: string) => serials.get(carton) ?? serials.set(carton, serials.size + 1).get(carton)!;

/** The query as the contract's schema parsed it. */
function sheetOf(user: User, query: { poNo?: string; keys?: string[]; colourBy: ColourBy }) {
  const mine = bulkLineTable.rows.filter((line) => readsAll(stickerAccess, user.authority) || ownsRow(user, line.owner));
  const { keys } = query;
  const lines = mine
    .filter((line) => (keys ? keys.includes(line.key) : line.poNo === query.poNo))
    .sort((a, b) => a.poNo.localeCompare(b.poNo) || a.cartonFrom - b.cartonFrom);
  if (!lines.length || (keys && lines.length !== keys.length)) throw refuse(404, 'NOT_FOUND', '明细不存在');
  const cartons = lines.reduce((sum, line) => sum + line.cartonCount, 0);
  assertStickerCount(cartons, keys ? 'keys' : 'poNo');
  const totalOf = (owner: string, poNo: string) =>
    bulkLineTable.rows
      .filter((line) => line.owner === owner && line.poNo === poNo)
      .reduce((sum, line) => sum + line.cartonCount, 0);
  return stickersOf(
    lines.map((line) => ({ ...line, sizeOrder: sizeGroups.find((group) => group.code === line.sizeGroup)?.sizes ?? [] })),
    { serialOf, cartonTotalOf: (line) => totalOf(line.owner, line.poNo), gs1: valueOf('gs1'), colourBy: query.colourBy },
  );
}

export default mockEndpoints(stickerEndpoints, stickerAccess, '明细不存在', {
  list: ({ user, query }) => sheetOf(user, query),
  pdf: async ({ user, query, res }) =>
    sendFile(res, 'application/pdf', `彩贴-${query.poNo ?? ''}.pdf`, await stickerPdf(sheetOf(user, query), query.layout)),
});
