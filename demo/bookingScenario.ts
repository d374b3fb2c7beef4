/**
 * The demo booking, step by step: for a demo customer a plan in every state (one with a change waiting, one with a
 * change approved), and two confirmed plans each loaded with a waiting line to a port the customer has goods for
 * and put on a bill of lading — one waiting for the customer's confirmation, one issued and released by telex,
 * whose customs declaration handover waits for its last document. The goods for the default lane's port stay
 * waiting, for the consolidation hall.
 *
 * The steps are the API's calls; `DemoBookingCalls` carries them out. The server plays them through its domain
 * functions on first start (server/domain/demo/booking.ts), the umi mock through its handlers (mock/_seed.ts), so
 * `npm start` and `npm run dev` show the same plans, orders, boxes, B/Ls and handovers.
 */
import type { BulkLoad } from '../contract/packing/schema';
import type { BodyOf } from '../contract/shared/endpoint';
import type { bolEndpoints } from '../contract/bol/schema';
import { iso6346CheckDigit } from '../contract/container/codes';
import { dischargeOf, lineLoadRefusal, type LoadCandidate } from '../contract/shared/consolidation';
import type { declarationEndpoints } from '../contract/declaration/schema';
import type { orderEndpoints } from '../contract/order/schema';
import type { planEndpoints } from '../contract/plan/schema';
import type { Port } from '../contract/setting/codes';
import type { tntEndpoints } from '../contract/tnt/schema';
import { addDays } from '../contract/plan/codes';

/** A bookable sailing: its price key and what the steps choose by. */
export interface DemoSailing {
  key: string;
  carrier: string;
  pol: string;
  pod: string;
  etd: string;
}
interface Versioned {
  key: string;
  version: number;
}
type Who = 'customer' | 'clerk';

/** The calls the steps make, as the customer or the clerk the demo plays. */
export interface DemoBookingCalls {
  /** Sailings ten days ahead or later and not full, by date, port of loading, type and carrier (at most 400). */
  sailings(): Promise<DemoSailing[]>;
  ports(): Promise<{ ports: Port[]; defaultPod: string }>;
  /** The customer's 多品 lines waiting to be consolidated, by key. */
  waitingLines(): Promise<(LoadCandidate & Versioned)[]>;
  createPlan(body: BodyOf<typeof planEndpoints.create>): Promise<Versioned>;
  updatePlan(key: string, body: BodyOf<typeof planEndpoints.update>): Promise<Versioned>;
  orderOfPlan(planKey: string): Promise<Versioned>;
  patchOrder(key: string, body: BodyOf<typeof orderEndpoints.patch>): Promise<unknown>;
  requestChange(planKey: string, body: BodyOf<typeof planEndpoints.requestChange>): Promise<Versioned>;
  decideChange(key: string, body: BodyOf<typeof planEndpoints.decideChange>): Promise<unknown>;
  addContainer(planKey: string, body: { containerNo: string; sealNo: string }): Promise<Versioned>;
  loadLines(body: BulkLoad): Promise<unknown>;
  createBol(body: { containerKeys: string[] }): Promise<Versioned>;
  updateBol(key: string, body: BodyOf<typeof bolEndpoints.update>): Promise<Versioned>;
  patchBol(who: Who, key: string, body: BodyOf<typeof bolEndpoints.patch>): Promise<Versioned & { etd: string }>;
  createDeclaration(orderKey: string): Promise<Versioned & { lines: DemoDeclarationLine[] }>;
  updateDeclaration(key: string, body: BodyOf<typeof declarationEndpoints.update>): Promise<unknown>;
  enterMilestone(body: BodyOf<typeof tntEndpoints.enter>): Promise<unknown>;
}
type DemoDeclarationLine = { name: string; qty: number; unit: string };

