import { chinaDateTime } from './chinaTime';

describe('chinaDateTime: one clock, whatever the zone', () => {
  it('reads an instant as China does, across the date line of UTC', () => {
    expect(chinaDateTime('2026-11-28T16:00:00.000Z')).toBe('2026-11-29 00:00');
    expect(chinaDateTime('2026-11-28T15:59:59.000Z', { seconds: true })).toBe('2026-11-28 23:59:59');
    expect(chinaDateTime(new Date('2026-06-30T20:30:00Z'))).toBe('2026-07-01 04:30');
  });
  it('does not follow the process zone', () => {
    const zone = process.env.TZ;
    process.env.TZ = 'America/Los_Angeles';
    try {
      expect(chinaDateTime('2026-11-28T16:00:00.000Z')).toBe('2026-11-29 00:00');
    } finally {
      process.env.TZ = zone;
    }
  });
  it('gives nothing for an unreadable value', () => {
    expect(chinaDateTime('not a time')).toBe('');
  });
});
