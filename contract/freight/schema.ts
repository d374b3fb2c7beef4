/** 运费 as the API answers it: charges split over lines and POs (codes.ts), for a container or a loose booking. */
import { z } from 'zod';
import { freightBases } from './codes';

export * from './codes';

const moneySchema = z.object({ currency: z.string(), amount: z.number() });
const freightShareSchema = z.object({
  key: z.string(),
  poNo: z.string(),
  amounts: z.array(moneySchema),
  cny: z.number().nullable(),
  cnyPerPiece: z.number().nullable(),
  pieces: z.number(),
});
export const freightSchema = z.object({
  basis: z.enum(freightBases),
  chargedPer: z.enum(['每柜', '每票']),
  charges: z.array(moneySchema.extend({ name: z.string() })),
  totals: z.array(moneySchema),
  ratesUsed: z.array(z.object({ month: z.string(), currency: z.string(), toCny: z.number() })),
  missingRates: z.array(z.string()),
  cny: z.number().nullable(),
  lines: z.array(freightShareSchema),
  pos: z.array(freightShareSchema),
});
