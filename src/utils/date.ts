import moment from 'moment';
import 'moment/locale/zh-cn';
import './pickerLocale';
import { CHINA_OFFSET_MINUTES } from '@contract/shared/chinaTime';

// Both date libraries speak Chinese: moment for our own display, dayjs for antd's date pickers. Only the
// modules that show dates import this one, so moment loads with them and not with every page.
moment.locale('zh-cn');

/** A day without a time ('2026-11-21'): China's day as it is, never moved by a zone. */
const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A date for display in China time (UTC+8, the product's one clock, whatever the browser's zone): `format`
 * followed by the Chinese weekday, e.g. '2026-11-21 19:58:09 星期六'. No value means now; an empty or unreadable
 * value gives ''.
 */
export function formatDateTime(value?: moment.MomentInput, format = 'YYYY-MM-DD HH:mm:ss'): string {
  if (value === null || value === '') return '';
  const date =
    typeof value === 'string' && DAY_ONLY.test(value) ? moment.utc(value) : moment(value).utcOffset(CHINA_OFFSET_MINUTES);
  if (!date.isValid()) return '';
  return date.format(`${format} dddd`);
}
