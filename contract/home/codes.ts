/** 出运首页: the windows and caps of its figures, and the list each figure links to. No zod: the page imports it. */

export const homeLimits = {
  /** The customer's weekly chart: the latest 12 ex-factory weeks with goods, up to 12 weeks ahead. */
  weeks: 12,
  weeksAhead: 12,
  /** Failed inspections and pass rates count the last 30 days. */
  recentDays: 30,
  /** The clerk's cut-offs: the next 48 hours, the earliest 10 listed. */
  cutOffHours: 48,
  cutOffs: 10,
  /** Containers being loaded, shown with their fill; sailings on their way (在途). */
  containers: 8,
  /** A shipped sailing stays 在途 until its actual arrival, or this many days after its planned one. */
  inTransitDays: 14,
  /** Lots waiting are counted up to this (then shown as 1 000+). */
  lotCap: 1000,
  /** This month's freight: the POs of the most freight listed. */
  freightPos: 10,
} as const;

export const cutOffLabels = { si: '截单', cy: '截关', vgm: 'VGM' } as const;

/** The lists behind the figures, filtered as the figure counts (the list pages read these query fields). */
export const homeLinks = {
  packing: (status: string) => `/shipment/packing?status=${status}`,
  plans: (status: string) => `/osb/plan?status=${status}`,
  bols: (status: string) => `/shipment/multi/bol?status=${status}`,
  failedInspections: '/shipment/inspection?result=fail',
  container: (key: string) => `/shipment/multi/container?key=${key}`,
  orders: (status: string) => `/osb/order?status=${status}`,
  order: (key: string) => `/osb/order/${key}`,
  declarations: '/osb/declaration?status=PENDING',
  inspectionQueue: '/shipment/inspection?view=queue',
  inspectionRecords: '/shipment/inspection?view=records',
} as const;

interface PoFreight {
  poNo: string;
  cnyCents: number | null;
  pieces: number;
}

/** 本月运费 from each PO's CNY cents and pieces: the POs of the most freight first, and the month's whole. */
export function monthFreightOf(month: string, pos: readonly PoFreight[]) {
  const perPiece = (cents: number | null, pieces: number) =>
    cents === null || pieces === 0 ? null : Math.round(cents / pieces) / 100;
  const known = pos.every((po) => po.cnyCents !== null);
  const cents = known ? pos.reduce((sum, po) => sum + po.cnyCents!, 0) : null;
  const pieces = pos.reduce((sum, po) => sum + po.pieces, 0);
  return {
    month,
    total: { cny: cents === null ? null : cents / 100, pieces, cnyPerPiece: perPiece(cents, pieces) },
    pos: [...pos]
      .sort((a, b) => (b.cnyCents ?? Infinity) - (a.cnyCents ?? Infinity) || a.poNo.localeCompare(b.poNo))
      .slice(0, homeLimits.freightPos)
      .map((po) => ({
        poNo: po.poNo,
        cny: po.cnyCents === null ? null : po.cnyCents / 100,
        pieces: po.pieces,
        cnyPerPiece: perPiece(po.cnyCents, po.pieces),
      })),
    poCount: pos.length,
  };
}
