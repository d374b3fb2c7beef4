/** 彩贴 routes, registered from the endpoint table: the stickers as JSON (the page) and as an A4 PDF. */
import { stickerAccess, stickerEndpoints } from '../../contract/sticker/schema';
import { stickerPdf } from '../../contract/sticker/pdf';
import { stickerSheet } from '../domain/sticker';
import { endpointPlugin, sendFile } from '../http/endpoints';

export const stickerRoutes = endpointPlugin(
  stickerEndpoints,
  { policy: stickerAccess, notFoundMessage: '明细不存在' },
  {
    list: ({ db, caller, query }) => stickerSheet(db, caller, query),
    pdf: async ({ db, caller, query, reply }) => {
      const file = await stickerPdf(await stickerSheet(db, caller, query), query.layout);
      return sendFile(reply, 'application/pdf', `彩贴-${query.poNo ?? query.keys?.[0] ?? ''}.pdf`, file);
    },
  },
);
