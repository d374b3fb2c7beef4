/** 彩贴: the query (a PO or chosen lines), the stickers with their SSCCs, and the endpoint table. */
import { z } from 'zod';
import { bulkKeySchema } from '../packing/schema';
import { pdfSchema } from '../shared/common';
import { defineEndpoints } from '../shared/endpoint';
import { colourBys, stickerLayouts, stickerRoutes } from './codes';

export * from './codes';

/** `?poNo=…` or `?keys=BD…,BD…` (the lines chosen on the packing list), one of the two. */
export const stickerQuerySchema = z
  .strictObject({
    poNo: z.string().trim().min(1).max(40).optional(),
    keys: z
      .string()
      .max(20_000)
      .transform((text) => text.split(',').filter(Boolean))
      .pipe(z.array(bulkKeySchema).min(1, '请选择明细').max(500, '一次最多 500 条明细'))
      .optional(),
    colourBy: z.enum(colourBys).default('size'),
    layout: z.enum(Object.keys(stickerLayouts) as [keyof typeof stickerLayouts]).default('2x4'),
  })
  .refine((query) => (query.poNo === undefined) !== (query.keys === undefined), {
    message: '请输入 PO 号或选择明细',
    path: ['poNo'],
  });
export type StickerQuery = z.input<typeof stickerQuerySchema>;

export const stickerSchema = z.object({
  sscc: z.string(),
  /** `(00) 0 6901234 000000001 8`, printed under the barcode. */
  ssccText: z.string(),
  lineKey: z.string(),
  poNo: z.string(),
  styleNo: z.string(),
  colour: z.string(),
  /** `S:4 M:8 L:8` in the size group's order. */
  sizes: z.string(),
  destination: z.string(),
  cartonNo: z.number(),
  /** Cartons of the PO: carton `cartonNo` of `cartonTotal`. */
  cartonTotal: z.number(),
  colourKey: z.string(),
  fill: z.string(),
});
export type Sticker = z.infer<typeof stickerSchema>;

export const stickerSheetSchema = z.object({
  stickers: z.array(stickerSchema),
  legend: z.array(z.object({ key: z.string(), colour: z.string() })),
});
export type StickerSheet = z.infer<typeof stickerSheetSchema>;

export const stickerEndpoints = defineEndpoints(stickerRoutes, {
  list: {
    summary: '彩贴（每箱一张，SSCC 条码；箱数超过一次可打印的张数时 422）',
    access: 'read',
    query: stickerQuerySchema,
    response: stickerSheetSchema,
    alsoAnswers: [422],
  },
  pdf: {
    summary: '彩贴 PDF（A4）',
    access: 'read',
    query: stickerQuerySchema,
    response: pdfSchema,
    alsoAnswers: [422],
  },
});
