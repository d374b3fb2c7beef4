/** Goods for the scan tests, made through the API as the demo accounts: lines passed at needle inspection, a box. */
import type { BulkLine, BulkType } from '../../contract/packing/schema';
import type { Container } from '../../contract/container/schema';
import type { Factory, SizeGroup } from '../../contract/lookup/schema';
import type { Order } from '../../contract/order/schema';
import type { Plan } from '../../contract/plan/schema';
import { addDays, chinaToday } from '../../contract/plan/codes';
import type { Price } from '../../contract/price/schema';
import type { StickerSheet } from '../../contract/sticker/schema';
import { api, demoToken } from './support';

/** The PUT body of `line` as it is (every figure it was made with), for a test to change one of them. */
export function lineBody(line: BulkLine) {
  const names = ['odgItemNo', 'poNo', 'styleNo', 'colour', 'factoryCode', 'sizeGroup', 'sizeBreakdown', 'packType'] as const;
  const figures = [
    'cartonFrom',
    'cartonTo',
    'nwPerCtn',
    'gwPerCtn',
    'ctnL',
    'ctnW',
    'ctnH',
    'destination',
    'exFactoryDate',
  ] as const;
  return { ...Object.fromEntries([...names, ...figures].map((name) => [name, line[name]])), version: line.version };
}

/** A line of the demo customer of `poNo`, `cartonFrom`…`cartonTo`, 4 pieces a carton. */
export async function createLine(
  type: BulkType,
  poNo: string,
  cartonFrom: number,
  cartonTo: number,
  destination = 'Hamburg',
): Promise<BulkLine> {
  const token = await demoToken('user');
  const [factory] = (await api<Factory[]>('GET', '/v1/factories', undefined, token)).data;
  const [group] = (await api<SizeGroup[]>('GET', '/v1/sizeGroup', undefined, token)).data;
  const created = await api<BulkLine>(
    'POST',
    `/v1/packing/${type}/bulkdata`,
    {
      ...{ odgItemNo: 'ODG-E2E-SCAN', poNo, styleNo: 'SC-TEE', colour: 'NAVY', factoryCode: factory.code },
      ...{ sizeGroup: group.code, sizeBreakdown: { [group.sizes[0]]: 4 }, packType: 'SCSS', cartonFrom, cartonTo },
      ...{ nwPerCtn: 5, gwPerCtn: 6, ctnL: 50, ctnW: 40, ctnH: 30, destination, exFactoryDate: '2026-12-01' },
    },
    token,
  );
  expect(created.status).toBe(201);
  return created.data;
}

/** The lines passed at needle inspection (全检) by the demo inspector: they wait to be booked (待拼柜). */
export async function pass(lines: BulkLine[]): Promise<BulkLine[]> {
  const inspector = await demoToken('inspector');
  const detectorId = `E2E-${lines[0].key.slice(-4)}`;
  expect((await api('POST', '/v1/inspection/calibration', { detectorId, sensitivityFeMm: 1 }, inspector)).status).toBe(201);
  const qty = lines.reduce((sum, line) => sum + line.totalQty, 0);
  const inspected = await api(
    'POST',
    '/v1/inspection',
    {
      lineKeys: lines.map((line) => line.key),
      versions: Object.fromEntries(lines.map((line) => [line.key, line.version])),
      ...{ mode: 'full', detectorId, inspectedQty: qty, passedQty: qty, alarmQty: 0, result: 'pass' },
    },
    inspector,
  );
  expect(inspected.status).toBe(201);
  const user = await demoToken('user');
  return Promise.all(
    lines.map(async (line) => (await api<BulkLine>('GET', `/v1/packing/bulkdata/${line.key}`, undefined, user)).data),
  );
}

/** A draft plan of the demo customer, 40HQ × 1 from Shanghai to `pod` on MAEU's sailing in `days` days (priced now). */
export async function draftPlan(pod: string, days: number): Promise<Plan> {
  const [user, clerk] = [await demoToken('user'), await demoToken('clerk')];
  const price = {
    ...{ carrier: 'MAEU', pol: 'CNSHA', pod, containerType: '40HQ', sailingDate: addDays(chinaToday(), days) },
    ...{ amount: 2000, currency: 'USD', space: 'ample', transitDays: 14 },
  };
  // The demo's sailings may already hold one that day: it is changed then, with its version.
  const query = `pol=CNSHA&pod=${pod}&containerType=40HQ&month=${price.sailingDate.slice(0, 7)}`;
  const shown = await api<{ data: Price[] }>('GET', `/v1/osbPrice?${query}`, undefined, user);
  const same = shown.data.data.find((one) => one.carrier === price.carrier && one.sailingDate === price.sailingDate);
  const priced = await api<Price[]>(
    'PUT',
    '/v1/osbPrice',
    { prices: [same ? { ...price, version: same.version } : price] },
    clerk,
  );
  expect(priced.status).toBe(200);
  const drafted = await api<Plan>(
    'POST',
    '/v1/osbplan/',
    { priceKey: priced.data[0].key, quantity: 1, osbFactory: 'SH-GARMENT' },
    user,
  );
  expect([drafted.status, drafted.data]).toEqual([201, expect.objectContaining({ status: 'DRAFT' })]);
  return drafted.data;
}

/** A plan of the demo customer to `pod`, sailing in `days` days, submitted and booked by the clerk: its order. */
export async function bookedOrder(pod: string, days: number): Promise<Order> {
  const [user, clerk] = [await demoToken('user'), await demoToken('clerk')];
  const draft = await draftPlan(pod, days);
  const submitted = await api('PUT', `/v1/osbplan/${draft.key}`, { status: 'SUBMITTED', version: draft.version }, user);
  expect([submitted.status, submitted.data]).toEqual([200, expect.anything()]);
  const [order] = (await api<{ data: Order[] }>('GET', `/v1/osbOrder?planKey=${draft.key}`, undefined, clerk)).data.data;
  const booked = await api<Order>(
    'PATCH',
    `/v1/osbOrder/${order.key}`,
    { action: 'book', carrierBookingNo: `BK${draft.key}`, vessel: 'MAERSK EINDHOVEN', voyage: '648E', version: order.version },
    clerk,
  );
  expect(booked.status).toBe(200);
  return booked.data;
}

/** A box of a plan the clerk booked, to `pod`, sailing in 30 days. */
export async function confirmedBox(pod: string): Promise<Container> {
  const user = await demoToken('user');
  const order = await bookedOrder(pod, 30);
  const box = await api<Container>('POST', `/v1/osbplan/${order.planKey}/container`, {}, user);
  expect(box.status).toBe(201);
  return box.data;
}

/** The SSCCs of a PO's cartons, by carton number, as its stickers print them. */
export async function ssccsOf(poNo: string): Promise<Map<number, string>> {
  const sheet = (
    await api<StickerSheet>('GET', `/v1/stickers?poNo=${encodeURIComponent(poNo)}`, undefined, await demoToken('user'))
  ).data;
  return new Map(sheet.stickers.map((sticker) => [sticker.cartonNo, sticker.sscc]));
}