/** The sailings the scenario books from, of a calendar's prices: as `DemoBookingCalls.sailings` answers them. */
export function bookableSailings(
  prices: readonly {
    key: string;
    carrier: string;
    pol: string;
    pod: string;
    containerType: string;
    sailingDate: string;
    space: string;
  }[],
  today: string,
): DemoSailing[] {
  return prices
    .filter((price) => price.sailingDate >= addDays(today, 10) && price.space !== 'full')
    .sort(
      (a, b) =>
        a.sailingDate.localeCompare(b.sailingDate) ||
        a.pol.localeCompare(b.pol) ||
        a.containerType.localeCompare(b.containerType) ||
        a.carrier.localeCompare(b.carrier),
    )
    .slice(0, 400)
    .map((price) => ({ key: price.key, carrier: price.carrier, pol: price.pol, pod: price.pod, etd: price.sailingDate }));
}

/** A demo container number of its own: `SDMU` and a serial, with its ISO 6346 check digit. */
export const demoContainerNo = (serial: number) => {
  const first10 = `SDMU${String(serial).padStart(6, '0')}`;
  return `${first10}${iso6346CheckDigit(first10)}`;
};

const consignee = { name: 'HANSEATIC FASHION GMBH', address: ['GROSSE ELBSTRASSE 145', '22767 HAMBURG, GERMANY'] };

/** Plays the demo booking through `calls`; `today` is China's date. Answers false when there is no sailing to book. */
export async function playDemoBooking(calls: DemoBookingCalls, today: string): Promise<boolean> {
  const sailings = await calls.sailings();
  if (!sailings.length) return false;
  const pick = (i: number) => sailings[(i * 37) % sailings.length];

  const draft = (i: number, quantity: number, sailing = pick(i)) =>
    calls.createPlan({ priceKey: sailing.key, quantity, osbFactory: 'SH-GARMENT', remark: '' });
  const submitted = async (i: number, quantity: number, sailing = pick(i)) => {
    const plan = await draft(i, quantity, sailing);
    return calls.updatePlan(plan.key, { status: 'SUBMITTED', version: plan.version });
  };
  const confirmed = async (i: number, quantity: number, sailing = pick(i)) => {
    const plan = await submitted(i, quantity, sailing);
    const order = await calls.orderOfPlan(plan.key);
    await calls.patchOrder(order.key, {
      action: 'book',
      carrierBookingNo: `${sailing.carrier}${600_000 + i * 1_379}`,
      vessel: 'EVER GIVEN',
      voyage: `${600 + i}E`,
      version: order.version,
    });
    return { key: plan.key, version: plan.version + 1, pod: sailing.pod };
  };

  await draft(1, 2);
  await submitted(2, 1);
  const rejected = await submitted(3, 3);
  const rejectedOrder = await calls.orderOfPlan(rejected.key);
  await calls.patchOrder(rejectedOrder.key, {
    action: 'reject',
    reason: '该船期舱位已被船公司收回',
    version: rejectedOrder.version,
  });
  const cancelled = await draft(4, 1);
  await calls.updatePlan(cancelled.key, { status: 'CANCELLED', reason: '客户订单取消', version: cancelled.version });
  // Ports the customer has goods waiting for: two lines of one are shipped below (`shipping`), and 已订舱 with room
  // goes to another (or to the same one, with a line left): whatever the day's sailings, a plan takes waiting goods.
  const { ports, defaultPod } = await calls.ports();
  const waiting = await calls.waitingLines();
  const loadableTo = (pod: string) => waiting.filter((line) => !lineLoadRefusal(line, dischargeOf(ports, pod)));
  const shipping = sailings.find((sailing) => sailing.pod !== defaultPod && loadableTo(sailing.pod).length >= 2);
  const withRoom =
    sailings.find((sailing) => sailing.pod !== shipping?.pod && loadableTo(sailing.pod).length > 0) ??
    (shipping && loadableTo(shipping.pod).length > 2 ? shipping : pick(5));
  await confirmed(5, 2, withRoom);
  const changed = await confirmed(6, 2);
  await calls.requestChange(changed.key, {
    changeType: 'quantity',
    quantity: 3,
    reason: '追加订单，多出一柜货',
    version: changed.version,
  });
  const approved = await confirmed(7, 4);
  const change = await calls.requestChange(approved.key, {
    changeType: 'quantity',
    quantity: 3,
    reason: '部分货物改走散货',
    version: approved.version,
  });
  await calls.decideChange(change.key, { decision: 'approve', comment: '已与船公司确认', version: change.version });

  // 装柜中 with a B/L waiting for the customer, and 已出运 with its B/L released: to that port.
  if (!shipping) return true;
  const [first, second] = loadableTo(shipping.pod);
  for (const [i, line, to] of [
    [8, first, 'PENDING_APPROVAL'],
    [9, second, 'RELEASED'],
  ] as const) {
    const plan = await confirmed(i, 1, shipping);
    await ship(calls, { planKey: plan.key, line, serial: i, to, today, pol: shipping.pol });
    if (to === 'RELEASED') await declare(calls, plan.key);
  }
  return true;
}

