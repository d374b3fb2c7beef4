import { isoDateSchema, isoMonthSchema, isoWeekSchema } from './common';

describe('dates the business deals in: 2000–2100', () => {
  it.each(['2000-01-01', '2026-02-28', '2028-02-29', '2100-12-31'])('takes the date %s', (date) => {
    expect(isoDateSchema.safeParse(date).success).toBe(true);
  });
  it.each(['0000-01-01', '1999-12-31', '2101-01-01', '9999-12-31', '10000-01-01', '2025-13-01', '2025-01-32', '2025-02-29'])(
    'refuses the date %s',
    (date) => {
      expect(isoDateSchema.safeParse(date).success).toBe(false);
    },
  );
  it('takes months and weeks in the range and refuses those outside it', () => {
    expect(['2000-01', '2100-12'].map((m) => isoMonthSchema.safeParse(m).success)).toEqual([true, true]);
    expect(['0000-01', '1999-12', '2101-01', '10000-01', '2025-13'].map((m) => isoMonthSchema.safeParse(m).success)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(['2026-W01', '2026-W53'].map((w) => isoWeekSchema.safeParse(w).success)).toEqual([true, true]);
    expect(['0000-W01', '9999-W52', '2026-W54', '2026-W00'].map((w) => isoWeekSchema.safeParse(w).success)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});
