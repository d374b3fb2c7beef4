/** 待拼柜货物 API: the query, the answer and the endpoint table (codes and labels in codes.ts). */
import { z } from 'zod';
import { bulkLinePart } from '../packing/endpoints';
import { isoWeekSchema, listResultSchema, pageQuery } from '../shared/common';
import { defineEndpoints } from '../shared/endpoint';
import { goodsRoutes } from './codes';
import { containerTypes } from '../setting/codes';

export * from './codes';

export const goodsQuerySchema = pageQuery(100).extend({
  /** Destinations starting with this (any case). */
  destination: z.string().trim().max(64).optional(),
  /** One ISO week, YYYY-Www. */
  week: isoWeekSchema.optional(),
});
export type GoodsQuery = z.input<typeof goodsQuerySchema>;

export const goodsLine = bulkLinePart(['key', 'poNo', 'styleNo', 'colour', 'cartonCount', 'totalQty', 'cbm', 'totalGw']);

export const goodsGroupSchema = z.object({
  destination: z.string(),
  /** The plan's POD this destination names in the ports dictionary, or null. */
  pod: z.string().nullable(),
  week: z.string(),
  /** The Monday of the week, YYYY-MM-DD. */
  weekStart: z.string(),
  lineCount: z.number(),
  cartonCount: z.number(),
  totalQty: z.number(),
  cbm: z.number(),
  totalGw: z.number(),
  suggestion: z.array(z.object({ containerType: z.enum(containerTypes), cbm: z.number(), weight: z.number() })),
  lines: z.array(goodsLine.schema),
});
export type GoodsGroup = z.infer<typeof goodsGroupSchema>;

export const goodsEndpoints = defineEndpoints(goodsRoutes, {
  list: {
    summary: '待拼柜货物（按目的地与出厂周分组，附建议柜型）',
    access: 'read',
    query: goodsQuerySchema,
    response: listResultSchema(goodsGroupSchema),
  },
});
