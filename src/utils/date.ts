import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import moment from 'moment';
import 'moment/locale/zh-cn';

// Both date libraries speak Chinese: moment for our own display, dayjs for antd's date pickers. The signed-in
// layout imports this module, so neither library weighs on the login page.
moment.locale('zh-cn');
dayjs.locale('zh-cn');

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
