/** 订舱 API: dictionaries, the price calendar, plans through their lifecycle, and the clerk's orders. */
import ExcelJS from 'exceljs';
import { and, count, eq } from 'drizzle-orm';
import { orderEndpoints } from '../../contract/order/schema';
import { planEndpoints, planStatuses, type Plan } from '../../contract/plan/schema';
import { priceEndpoints, priceSheetColumns, priceFieldLabels } from '../../contract/price/schema';
import { settingEndpoints } from '../../contract/setting/schema';
import { auditLog, notices, osbOrders, osbPlans, osbPrices, users } from '../db/schema';
import { bookDraft, confirmedPlan, orderOf, priceInput, putPrice, sailingIn, submit } from '../testing/booking';
import { createTestApp, type TestApp } from '../testing/harness';
import { multipartFile } from '../testing/upload';

let t: TestApp;
let user: string;
let user2: string;
let clerk: string;
let inspector: string;
let clerkId: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.addUser('bkuser', ['user'], { realName: '王客户' });
  await t.addUser('bkuser2', ['user']);
  clerkId = await t.addUser('bkclerk', ['documentClerk'], { realName: '李单证' });
  await t.addUser('bkinspector', ['inspector']);
  [user, user2, clerk, inspector] = await Promise.all(['bkuser', 'bkuser2', 'bkclerk', 'bkinspector'].map((n) => t.login(n)));
});
afterAll(() => t.close());

const rowsOf = async (table: typeof osbPlans | typeof osbPrices | typeof osbOrders) =>
  (await t.app.db.select({ n: count() }).from(table))[0].n;

describe('dictionaries', () => {
  it('answers ports, carriers, container types with capacities, change types and the OSB factories', async () => {
    const dict = await t.call('GET', '/v1/osbDict', { token: inspector });
    expect(settingEndpoints.dict.response.parse(dict.json())).toMatchObject({
      containerTypes: expect.arrayContaining([
        { type: '40HQ', cbm: 68, payloadKg: 26540, innerMm: { length: 12032, width: 2352, height: 2698 } },
      ]),
      changeTypes: expect.arrayContaining([{ value: 'quantity', label: '数量' }]),
    });
    expect(dict.json().ports).toContainEqual({ code: 'CNSHA', name: '上海', enName: 'Shanghai' });
    const factories = await t.call('GET', '/v1/osbFactory', { token: user });
    expect(factories.json()).toContainEqual(
      expect.objectContaining({ code: 'SH-GARMENT', name: '上海东方制衣厂', city: '上海' }),
    );
  });

  it('keeps a dictionary whole: a repeated code is a 422 and nothing changes', async () => {
    const before = (await t.call('GET', '/v1/setting/carriers', { token: clerk })).json();
    const value = [...before.value, { scac: 'MAEU', name: '重复' }];
    const response = await t.call('PUT', '/v1/setting/carriers', { token: clerk, body: { value, version: before.version } });
    expect(response.statusCode).toBe(422);
    expect((await t.call('GET', '/v1/setting/carriers', { token: clerk })).json().version).toBe(before.version);
  });
});

