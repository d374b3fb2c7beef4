/** 出运对比表 API: the page's figures (totals and per PO) and the xlsx, over one filter. Codes in codes.ts. */
import { z } from 'zod';
import { isoDateSchema, ownerCompanyQuery, xlsxSchema } from '../shared/common';
import { compareRoutes } from './codes';
import { defineEndpoints } from '../shared/endpoint';

export * from './codes';

/** The period (ex-factory dates, inclusive), a customer or their company, a PO prefix; none given: every line. */
export const compareQuerySchema = z.strictObject({
  exFactoryFrom: isoDateSchema.optional(),
  exFactoryTo: isoDateSchema.optional(),
  owner: z.uuid({ error: '客户有误' }).optional(),
  ...ownerCompanyQuery,
  poNo: z.string().trim().max(64, 'PO号最多 64 个字符').optional(),
});
export type CompareQuery = z.input<typeof compareQuerySchema>;

const figures = {
  packedCartons: z.number(),
  packedQty: z.number(),
  shippedCartons: z.number(),
  shippedQty: z.number(),
};
export const compareSummarySchema = z.object({
  totals: z.object({ ...figures, poCount: z.number(), differingPoCount: z.number(), lineCount: z.number() }),
  /** Up to COMPARE_PAGE_ROWS POs, those with a difference first. */
  rows: z.array(z.object({ poNo: z.string(), lineCount: z.number(), ...figures })),
});
export type CompareSummary = z.infer<typeof compareSummarySchema>;

export const compareEndpoints = defineEndpoints(compareRoutes, {
  summary: {
    summary: '出运对比：合计与各 PO 的装箱/出运数量',
    access: 'read',
    query: compareQuerySchema,
    response: compareSummarySchema,
  },
  download: {
    summary: '出运对比表（xlsx：汇总与 PO/款/色/码明细，差异标红；流式生成）',
    access: 'read',
    query: compareQuerySchema,
    response: xlsxSchema,
  },
});
