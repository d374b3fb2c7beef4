import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import './pickerLocale';
import { CHINA_OFFSET_MINUTES } from '@contract/shared/chinaTime';

// Our own display and antd's date pickers share one date library: dayjs, which every signed-in page loads
// anyway (moment beside it was ~20 KB gzip on each page that shows a date, for formatting alone).
dayjs.extend(utc);

/** A day without a time ('2026-11-21'): China's day as it is, never moved by a zone. */
const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A date for display in China time (UTC+8, the product's one clock, whatever the browser's zone): `format`
 * followed by the Chinese weekday, e.g. '2026-11-21 19:58:09 星期六'. No value means now; an empty or unreadable
 * value gives ''.
 */
export function formatDateTime(value?: dayjs.ConfigType, format = 'YYYY-MM-DD HH:mm:ss'): string {
  if (value === null || value === '') return '';
  const date =
    typeof value === 'string' && DAY_ONLY.test(value) ? dayjs.utc(value) : dayjs(value).utcOffset(CHINA_OFFSET_MINUTES);
  if (!date.isValid()) return '';
  return date.format(`${format} dddd`);
}