describe('price calendar', () => {
  it('lets the clerk put prices and answers a lane’s month with its cheapest bookable sailing', async () => {
    const month = sailingIn(40).slice(0, 7);
    const day = (n: number) => `${month}-${String(n).padStart(2, '0')}`;
    const lane = { pol: 'CNNGB', pod: 'DEHAM', containerType: '40GP' as const };
    const put = await t.call('PUT', '/v1/osbPrice', {
      token: clerk,
      body: {
        prices: [
          priceInput({ ...lane, sailingDate: day(3), amount: 1900, space: 'full' }),
          priceInput({ ...lane, sailingDate: day(10), amount: 2100 }),
          priceInput({ ...lane, sailingDate: day(17), amount: 2050, carrier: 'CMDU', space: 'tight' }),
          priceInput({ ...lane, sailingDate: day(24), amount: 2050 }),
        ],
      },
    });
    expect(put.statusCode).toBe(200);
    const answer = await t.call('GET', `/v1/osbPrice?pol=CNNGB&pod=DEHAM&containerType=40GP&month=${month}`, { token: user });
    const body = priceEndpoints.month.response.parse(answer.json());
    expect(body.data.map((p) => p.sailingDate)).toEqual([day(3), day(10), day(17), day(24)]);
    // The full sailing is cheaper but cannot be booked; of two equal prices the earlier wins.
    expect(body.data.find((p) => p.key === body.cheapestKey)?.sailingDate).toBe(day(17));
  });

  it('refuses a month (400) or a sailing date (422) outside 2000–2100, naming the field, not a 500', async () => {
    for (const month of ['0000-01', '1999-12', '2101-01', '9999-12']) {
      const answer = await t.call('GET', `/v1/osbPrice?pol=CNSHA&pod=USLAX&containerType=40HQ&month=${month}`, { token: user });
      expect([month, answer.statusCode, answer.json().fields]).toEqual([
        month,
        400,
        { month: expect.stringContaining('2000-01') },
      ]);
    }
    const answer = await t.call('PUT', '/v1/osbPrice', {
      token: clerk,
      body: { prices: [priceInput({ sailingDate: '0000-01-01' }), priceInput({ sailingDate: '9999-12-31' })] },
    });
    expect(answer.statusCode).toBe(422);
    expect(Object.keys(answer.json().fields)).toEqual(['prices.0.sailingDate', 'prices.1.sailingDate']);
  });

  it('refuses the customer and the inspector a price change, unknown ports and carriers, and a stale version', async () => {
    expect((await t.call('PUT', '/v1/osbPrice', { token: user, body: { prices: [priceInput()] } })).statusCode).toBe(403);
    expect((await t.call('PUT', '/v1/osbPrice', { token: inspector, body: { prices: [priceInput()] } })).statusCode).toBe(403);
    const before = await rowsOf(osbPrices);
    const unknown = await t.call('PUT', '/v1/osbPrice', {
      token: clerk,
      body: { prices: [priceInput(), priceInput({ carrier: 'ZZZZ', pod: 'CNSHA' })] },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().fields).toEqual({
      'prices.1.carrier': '船公司 ZZZZ 不在船公司字典中',
      'prices.1.pod': '目的港不能与起运港相同',
    });
    expect(await rowsOf(osbPrices)).toBe(before);

    const price = await putPrice(t, clerk);
    const { key: _key, version, updatedAt: _at, ...fields } = price;
    const again = { ...fields, amount: 2500, version };
    expect((await t.call('PUT', '/v1/osbPrice', { token: clerk, body: { prices: [again] } })).statusCode).toBe(200);
    const stale = await t.call('PUT', '/v1/osbPrice', { token: clerk, body: { prices: [{ ...again, amount: 9 }] } });
    expect(stale.statusCode).toBe(409);
    const unversioned = await t.call('PUT', '/v1/osbPrice', { token: clerk, body: { prices: [{ ...fields, amount: 9 }] } });
    expect(unversioned.statusCode).toBe(409);
    const [row] = await t.app.db.select().from(osbPrices).where(eq(osbPrices.key, price.key));
    expect([row.amount, row.version]).toEqual([2500, version + 1]);
    const audits = await t.app.db.select().from(auditLog).where(eq(auditLog.entityKey, price.key));
    expect(audits).toHaveLength(2);
  });

  async function workbook(rows: unknown[][]) {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('运价');
    sheet.addRow(priceSheetColumns.map((field) => priceFieldLabels[field]));
    for (const row of rows) sheet.addRow(row);
    return multipartFile(Buffer.from(await book.xlsx.writeBuffer()), { filename: 'prices.xlsx' });
  }
  const sheetRow = (date: string, overrides: Record<number, unknown> = {}) => {
    const row: unknown[] = ['CNSZX', 'AUSYD', '20GP', 'COSU', date, 1500, 'USD', '紧张', 12, null];
    for (const [at, value] of Object.entries(overrides)) row[Number(at)] = value;
    return row;
  };

  it('imports a workbook all or nothing, listing every bad row', async () => {
    const before = await rowsOf(osbPrices);
    const bad = await workbook([sheetRow(sailingIn(5)), sheetRow(sailingIn(6), { 3: 'ZZZZ' }), sheetRow('明天', { 5: -1 })]);
    const refused = await t.call('POST', '/v1/osbPrice/import', { token: clerk, ...bad, body: bad.payload });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().rows.map((r: { row: number }) => r.row)).toEqual([3, 4, 4]);
    expect(await rowsOf(osbPrices)).toBe(before);

    const good = await workbook([sheetRow(sailingIn(5)), sheetRow(sailingIn(6), { 7: '满舱' })]);
    const imported = await t.call('POST', '/v1/osbPrice/import', { token: clerk, ...good, body: good.payload });
    expect(imported.statusCode).toBe(201);
    expect(imported.json()).toEqual({ success: true, imported: 2, updated: 0 });
    const replaced = await workbook([sheetRow(sailingIn(5), { 5: 1400 })]);
    const again = await t.call('POST', '/v1/osbPrice/import', { token: clerk, ...replaced, body: replaced.payload });
    expect(again.json()).toEqual({ success: true, imported: 1, updated: 1 });
    const [row] = await t.app.db
      .select()
      .from(osbPrices)
      .where(and(eq(osbPrices.pod, 'AUSYD'), eq(osbPrices.sailingDate, sailingIn(5))));
    expect([row.amount, row.space]).toEqual([1400, 'tight']);
  });
});

