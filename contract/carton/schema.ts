/** 箱码 API: a carton found by the SSCC on its sticker — its line and where it is (codes in codes.ts). */
import { z } from 'zod';
import { bulkStatuses, bulkTypes } from '../packing/codes';
import { cartonRoutes, scanOutcomes, ssccFromScan } from './codes';
import { defineEndpoints } from '../shared/endpoint';
import { ssccText, stickerSizesText, type Gs1Prefix } from '../sticker/codes';

export * from './codes';

/** A scanned or typed SSCC, read to its 18 digits; a wrong check digit is a field message. */
const ssccSchema = z
  .string({ error: '请扫描箱码' })
  .max(40, '箱码最多 40 个字符')
  .transform((text, context) => {
    const read = ssccFromScan(text);
    if ('sscc' in read) return read.sscc;
    context.addIssue({ code: 'custom', message: read.error });
    return z.NEVER;
  });

export const cartonParamsSchema = z.strictObject({ sscc: ssccSchema });

/** POST …/scans — one carton scanned into a handover or a container. */
export const scanBodySchema = z.strictObject({ sscc: ssccSchema });

export const cartonSchema = z.object({
  sscc: z.string(),
  /** `(00) 0 6901234 000000001 8`, as printed under the barcode. */
  ssccText: z.string(),
  poNo: z.string(),
  cartonNo: z.number(),
  /** The packing line whose carton range holds this carton. */
  lineKey: z.string(),
  type: z.enum(bulkTypes),
  styleNo: z.string(),
  colour: z.string(),
  /** `S:4 M:8 L:8` in the size group's order, as on the sticker. */
  sizes: z.string(),
  status: z.enum(bulkStatuses),
  /** The booking plan (拼柜) or loose-cargo booking (散货) the line is in, if any. */
  planKey: z.string().nullable(),
  containerKey: z.string().nullable(),
  /** The B/L of the line's booking, if one was drafted. */
  bolKey: z.string().nullable(),
});
export type Carton = z.infer<typeof cartonSchema>;

/** The answer for a carton found by its SSCC: its label, the line whose range holds it, and where that line is. */
export function cartonOf(
  sscc: string,
  gs1: Gs1Prefix,
  label: { poNo: string; cartonNo: number },
  line: Pick<Carton, 'type' | 'styleNo' | 'colour' | 'status'> & {
    key: string;
    sizeBreakdown: Record<string, number>;
    planKey?: string | null;
    containerKey?: string | null;
  },
  sizeOrder: readonly string[],
  bolKey: string | null,
): Carton {
  return {
    sscc,
    ssccText: ssccText(sscc, gs1.companyPrefix.length),
    poNo: label.poNo,
    cartonNo: label.cartonNo,
    lineKey: line.key,
    type: line.type,
    styleNo: line.styleNo,
    colour: line.colour,
    sizes: stickerSizesText(line.sizeBreakdown, sizeOrder),
    status: line.status,
    planKey: line.planKey ?? null,
    containerKey: line.containerKey ?? null,
    bolKey,
  };
}

export const cartonEndpoints = defineEndpoints(cartonRoutes, {
  get: {
    summary: '按箱码（SSCC）查箱：所属明细与所在订舱、柜、提单',
    access: 'read',
    params: cartonParamsSchema,
    invalidParams: 'invalid',
    response: cartonSchema,
  },
});

/** A line of a place that takes scans: its cartons scanned in against those it holds, and the numbers still missing. */
export const scannedLineSchema = z.object({
  key: z.string(),
  poNo: z.string(),
  cartonFrom: z.number(),
  cartonTo: z.number(),
  cartonCount: z.number(),
  cartonsScanned: z.number(),
  /** `3–5、9`: the carton numbers of the line not scanned yet (empty when all are in). */
  missingCartons: z.string(),
});
export type ScannedLine = z.infer<typeof scannedLineSchema>;

/** The answer to a scan: what became of it, the carton, its line's count after it, and the place's running count. */
export const scanAnswerSchema = z.object({
  outcome: z.enum(scanOutcomes),
  carton: cartonSchema,
  line: scannedLineSchema,
  /** Cartons scanned into the place so far, and the cartons it should hold. */
  scanned: z.number(),
  expected: z.number(),
  /** The place's version after the scan (a scan is a change like any other). */
  version: z.number(),
});
export type ScanAnswer = z.infer<typeof scanAnswerSchema>;
