/**
 * 运价日历 API: the month of a lane for a container type, the clerk's PUT of prices (all or nothing) and the
 * xlsx import. Codes and rules are in codes.ts (zod-free, for the browser).
 */
import { z } from 'zod';
import { isoDateSchema, isoMonthSchema, versionSchema, xlsxSchema } from '../shared/common';
import { defineEndpoints } from '../shared/endpoint';
import { currencies, priceLimits as limits, priceRoutes, spaceLevels } from './codes';
import { containerTypes } from '../setting/codes';

export * from './codes';

export const locodeSchema = z.string({ error: '请选择港口' }).regex(/^[A-Z]{2}[A-Z2-9]{3}$/, '港口代码应为 5 位 UN/LOCODE');
export const scacSchema = z.string({ error: '请选择船公司' }).regex(/^[A-Z]{2,4}$/, 'SCAC 代码为 2–4 位大写字母');
export const containerTypeSchema = z.enum(containerTypes, { error: '请选择箱型' });

/** GET /v1/osbPrice?pol&pod&containerType&month — every carrier's sailings of the month on the lane. */
export const priceMonthQuerySchema = z.object({
  pol: locodeSchema,
  pod: locodeSchema,
  containerType: containerTypeSchema,
  month: isoMonthSchema,
});
export type PriceMonthQuery = z.input<typeof priceMonthQuerySchema>;

/** One sailing's price as the clerk writes it; `version` when it replaces a price already read. */
export const priceInputSchema = z.strictObject({
  carrier: scacSchema,
  pol: locodeSchema,
  pod: locodeSchema,
  containerType: containerTypeSchema,
  sailingDate: isoDateSchema,
  amount: z
    .number({ error: '请输入运价' })
    .int('运价应为整数')
    .min(1, '运价应大于 0')
    .max(limits.maxAmount, `运价最大为 ${limits.maxAmount}`),
  currency: z.enum(currencies, { error: '请选择币种' }),
  space: z.enum(spaceLevels, { error: '请选择舱位' }),
  transitDays: z
    .number({ error: '请输入航程' })
    .int('航程应为整数')
    .min(1, '航程至少 1 天')
    .max(limits.maxTransitDays, `航程最多 ${limits.maxTransitDays} 天`),
  validUntil: isoDateSchema.nullable().default(null),
  version: versionSchema.optional(),
});
export type PriceInput = z.input<typeof priceInputSchema>;
/** A price input as the schema gives it (validUntil filled in). */
export type PriceValues = z.output<typeof priceInputSchema>;

/** PUT /v1/osbPrice — prices of one or more sailings, saved all or nothing. */
export const pricePutSchema = z.strictObject({
  prices: z
    .array(priceInputSchema)
    .min(1, '请填写运价')
    .max(limits.maxPut, `一次最多 ${limits.maxPut} 条运价`)
    .refine(
      (prices) =>
        new Set(prices.map((p) => `${p.pol}/${p.pod}/${p.containerType}/${p.sailingDate}/${p.carrier}`)).size === prices.length,
      '同一船期重复',
    ),
});

export const priceSchema = z.object({
  key: z.string(),
  carrier: z.string(),
  pol: z.string(),
  pod: z.string(),
  containerType: containerTypeSchema,
  sailingDate: z.string(),
  amount: z.number(),
  currency: z.string(),
  space: z.enum(spaceLevels),
  transitDays: z.number(),
  validUntil: z.string().nullable(),
  version: z.number(),
  updatedAt: z.string(),
});
export type Price = z.infer<typeof priceSchema>;

export const priceMonthSchema = z.object({
  data: z.array(priceSchema),
  /** The month's cheapest bookable sailing (cheapestOf), for the calendar's mark. */
  cheapestKey: z.string().nullable(),
  /** China's date on the server: days before it cannot be booked. */
  today: z.string(),
});
export type PriceMonth = z.infer<typeof priceMonthSchema>;

export const priceImportResultSchema = z.object({ success: z.literal(true), imported: z.number(), updated: z.number() });
export type PriceImportResult = z.infer<typeof priceImportResultSchema>;

export const priceEndpoints = defineEndpoints(priceRoutes, {
  month: { summary: '运价日历：航线与箱型的一个月', access: 'read', query: priceMonthQuerySchema, response: priceMonthSchema },
  put: { summary: '保存运价（全部成功或全部不保存）', access: 'write', body: pricePutSchema, response: z.array(priceSchema) },
  importSheet: {
    upload: true,
    summary: '导入运价 xlsx（全部成功或全部不导入，列出每行错误）',
    access: 'write',
    response: priceImportResultSchema,
    status: 201,
  },
  template: { summary: '运价导入模板（xlsx）', access: 'public', response: xlsxSchema },
});
