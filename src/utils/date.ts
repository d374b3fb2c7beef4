import moment from 'moment';
import 'moment/locale/zh-cn';
import './pickerLocale';

// Both date libraries speak Chinese: moment for our own display, dayjs for antd's date pickers. Only the
// modules that show dates import this one, so moment loads with them and not with every page.
moment.locale('zh-cn');

/**
 * A date for display: `format` followed by the Chinese weekday, e.g. '2026-11-21 19:58:09 星期六'. No value
 * means now; an empty or unreadable value gives ''.
 */
export function formatDateTime(value?: moment.MomentInput, format = 'YYYY-MM-DD HH:mm:ss'): string {
  if (value === null || value === '') return '';
  const date = moment(value);
  if (!date.isValid()) return '';
  return date.format(`${format} dddd`);
}