describe('booking plans', () => {
  it('books a draft at the price of that moment, which later prices do not move', async () => {
    const price = await putPrice(t, clerk, { amount: 1800 });
    const plan = await bookDraft(t, user, price.key, 3);
    expect(planEndpoints.create.response.parse(plan)).toMatchObject({
      status: 'DRAFT',
      carrier: 'MAEU',
      etd: price.sailingDate,
      quantity: 3,
      ownerName: '王客户',
      priceSnapshot: { priceKey: price.key, amount: 1800, currency: 'USD' },
    });
    const { key: _key, version, updatedAt: _at, ...fields } = price;
    await t.call('PUT', '/v1/osbPrice', { token: clerk, body: { prices: [{ ...fields, amount: 2600, version }] } });
    const detail = (await t.call('GET', `/v1/osbplan/${plan.key}`, { token: user })).json();
    expect(detail.priceSnapshot.amount).toBe(1800);
    expect(detail.history).toEqual([expect.objectContaining({ from: null, to: 'DRAFT', actorName: '王客户' })]);
  });

  it('refuses a sailing that is past or full, and an unknown factory', async () => {
    const full = await putPrice(t, clerk, { space: 'full' });
    const past = await putPrice(t, clerk, { sailingDate: sailingIn(-2) });
    const before = await rowsOf(osbPlans);
    const refusedFull = await t.call('POST', '/v1/osbplan/', {
      token: user,
      body: { priceKey: full.key, quantity: 1, osbFactory: 'SH-GARMENT' },
    });
    expect([refusedFull.statusCode, refusedFull.json().errorMessage]).toEqual([409, '该船期不可订舱：满舱']);
    const refusedPast = await t.call('POST', '/v1/osbplan/', {
      token: user,
      body: { priceKey: past.key, quantity: 1, osbFactory: 'SH-GARMENT' },
    });
    expect(refusedPast.json().errorMessage).toBe('该船期不可订舱：船期已过');
    const factory = await t.call('POST', '/v1/osbplan/', {
      token: user,
      body: { priceKey: full.key, quantity: 1, osbFactory: 'NOPE' },
    });
    expect(factory.statusCode).toBe(422);
    expect(await rowsOf(osbPlans)).toBe(before);
  });

  it('edits a draft with its version; another customer gets a 404 and the inspector a 403', async () => {
    const plan = await bookDraft(t, user, (await putPrice(t, clerk)).key);
    const edited = await t.call('PUT', `/v1/osbplan/${plan.key}`, { token: user, body: { quantity: 5, version: plan.version } });
    expect(edited.json()).toMatchObject({ quantity: 5, version: plan.version + 1 });
    const stale = await t.call('PUT', `/v1/osbplan/${plan.key}`, { token: user, body: { quantity: 6, version: plan.version } });
    expect(stale.statusCode).toBe(409);
    for (const [method, url, body] of [
      ['GET', `/v1/osbplan/${plan.key}`, undefined],
      ['PUT', `/v1/osbplan/${plan.key}`, { quantity: 1, version: plan.version + 1 }],
      ['DELETE', `/v1/osbplan/${plan.key}`, { version: plan.version + 1 }],
    ] as const) {
      const response = await t.call(method, url, { token: user2, body });
      expect([method, response.statusCode, response.json().errorMessage]).toEqual([method, 404, '订舱计划不存在']);
    }
    expect((await t.call('GET', `/v1/osbplan/${plan.key}`, { token: inspector })).statusCode).toBe(403);
    const listed = (await t.call('GET', '/v1/osbplan?pageSize=500', { token: user2 })).json();
    expect(listed.data.map((p: Plan) => p.key)).not.toContain(plan.key);
    expect((await t.call('GET', `/v1/osbplan?key=${plan.key}`, { token: clerk })).json().total).toBe(1);
  });

  it('submits: the clerk gets an order to book and a to-do; the draft’s fields are then frozen', async () => {
    const plan = await submit(t, user, await bookDraft(t, user, (await putPrice(t, clerk)).key));
    expect(plan.status).toBe('SUBMITTED');
    const order = await orderOf(t, clerk, plan.key);
    expect(orderEndpoints.list.response.shape.data.element.parse(order)).toMatchObject({ status: 'PENDING', etd: plan.etd });
    const todos = await t.app.db
      .select()
      .from(notices)
      .where(and(eq(notices.userId, clerkId), eq(notices.type, 'event'), eq(notices.title, `订舱计划 ${plan.key} 待订舱`)));
    expect(todos).toHaveLength(1);
    const frozen = await t.call('PUT', `/v1/osbplan/${plan.key}`, { token: user, body: { quantity: 9, version: plan.version } });
    expect([frozen.statusCode, frozen.json().errorCode]).toEqual([409, 'NOT_DRAFT']);
    const again = await t.call('PUT', `/v1/osbplan/${plan.key}`, {
      token: user,
      body: { status: 'SUBMITTED', version: plan.version },
    });
    expect(again.json().errorMessage).toBe(`订舱计划 ${plan.key} 当前为「已提交」，不能改为「已提交」`);
    const confirm = await t.call('PUT', `/v1/osbplan/${plan.key}`, {
      token: user,
      body: { status: 'CONFIRMED', version: plan.version },
    });
    expect(confirm.statusCode).toBe(422);
  });

  it('cancels before confirmation with a reason, closing the order; not after', async () => {
    const plan = await submit(t, user, await bookDraft(t, user, (await putPrice(t, clerk)).key));
    const noReason = await t.call('PUT', `/v1/osbplan/${plan.key}`, {
      token: user,
      body: { status: 'CANCELLED', version: plan.version },
    });
    expect(noReason.statusCode).toBe(422);
    const cancelled = await t.call('PUT', `/v1/osbplan/${plan.key}`, {
      token: user,
      body: { status: 'CANCELLED', reason: '订单取消', version: plan.version },
    });
    expect(cancelled.json()).toMatchObject({ status: 'CANCELLED', reason: '订单取消' });
    expect((await orderOf(t, clerk, plan.key)).status).toBe('CANCELLED');

    const { plan: confirmed } = await confirmedPlan(t, user, clerk, await putPrice(t, clerk));
    const late = await t.call('PUT', `/v1/osbplan/${confirmed.key}`, {
      token: user,
      body: { status: 'CANCELLED', reason: '太晚', version: confirmed.version },
    });
    expect([late.statusCode, late.json().errorMessage]).toEqual([
      409,
      `订舱计划 ${confirmed.key} 当前为「已确认」，不能改为「已取消」`,
    ]);
  });

  it('batch-updates all or nothing, and deletes drafts only', async () => {
    const a = await bookDraft(t, user, (await putPrice(t, clerk)).key);
    const b = await bookDraft(t, user, (await putPrice(t, clerk)).key);
    const stale = await t.call('PUT', '/v1/osbplan/', {
      token: user,
      body: { keys: [a.key, b.key], versions: { [a.key]: a.version, [b.key]: b.version + 7 }, changes: { status: 'SUBMITTED' } },
    });
    expect(stale.statusCode).toBe(409);
    expect(await rowsOf(osbOrders)).toBe((await t.app.db.select().from(osbOrders)).length);
    const both = await t.call('PUT', '/v1/osbplan/', {
      token: user,
      body: { keys: [a.key, b.key], versions: { [a.key]: a.version, [b.key]: b.version }, changes: { remark: '合并出运' } },
    });
    expect(both.json().map((p: Plan) => p.remark)).toEqual(['合并出运', '合并出运']);

    const submitted = await submit(t, user, await bookDraft(t, user, (await putPrice(t, clerk)).key));
    const mixed = await t.call(
      'DELETE',
      `/v1/osbplan/?keys=${a.key},${submitted.key}&versions=${a.version + 1},${submitted.version}`,
      { token: user },
    );
    expect([mixed.statusCode, mixed.json().errorCode]).toEqual([409, 'NOT_DRAFT']);
    expect((await t.call('GET', `/v1/osbplan/${a.key}`, { token: user })).statusCode).toBe(200);
    const removed = await t.call('DELETE', `/v1/osbplan/${a.key}`, { token: user, body: { version: a.version + 1 } });
    expect(removed.json()).toEqual({ success: true, deleted: 1 });
    expect((await t.call('GET', `/v1/osbplan/${a.key}`, { token: user })).statusCode).toBe(404);
  });

  it('lists with filters, newest first', async () => {
    const price = await putPrice(t, clerk, { pod: 'JPTYO' });
    const plan = await bookDraft(t, user, price.key);
    const mine = (await t.call('GET', '/v1/osbplan?pod=JPTYO&status=DRAFT', { token: user })).json();
    expect(planEndpoints.list.response.parse(mine).data.map((p) => p.key)).toEqual([plan.key]);
    expect((await t.call('GET', '/v1/osbplan?pod=JPTYO&status=SUBMITTED', { token: user })).json().total).toBe(0);
    expect((await t.call('GET', '/v1/osbplan?pod=nowhere', { token: user })).statusCode).toBe(400);
  });
});

