/**
 * 出运首页: GET /v1/user/statistics/shipment answers the figures of the caller's roles in one call. Each section is
 * there for the roles that work with it (the customer's own rows; the clerk's and the inspector's whole queue).
 * Labels and the lists each figure links to: codes.ts.
 */
import { z } from 'zod';

const counts = z.record(z.string(), z.number());

/** One ex-factory week (its Monday): the customer's lines, cartons and m³. */
export const weekFiguresSchema = z.object({ week: z.string(), lines: z.number(), cartons: z.number(), cbm: z.number() });
/** A container being loaded and how full it is. */
export const containerFillSchema = z.object({
  key: z.string(),
  planKey: z.string(),
  containerNo: z.string().nullable(),
  containerType: z.string(),
  cbmUsed: z.number(),
  cbmCapacity: z.number(),
  weightUsed: z.number(),
  payloadKg: z.number(),
});
/** A shipped plan's sailing on its way (在途): its boxes, the planned arrival and the latest estimate or actual one. */
export const inTransitSchema = z.object({
  planKey: z.string(),
  containerNos: z.array(z.string()),
  pod: z.string(),
  vessel: z.string(),
  voyage: z.string(),
  plannedArrival: z.string().nullable(),
  /** The standing actual arrival, else the latest estimate; null when the carrier said nothing yet. */
  expectedArrival: z.string().nullable(),
});
/** A booking order's cut-off (截单 SI, 截关 CY, VGM) within the clerk's window. */
export const cutOffSchema = z.object({
  orderKey: z.string(),
  planKey: z.string(),
  kind: z.enum(['si', 'cy', 'vgm']),
  at: z.string(),
});
/** Inspections of a factory's lots in the last 30 days. */
export const factoryPassRateSchema = z.object({ factoryCode: z.string(), inspected: z.number(), passed: z.number() });
/** A detector whose last calibration is outside the window (or that never was calibrated since). */
export const detectorDueSchema = z.object({ detectorId: z.string(), calibratedAt: z.string() });
/** A PO's freight (or the month's whole): CNY (null when a rate is missing), its pieces, CNY a piece. */
const poFreightSchema = z.object({
  poNo: z.string(),
  cny: z.number().nullable(),
  pieces: z.number(),
  cnyPerPiece: z.number().nullable(),
});
/** 本月运费: the customer's goods sailing this month (ETD, or a loose booking's CFS cut-off), per PO. */
export const monthFreightSchema = z.object({
  month: z.string(),
  total: poFreightSchema.omit({ poNo: true }),
  /** The POs of the most freight first, up to homeLimits.freightPos. */
  pos: z.array(poFreightSchema),
  poCount: z.number(),
});
/** A count that stops at a cap (`capped`: there are at least `n`). */
const cappedCount = z.object({ n: z.number(), capped: z.boolean() });

export const shipmentStatisticsSchema = z.object({
  /** The caller's notices, read and unread. */
  notice: counts,
  /** 装箱明细 by status: the customer's own, everyone's for the clerk and the inspector. */
  packing: counts,
  /** Accounts by status (the clerk). */
  user: counts.optional(),
  /** The customer's figures. */
  customer: z
    .object({
      weeks: z.array(weekFiguresSchema),
      plans: counts,
      bolsToConfirm: z.number(),
      failedInspections: z.number(),
      loadingContainers: z.array(containerFillSchema),
      inTransit: z.array(inTransitSchema),
      monthFreight: monthFreightSchema,
    })
    .optional(),
  /** The clerk's work waiting. */
  clerk: z
    .object({
      ordersToBook: z.number(),
      changesToDecide: z.number(),
      cutOffs: z.array(cutOffSchema),
      cutOffCount: z.number(),
      bolsToIssue: z.number(),
      handoversMissingDocuments: z.number(),
    })
    .optional(),
  /** The inspector's work and results. */
  inspector: z
    .object({
      lotsWaiting: cappedCount,
      inspectedToday: z.number(),
      passedToday: z.number(),
      passRates: z.array(factoryPassRateSchema),
      detectorsDue: z.array(detectorDueSchema),
    })
    .optional(),
});
export type ShipmentStatistics = z.infer<typeof shipmentStatisticsSchema>;
export type WeekFigures = z.infer<typeof weekFiguresSchema>;
export type ContainerFill = z.infer<typeof containerFillSchema>;
export type CutOff = z.infer<typeof cutOffSchema>;
export type InTransit = z.infer<typeof inTransitSchema>;
export type MonthFreight = z.infer<typeof monthFreightSchema>;
