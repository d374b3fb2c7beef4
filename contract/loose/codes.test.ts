import { differenceText, receiveProblems } from './codes';

describe('a carton difference in words', () => {
  it('says 少 / 多 and never a signed number', () => {
    expect([differenceText(-2), differenceText(1), differenceText(0)]).toEqual(['少 2 箱', '多 1 箱', '无差异']);
  });
  it('asks for the note in the same words', () => {
    const handover = { cartonCount: 10, cartonsHandedOver: 8, differenceNote: '', needleCheckedAt: new Date() };
    expect(receiveProblems(handover)).toEqual({ differenceNote: '交接箱数比订舱少 2 箱，请填写差异说明' });
  });
});