describe('booking orders', () => {
  it('books with the carrier: the plan is confirmed, the customer told, the cut-offs fixed from the rules of the moment', async () => {
    const { plan, order } = await confirmedPlan(t, user, clerk, await putPrice(t, clerk));
    expect(plan.status).toBe('CONFIRMED');
    expect(order).toMatchObject({ status: 'BOOKED', clerkName: '李单证', vessel: 'MAERSK EINDHOVEN' });
    const departure = Date.parse(`${plan.etd}T00:00:00+08:00`);
    expect(Date.parse(order.siCutoff as string)).toBe(departure - 72 * 3_600_000);
    const rule = (await t.call('GET', '/v1/setting/bookingCutoff', { token: clerk })).json();
    await t.call('PUT', '/v1/setting/bookingCutoff', {
      token: clerk,
      body: { value: { ...rule.value, siCutoffHours: 24 }, version: rule.version },
    });
    const detail = (await t.call('GET', `/v1/osbOrder/${order.key}`, { token: clerk })).json();
    expect(orderEndpoints.get.response.parse(detail).siCutoff).toBe(order.siCutoff);
    const told = await t.app.db
      .select()
      .from(notices)
      .where(eq(notices.title, `订舱计划 ${plan.key} 已确认`));
    expect(told).toHaveLength(1);
    await t.call('PUT', '/v1/setting/bookingCutoff', { token: clerk, body: { value: rule.value, version: rule.version + 1 } });
  });

  it('releases a booked order only, rejects a pending one with a reason, and names the state of an illegal move', async () => {
    const pending = await submit(t, user, await bookDraft(t, user, (await putPrice(t, clerk)).key));
    const order = await orderOf(t, clerk, pending.key);
    const early = await t.call('PATCH', `/v1/osbOrder/${order.key}`, {
      token: clerk,
      body: { action: 'release', version: order.version },
    });
    expect([early.statusCode, early.json().errorMessage]).toEqual([409, `订舱单 ${order.key} 当前为「待订舱」，不能放舱`]);
    const rejected = await t.call('PATCH', `/v1/osbOrder/${order.key}`, {
      token: clerk,
      body: { action: 'reject', reason: '舱位已满', version: order.version },
    });
    expect(rejected.json()).toMatchObject({ status: 'REJECTED', reason: '舱位已满' });
    const plan = (await t.call('GET', `/v1/osbplan/${pending.key}`, { token: user })).json();
    expect(plan).toMatchObject({ status: 'REJECTED', reason: '舱位已满' });
    expect(plan.history.map((h: { to: string }) => h.to)).toEqual(['DRAFT', 'SUBMITTED', 'REJECTED']);

    const { order: booked } = await confirmedPlan(t, user, clerk, await putPrice(t, clerk));
    const released = await t.call('PATCH', `/v1/osbOrder/${booked.key}`, {
      token: clerk,
      body: { action: 'release', version: booked.version },
    });
    expect(released.json().status).toBe('RELEASED');
    const twice = await t.call('PATCH', `/v1/osbOrder/${booked.key}`, {
      token: clerk,
      body: { action: 'release', version: booked.version + 1 },
    });
    expect(twice.statusCode).toBe(409);
    const stale = await t.call('PATCH', `/v1/osbOrder/${booked.key}`, {
      token: clerk,
      body: { action: 'release', version: booked.version },
    });
    expect(stale.json().errorCode).toBe('VERSION_CONFLICT');
    expect((await t.call('GET', '/v1/osbOrder', { token: user })).statusCode).toBe(403);
  });
});

