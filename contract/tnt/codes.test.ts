/** 货物跟踪's rules as pure functions: the timeline side by side, delays, the loading facts, times and changes. */
import {
  arrivalChange,
  loadingFactsOf,
  milestoneTimeProblem,
  movesDelay,
  sailingDelay,
  timelineRows,
  type MilestoneFacts,
} from './codes';

const pln = (code: string, at: string, location: string): MilestoneFacts => ({
  eventType: 'TRANSPORT',
  code,
  classifier: 'PLN',
  eventDateTime: at,
  location,
});

describe('timelineRows', () => {
  it('sets planned, estimated and actual side by side per milestone, place and box, corrections left out', () => {
    const rows = timelineRows([
      pln('DEPA', '2026-12-09T00:00:00.000Z', 'CNSHA'),
      { ...pln('DEPA', '2026-12-09T06:00:00.000Z', 'CNSHA'), classifier: 'EST', supersededBy: 'x' },
      { ...pln('DEPA', '2026-12-09T08:00:00.000Z', 'CNSHA'), classifier: 'EST' },
      {
        eventType: 'EQUIPMENT',
        code: 'LOAD',
        classifier: 'ACT',
        eventDateTime: '2026-12-08T10:00:00.000Z',
        location: 'CNSHA',
        equipmentReference: 'CSQU3054383',
      },
    ]);
    expect(rows).toEqual([
      {
        eventType: 'EQUIPMENT',
        code: 'LOAD',
        location: 'CNSHA',
        equipmentReference: 'CSQU3054383',
        ACT: '2026-12-08T10:00:00.000Z',
      },
      {
        eventType: 'TRANSPORT',
        code: 'DEPA',
        location: 'CNSHA',
        PLN: '2026-12-09T00:00:00.000Z',
        EST: '2026-12-09T08:00:00.000Z',
      },
    ]);
  });
});

describe('sailingDelay', () => {
  const now = new Date('2026-12-20T00:00:00Z');
  it('is an arrival estimated more than 24 h after plan, or no departure a day after plan', () => {
    const arrival = (est: string) =>
      timelineRows([pln('ARRI', '2027-01-10T00:00:00.000Z', 'USLAX'), { ...pln('ARRI', est, 'USLAX'), classifier: 'EST' }]);
    expect(sailingDelay(arrival('2027-01-11T00:00:00.000Z'), now)).toBeUndefined();
    expect(sailingDelay(arrival('2027-01-12T00:00:00.000Z'), now)).toEqual({ kind: 'arrival', hours: 48 });
    const left = (act?: string) =>
      timelineRows([
        pln('DEPA', '2026-12-18T00:00:00.000Z', 'CNSHA'),
        ...(act ? [{ ...pln('DEPA', act, 'CNSHA'), classifier: 'ACT' as const }] : []),
      ]);
    expect(sailingDelay(left(), now)).toEqual({ kind: 'departure', hours: 48 });
    expect(sailingDelay(left('2026-12-18T02:00:00.000Z'), now)).toBeUndefined();
    expect(sailingDelay(left(), new Date('2026-12-18T23:00:00Z'))).toBeUndefined();
  });
  it('moves with an arrival of any kind and a planned or actual departure, not with an estimated departure', () => {
    expect(movesDelay({ eventType: 'TRANSPORT', transportEventTypeCode: 'ARRI', eventClassifierCode: 'EST' })).toBe(true);
    expect(movesDelay({ eventType: 'TRANSPORT', transportEventTypeCode: 'DEPA', eventClassifierCode: 'ACT' })).toBe(true);
    expect(movesDelay({ eventType: 'TRANSPORT', transportEventTypeCode: 'DEPA', eventClassifierCode: 'EST' })).toBe(false);
    expect(movesDelay({ eventType: 'EQUIPMENT', eventClassifierCode: 'ACT' })).toBe(false);
  });
});

describe('loadingFactsOf', () => {
  const load = (box: string, at: string, location = 'CNNGB'): MilestoneFacts => ({
    eventType: 'EQUIPMENT',
    code: 'LOAD',
    classifier: 'ACT',
    eventDateTime: at,
    location,
    equipmentReference: box,
  });
  it('gives the China day all the boxes were loaded at the port of loading, once they all were', () => {
    const a = load('A', '2026-11-27T15:30:00.000Z');
    const b = load('B', '2026-11-28T17:00:00.000Z');
    expect(loadingFactsOf([a], 'CNNGB', ['A', 'B'])).toEqual({ departed: false });
    // 2026-11-29 01:00 in China: the later box's day.
    expect(loadingFactsOf([a, b], 'CNNGB', ['A', 'B'])).toEqual({ loadedOn: '2026-11-29', departed: false });
    expect(loadingFactsOf([a, load('B', '2026-11-28T17:00:00.000Z', 'USLAX')], 'CNNGB', ['A', 'B']).loadedOn).toBeUndefined();
    expect(loadingFactsOf([{ ...a, supersededBy: 'c' }], 'CNNGB', ['A']).loadedOn).toBeUndefined();
    const departed = { ...pln('DEPA', '2026-11-29T00:00:00.000Z', 'CNNGB'), classifier: 'ACT' as const };
    expect(loadingFactsOf([departed], 'CNNGB', ['A'])).toEqual({ departed: true });
  });
});

describe('times', () => {
  it('refuses an actual time ahead of now (beyond a terminal clock’s ten minutes), not a plan or an estimate', () => {
    const now = new Date('2026-11-28T10:00:00Z');
    expect(milestoneTimeProblem('ACT', '2026-11-28T10:05:00Z', now)).toBeUndefined();
    expect(milestoneTimeProblem('ACT', '2026-11-28T11:00:00Z', now)).toBe(
      '实际时间 2026-11-28 19:00 晚于现在：尚未发生的节点请录为「预计」或「计划」',
    );
    expect(milestoneTimeProblem('EST', '2026-12-28T11:00:00Z', now)).toBeUndefined();
  });
  it('says how an arrival moved against its plan', () => {
    expect(arrivalChange('2027-01-10T00:00:00Z', '2027-01-11T06:00:00Z')).toEqual({ hours: 30, words: '晚 30 小时' });
    expect(arrivalChange('2027-01-10T00:00:00Z', '2027-01-09T19:00:00Z')).toEqual({ hours: -5, words: '早 5 小时' });
    expect(arrivalChange('2027-01-10T00:00:00Z', '2027-01-10T00:00:00Z')?.words).toBe('准时');
    expect(arrivalChange(null, '2027-01-10T00:00:00Z')).toBeUndefined();
  });
});
