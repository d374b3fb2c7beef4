import { TOKEN_KEY } from './authority';
import { navigatedTo, sendNow, takeSentAhead } from './callsAhead';

const answer = { ok: true } as unknown as Response;
let fetchSpy: jest.Mock;
beforeEach(() => {
  localStorage.setItem(TOKEN_KEY, 'token-1');
  fetchSpy = jest.fn(() => Promise.resolve(answer));
  global.fetch = fetchSpy as unknown as typeof fetch;
});
afterEach(() => jest.useRealTimers());

it('sends the reads of a page’s last visit as the app navigates to it, once each, to the same address in any order', async () => {
  navigatedTo('/shipment/packing');
  expect(takeSentAhead('/v1/packing/bulkdata?current=1&pageSize=20')).toBeUndefined();
  expect(takeSentAhead('/v1/factories')).toBeUndefined();
  navigatedTo('/shipment');
  expect(fetchSpy).not.toHaveBeenCalled();

  navigatedTo('/shipment/packing');
  expect(fetchSpy.mock.calls.map(([url]) => url)).toEqual(['/v1/packing/bulkdata?current=1&pageSize=20', '/v1/factories']);
  expect(fetchSpy.mock.calls[0][1]).toMatchObject({ headers: { Authorization: 'Bearer token-1' } });
  await expect(takeSentAhead('/v1/packing/bulkdata?pageSize=20&current=1')).resolves.toBe(answer);
  expect(takeSentAhead('/v1/packing/bulkdata?current=1&pageSize=20')).toBeUndefined();
  // Another page of the list is not the one sent ahead.
  expect(takeSentAhead('/v1/packing/bulkdata?current=2&pageSize=20')).toBeUndefined();
});

it('drops an answer nobody took within five seconds, and what a navigation elsewhere left', () => {
  jest.useFakeTimers({ now: new Date('2026-11-25T10:00:00Z') });
  navigatedTo('/osb/order');
  takeSentAhead('/v1/osbOrder?current=1&pageSize=20');
  navigatedTo('/osb/order');
  jest.setSystemTime(new Date('2026-11-25T10:00:06Z'));
  expect(takeSentAhead('/v1/osbOrder?current=1&pageSize=20')).toBeUndefined();

  navigatedTo('/osb/order');
  navigatedTo('/shipment');
  expect(takeSentAhead('/v1/osbOrder?current=1&pageSize=20')).toBeUndefined();
});

it('learns only the first moment of a visit, and sends nothing signed out', () => {
  jest.useFakeTimers({ now: new Date('2026-11-25T10:00:00Z') });
  navigatedTo('/osb/plan');
  jest.setSystemTime(new Date('2026-11-25T10:00:02Z'));
  takeSentAhead('/v1/osbplan?current=2&pageSize=20');
  navigatedTo('/osb/plan');
  expect(fetchSpy).not.toHaveBeenCalled();

  navigatedTo('/osb/calendar');
  takeSentAhead('/v1/osbPrice?month=2026-11');
  localStorage.removeItem(TOKEN_KEY);
  navigatedTo('/osb/calendar');
  expect(fetchSpy).not.toHaveBeenCalled();
});

it('sends a read at once for the call that follows, once however often it is asked, and nothing signed out', async () => {
  sendNow('/v1/bol?current=1&pageSize=20');
  sendNow('/v1/bol?pageSize=20&current=1');
  expect(fetchSpy.mock.calls.map(([url]) => url)).toEqual(['/v1/bol?current=1&pageSize=20']);
  await expect(takeSentAhead('/v1/bol?current=1&pageSize=20')).resolves.toBe(answer);
  expect(takeSentAhead('/v1/bol?current=1&pageSize=20')).toBeUndefined();

  localStorage.removeItem(TOKEN_KEY);
  sendNow('/v1/osbplan?current=1&pageSize=20');
  expect(fetchSpy).toHaveBeenCalledTimes(1);
});

it('lets go of an answer nobody took: its body is cancelled, at the next navigation or after five seconds', async () => {
  jest.useFakeTimers();
  const cancel = jest.fn(() => Promise.resolve());
  fetchSpy.mockImplementation(() => Promise.resolve({ ok: true, body: { cancel } } as unknown as Response));
  sendNow('/v1/factories');
  sendNow('/v1/sizeGroup');
  navigatedTo('/tools/colorStickers');
  await Promise.resolve();
  expect(cancel).toHaveBeenCalledTimes(2);

  sendNow('/v1/factories');
  jest.advanceTimersByTime(5_000);
  await Promise.resolve();
  expect(cancel).toHaveBeenCalledTimes(3);
  expect(takeSentAhead('/v1/factories')).toBeUndefined();
});
