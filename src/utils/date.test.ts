import dayjs from 'dayjs';
import moment from 'moment';
import { formatDateTime } from './date';

describe('formatDateTime', () => {
  test('YYYY-MM-DD HH:mm:ss followed by the Chinese weekday', () => {
    expect(formatDateTime(new Date(2026, 10, 21, 19, 58, 9))).toBe('2026-11-21 19:58:09 星期六');
    expect(formatDateTime('2026-11-23T08:00:00')).toBe('2026-11-23 08:00:00 星期一');
  });

  test('takes another format', () => {
    expect(formatDateTime(new Date(2026, 0, 4), 'YYYY年M月D日')).toBe('2026年1月4日 星期日');
  });

  test('no value means now', () => {
    jest.useFakeTimers().setSystemTime(new Date(2026, 2, 6, 1, 2, 3));
    expect(formatDateTime()).toBe('2026-03-06 01:02:03 星期五');
    jest.useRealTimers();
  });

  test('null, empty or unreadable values give an empty text', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime(Number.NaN)).toBe('');
  });
});

test('importing the date helpers sets moment and dayjs (antd pickers) to Chinese', () => {
  expect(moment.locale()).toBe('zh-cn');
  expect(moment('2026-11-21').format('dddd')).toBe('星期六');
  expect(dayjs.locale()).toBe('zh-cn');
  expect(dayjs('2026-11-21').format('dddd')).toBe('星期六');
});
