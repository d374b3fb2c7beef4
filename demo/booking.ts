/**
 * The demo sailings: a quarter of weekly sailings on three real lanes (CNSHA → USLAX, CNNGB → DEHAM, CNSZX →
 * AUSYD), three carriers each, for every container type. A pure builder, so that the server's demo seed and the
 * umi mock show the same calendar.
 */
import { addDays, chinaToday } from '../contract/plan/codes';
import type { SpaceLevel } from '../contract/price/codes';
import { containerTypes } from '../contract/setting/codes';

const lanes = [
  { pol: 'CNSHA', pod: 'USLAX', carriers: ['MAEU', 'COSU', 'ONEY'], base: 1900, transitDays: 14 },
  { pol: 'CNNGB', pod: 'DEHAM', carriers: ['MSCU', 'CMDU', 'MAEU'], base: 2600, transitDays: 32 },
  { pol: 'CNSZX', pod: 'AUSYD', carriers: ['COSU', 'EGLV', 'CMDU'], base: 1300, transitDays: 16 },
];
/** Price of a container type against a 20GP. */
const typeFactor = { '20GP': 1, '40GP': 1.6, '40HQ': 1.7, '45HQ': 2 } as const;
const WEEKS = 13;

/** The demo sailings from the start of this month: each carrier weekly on a weekday of its own. */
export function demoPrices(today = chinaToday()) {
  const start = `${today.slice(0, 7)}-01`;
  return lanes.flatMap((lane, l) =>
    lane.carriers.flatMap((carrier, c) =>
      containerTypes.flatMap((containerType) =>
        Array.from({ length: WEEKS }, (_, week) => {
          const sailingDate = addDays(start, week * 7 + c * 2 + l);
          // A steady wave of prices, cheaper mid-quarter; every seventh sailing tight, every eleventh full.
          const wave = Math.round(Math.sin((week + c) * 1.3) * 120 + c * 40 + (week % 4) * 25);
          const n = week * 3 + c + l;
          const space: SpaceLevel = n % 11 === 5 ? 'full' : n % 7 === 3 ? 'tight' : 'ample';
          return {
            carrier,
            pol: lane.pol,
            pod: lane.pod,
            containerType,
            sailingDate,
            amount: Math.round((lane.base + wave) * typeFactor[containerType]),
            currency: 'USD' as const,
            space,
            transitDays: lane.transitDays + c,
            validUntil: null,
          };
        }),
      ),
    ),
  );
}
