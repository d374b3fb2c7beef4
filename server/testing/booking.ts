/** Booking in tests: prices put by the clerk, plans booked from them, submitted and booked with the carrier. */
import type { Order } from '../../contract/order/schema';
import type { Plan } from '../../contract/plan/schema';
import { addDays, chinaToday } from '../../contract/plan/codes';
import type { Price, PriceInput } from '../../contract/price/schema';
import type { TestApp } from './harness';

/** A sailing `days` from today (China's date). */
export const sailingIn = (days: number) => addDays(chinaToday(), days);

let nextDay = 10;
/** A price input of a sailing of its own (a new day each call unless told). */
export function priceInput(overrides: Partial<PriceInput> = {}): PriceInput {
  nextDay += 1;
  return {
    carrier: 'MAEU',
    pol: 'CNSHA',
    pod: 'USLAX',
    containerType: '40HQ',
    sailingDate: sailingIn(nextDay),
    amount: 2000,
    currency: 'USD',
    space: 'ample',
    transitDays: 14,
    ...overrides,
  };
}

export async function putPrice(t: TestApp, clerk: string, overrides: Partial<PriceInput> = {}): Promise<Price> {
  const response = await t.call('PUT', '/v1/osbPrice', { token: clerk, body: { prices: [priceInput(overrides)] } });
  if (response.statusCode !== 200) throw new Error(`PUT /v1/osbPrice: ${response.statusCode} ${response.body}`);
  return response.json()[0];
}

export async function bookDraft(t: TestApp, user: string, priceKey: string, quantity = 2): Promise<Plan> {
  const response = await t.call('POST', '/v1/osbplan/', {
    token: user,
    body: { priceKey, quantity, osbFactory: 'SH-GARMENT' },
  });
  if (response.statusCode !== 201) throw new Error(`POST /v1/osbplan/: ${response.statusCode} ${response.body}`);
  return response.json();
}

export async function submit(t: TestApp, user: string, plan: Plan): Promise<Plan> {
  const response = await t.call('PUT', `/v1/osbplan/${plan.key}`, {
    token: user,
    body: { status: 'SUBMITTED', version: plan.version },
  });
  if (response.statusCode !== 200) throw new Error(`submit: ${response.statusCode} ${response.body}`);
  return response.json();
}

export async function orderOf(t: TestApp, clerk: string, planKey: string): Promise<Order> {
  const response = await t.call('GET', `/v1/osbOrder?planKey=${planKey}`, { token: clerk });
  return response.json().data[0];
}

/** A confirmed plan: drafted, submitted and booked by the clerk. */
export async function confirmedPlan(t: TestApp, user: string, clerk: string, price: Price, quantity = 2) {
  const plan = await submit(t, user, await bookDraft(t, user, price.key, quantity));
  const order = await orderOf(t, clerk, plan.key);
  const response = await t.call('PATCH', `/v1/osbOrder/${order.key}`, {
    token: clerk,
    body: {
      action: 'book',
      carrierBookingNo: `BK${plan.key}`,
      vessel: 'MAERSK EINDHOVEN',
      voyage: '648E',
      version: order.version,
    },
  });
  if (response.statusCode !== 200) throw new Error(`book: ${response.statusCode} ${response.body}`);
  const detail = await t.call('GET', `/v1/osbplan/${plan.key}`, { token: user });
  return { plan: detail.json() as Plan, order: response.json() as Order };
}
