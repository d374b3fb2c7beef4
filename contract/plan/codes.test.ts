import { isoWeekDays, isoWeekOf } from './codes';

describe('isoWeekDays: an ISO week as its Monday and Sunday', () => {
  it.each(['2026-W48', '2026-W01', '2026-W53', '2027-W01', '2024-W52'])('%s', (week) => {
    const { from, to } = isoWeekDays(week);
    expect([isoWeekOf(from), isoWeekOf(to)]).toEqual([week, week]);
    expect([new Date(`${from}T00:00:00Z`).getUTCDay(), new Date(`${to}T00:00:00Z`).getUTCDay()]).toEqual([1, 0]);
  });
  it('knows the week of 2026-11-28', () => {
    expect(isoWeekDays('2026-W48')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
  });
});