/**
 * The released B/L's box as the clerk records it: picked up empty three days ago, stuffed and gated in two days ago,
 * loaded yesterday evening at the port of loading (China's clock; actual times are never ahead of now).
 */
async function containerMoves(calls: DemoBookingCalls, planKey: string, containerNo: string, pol: string, today: string) {
  const day = (offset: number) => addDays(today, offset);
  const moves = [
    ['GTOT', day(-3), '09:00'],
    ['STUF', day(-2), '10:30'],
    ['GTIN', day(-2), '16:00'],
    ['LOAD', day(-1), '21:30'],
  ] as const;
  for (const [code, date, time] of moves) {
    await calls.enterMilestone({
      planKey,
      eventType: 'EQUIPMENT',
      code,
      classifier: 'ACT',
      eventDateTime: `${date}T${time}:00+08:00`,
      location: pol,
      equipmentReference: containerNo,
    });
  }
}

/** Loads the line into a new box of the confirmed plan and takes its B/L to the customer, or on to released. */
async function ship(
  calls: DemoBookingCalls,
  {
    planKey,
    line,
    serial,
    to,
    today,
    pol,
  }: { planKey: string; line: Versioned; serial: number; to: string; today: string; pol: string },
) {
  const containerNo = demoContainerNo(serial);
  const box = await calls.addContainer(planKey, { containerNo, sealNo: `SD${serial}0417` });
  await calls.loadLines({ keys: [line.key], versions: { [line.key]: line.version }, containerKey: box.key });
  let bol = await calls.createBol({ containerKeys: [box.key] });
  bol = await calls.updateBol(bol.key, {
    consignee,
    notifyParty: { name: 'SAME AS CONSIGNEE', address: [] },
    hsCode: '6203420000',
    version: bol.version,
  });
  const act = async (who: Who, body: Omit<BodyOf<typeof bolEndpoints.patch>, 'version' | 'comment'>) =>
    (bol = await calls.patchBol(who, bol.key, { ...body, comment: '', version: bol.version } as BodyOf<
      typeof bolEndpoints.patch
    >));
  await act('clerk', { action: 'submit' });
  if (to === 'PENDING_APPROVAL') return;
  await act('customer', { action: 'approve' });
  await containerMoves(calls, planKey, containerNo, pol, today);
  // Issued once loaded: the on-board date is the recorded load's.
  await act('clerk', { action: 'issue' });
  await act('clerk', { action: 'release', releaseType: 'TELEX' });
}

/** The customs declaration handover of the plan's order, filled in but for 申报要素, so still 待交接. */
async function declare(calls: DemoBookingCalls, planKey: string) {
  const order = await calls.orderOfPlan(planKey);
  const declaration = await calls.createDeclaration(order.key);
  await calls.updateDeclaration(declaration.key, {
    documents: { contract: true, invoice: true, packingList: true, powerOfAttorney: true, declarationElements: false },
    contractNo: 'SC-2026-0318',
    invoiceNo: 'INV-2026-0318',
    broker: '宁波港报关有限公司',
    lines: declaration.lines.map(({ name, qty, unit }) => ({ name, qty, unit, hsCode: '6203420000', unitPrice: 4.6 })),
    version: declaration.version,
  });
}
