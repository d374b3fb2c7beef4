/**
 * 截单 means something: a sailing whose SI cut-off has passed is not planned, submitted or booked (422 in Chinese,
 * the message under the form's field too); the dictionary carries the rule so that the calendar greys such sailings.
 */
import { chinaDateTime } from '../../contract/shared/chinaTime';
import { cutoffsOf } from '../../contract/order/codes';
import { bookDraft, orderOf, putPrice, sailingIn, submit } from '../testing/booking';
import { createTestApp, type TestApp } from '../testing/harness';

let t: TestApp;
let user: string;
let clerk: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.addUser('cutuser', ['user']);
  await t.addUser('cutclerk', ['documentClerk']);
  [user, clerk] = await Promise.all(['cutuser', 'cutclerk'].map((n) => t.login(n)));
});
afterAll(() => t.close());

/** Sets 截单 to `hours` before the sailing, and answers a function that puts the rule back. */
async function siCutoffHours(hours: number): Promise<() => Promise<void>> {
  const rule = (await t.call('GET', '/v1/setting/bookingCutoff', { token: clerk })).json();
  const put = await t.call('PUT', '/v1/setting/bookingCutoff', {
    token: clerk,
    body: { value: { ...rule.value, siCutoffHours: hours }, version: rule.version },
  });
  expect(put.statusCode).toBe(200);
  return async () => {
    const back = await t.call('PUT', '/v1/setting/bookingCutoff', {
      token: clerk,
      body: { value: rule.value, version: rule.version + 1 },
    });
    expect(back.statusCode).toBe(200);
  };
}

it('the dictionary gives the calendar the 截单 rule', async () => {
  expect((await t.call('GET', '/v1/osbDict', { token: user })).json().siCutoffHours).toBe(72);
});

it('refuses a plan on a sailing past its 截单 with a 422 that says when it closed', async () => {
  const etd = sailingIn(2);
  const price = await putPrice(t, clerk, { sailingDate: etd });
  const response = await t.call('POST', '/v1/osbplan/', {
    token: user,
    body: { priceKey: price.key, quantity: 1, osbFactory: 'SH-GARMENT' },
  });
  const closed = chinaDateTime(cutoffsOf(etd, { siCutoffHours: 72, cyCutoffHours: 48, vgmCutoffHours: 48 }).siCutoff);
  const message = `${etd} 的船期已截单（截单 ${closed}），不能再订舱：请选择截单前的船期`;
  expect([response.statusCode, response.json()]).toEqual([
    422,
    { success: false, errorCode: 'CUTOFF_PASSED', errorMessage: message, fields: { priceKey: message } },
  ]);
});

it('refuses to submit a draft, or to book its order, once the 截单 has passed', async () => {
  const etd = sailingIn(12);
  const draft = await bookDraft(t, user, (await putPrice(t, clerk, { sailingDate: etd })).key, 1);
  const other = await submit(
    t,
    user,
    await bookDraft(t, user, (await putPrice(t, clerk, { sailingDate: etd, carrier: 'COSU' })).key, 1),
  );
  const order = await orderOf(t, clerk, other.key);

  // 截单 two weeks before the sailing: it has passed for both.
  const restore = await siCutoffHours(14 * 24);
  const submitted = await t.call('PUT', `/v1/osbplan/${draft.key}`, {
    token: user,
    body: { status: 'SUBMITTED', version: draft.version },
  });
  expect([submitted.statusCode, submitted.json().errorCode, Object.keys(submitted.json().fields)]).toEqual([
    422,
    'CUTOFF_PASSED',
    ['status'],
  ]);
  const booked = await t.call('PATCH', `/v1/osbOrder/${order.key}`, {
    token: clerk,
    body: { action: 'book', carrierBookingNo: 'BK-LATE', vessel: 'V', voyage: '1', version: order.version },
  });
  expect([booked.statusCode, booked.json().errorCode, Object.keys(booked.json().fields)]).toEqual([
    422,
    'CUTOFF_PASSED',
    ['etd'],
  ]);
  // The carrier moved the sailing three weeks on: booked on the new ETD, whose 截单 is still ahead.
  const moved = await t.call('PATCH', `/v1/osbOrder/${order.key}`, {
    token: clerk,
    body: { action: 'book', carrierBookingNo: 'BK-MOVED', vessel: 'V', voyage: '1', etd: sailingIn(33), version: order.version },
  });
  expect([moved.statusCode, moved.json().status]).toEqual([200, 'BOOKED']);
  await restore();
  // Nothing of the refused moves was written.
  expect((await t.call('GET', `/v1/osbplan/${draft.key}`, { token: user })).json()).toMatchObject({
    status: 'DRAFT',
    version: draft.version,
  });
});
