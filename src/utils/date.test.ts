import dayjs from 'dayjs';
import { formatDateTime } from './date';

describe('formatDateTime', () => {
  test('YYYY-MM-DD HH:mm:ss in China time followed by the Chinese weekday', () => {
    expect(formatDateTime(new Date('2026-11-21T11:58:09Z'))).toBe('2026-11-21 19:58:09 星期六');
    expect(formatDateTime('2026-11-23T00:00:00Z')).toBe('2026-11-23 08:00:00 星期一');
    // 16:00 UTC is midnight in China: the next day, whatever the browser's zone.
    expect(formatDateTime('2026-11-28T16:00:00.000Z', 'YYYY-MM-DD HH:mm')).toBe('2026-11-29 00:00 星期日');
  });

  test('takes another format; a day without a time stays that day', () => {
    expect(formatDateTime('2026-01-04', 'YYYY年M月D日')).toBe('2026年1月4日 星期日');
  });

  test('no value means now', () => {
    jest.useFakeTimers().setSystemTime(new Date('2026-03-05T17:02:03Z'));
    expect(formatDateTime()).toBe('2026-03-06 01:02:03 星期五');
    jest.useRealTimers();
  });

  test('null, empty or unreadable values give an empty text', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime(Number.NaN)).toBe('');
  });
});

test('importing the date helpers sets dayjs (our display and antd pickers) to Chinese', () => {
  expect(dayjs.locale()).toBe('zh-cn');
  expect(dayjs('2026-11-21').format('dddd')).toBe('星期六');
});
