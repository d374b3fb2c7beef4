/**
 * The product's one clock: every instant is stored in UTC and shown as China reads it (UTC+8 all year, the
 * business's and its ports' clock), whatever the zone of the browser or the server. Zod-free: the browser, the
 * server's texts, the sheets and the PDFs all format with it.
 */

/** China's offset from UTC, in minutes (no daylight saving). */
export const CHINA_OFFSET_MINUTES = 480;

const CHINA_OFFSET_MS = CHINA_OFFSET_MINUTES * 60_000;

/**
 * An instant as China's clock reads it, `2026-11-29 00:00` (with `seconds`, `2026-11-29 00:00:00`); '' for an
 * unreadable value.
 */
export function chinaDateTime(value: string | number | Date, { seconds = false } = {}): string {
  const time = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
  if (Number.isNaN(time)) return '';
  return new Date(time + CHINA_OFFSET_MS)
    .toISOString()
    .slice(0, seconds ? 19 : 16)
    .replace('T', ' ');
}