describe('plan totals', () => {
  it('reads a status’s total from the kept counts, which follow every move, delete and batch', async () => {
    const a = await bookDraft(t, user, (await putPrice(t, clerk)).key);
    const b = await bookDraft(t, user, (await putPrice(t, clerk)).key);
    await t.call('PUT', '/v1/osbplan/', {
      token: user,
      body: { keys: [a.key, b.key], versions: { [a.key]: a.version, [b.key]: b.version }, changes: { status: 'SUBMITTED' } },
    });
    const c = await bookDraft(t, user, (await putPrice(t, clerk)).key);
    await t.call('DELETE', `/v1/osbplan/${c.key}`, { token: user, body: { version: c.version } });
    await confirmedPlan(t, user, clerk, await putPrice(t, clerk));
    const rows = await t.app.db.select({ owner: osbPlans.owner, status: osbPlans.status }).from(osbPlans);
    const [{ id }] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.name, 'bkuser'));
    for (const status of planStatuses) {
      const mine = (await t.call('GET', `/v1/osbplan?status=${status}`, { token: user })).json().total;
      const all = (await t.call('GET', `/v1/osbplan?status=${status}`, { token: clerk })).json().total;
      expect([status, mine]).toEqual([status, rows.filter((r) => r.status === status && r.owner === id).length]);
      expect([status, all]).toEqual([status, rows.filter((r) => r.status === status).length]);
    }
  });
});
