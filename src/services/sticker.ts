/** 彩贴 calls, built from the endpoint table's routes and typed with its schemas. */
import { download } from '@/utils/request';
import { requestRoute } from '@/utils/requestRoute';
import type { StickerQuery, stickerEndpoints } from '@contract/sticker/schema';
import { stickerRoutes } from '@contract/sticker/codes';
import type { ResponseOf } from '@contract/shared/endpoint';

type Endpoints = typeof stickerEndpoints;

/** GET /v1/stickers — one sticker per carton, with its SSCC; 404 and 422 are the page's to say. */
export const queryStickers = (query: StickerQuery) =>
  requestRoute<ResponseOf<Endpoints['list']> | undefined>(stickerRoutes.list, { params: query, quietStatuses: [404, 422] });

/** GET /v1/stickers/pdf — the same stickers on A4. */
export const downloadStickerPdf = (query: StickerQuery) =>
  download(stickerRoutes.pdf.path, { params: query, accept: 'application/pdf', fallbackName: '彩贴.pdf' });
