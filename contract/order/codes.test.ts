import { assertBeforeSiCutoff, siCutoffState } from './codes';

describe('siCutoffState: 截单 72 hours before a sailing at 00:00 China time', () => {
  const rule = { siCutoffHours: 72 };
  // A sailing on 2026-12-05 closes at 2026-12-02 00:00 China time, 2026-12-01 16:00 UTC.
  const closes = Date.parse('2026-12-01T16:00:00Z');

  it('open, near within 48 hours, passed at the minute', () => {
    expect(siCutoffState('2026-12-05', rule, closes - 49 * 3_600_000)).toEqual({
      at: '2026-12-01T16:00:00.000Z',
      passed: false,
      near: false,
    });
    expect(siCutoffState('2026-12-05', rule, closes - 2 * 3_600_000)).toMatchObject({
      near: true,
      text: '距截单不足 48 小时（截单 2026-12-02 00:00，还有 2 小时 0 分）',
    });
    expect(siCutoffState('2026-12-05', rule, closes)).toMatchObject({
      passed: true,
      near: false,
      text: '已截单（截单 2026-12-02 00:00）',
    });
  });

  it('refuses with a 422 naming the field, only once passed', () => {
    expect(() => assertBeforeSiCutoff('2026-12-05', rule, 'priceKey', closes - 1)).not.toThrow();
    expect(() => assertBeforeSiCutoff('2026-12-05', rule, 'priceKey', closes)).toThrow(
      expect.objectContaining({ status: 422, code: 'CUTOFF_PASSED', fields: { priceKey: expect.stringContaining('已截单') } }),
    );
  });
});
