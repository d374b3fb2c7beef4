/**
 * 提单: a draft from loaded containers with its cargo summed from their lines, every transition (legal and
 * illegal) for the three roles and another customer, versions, refusals that change nothing, the remark as
 * plain text, the PDF, and the DCSA eBL 3.0 export of an issued B/L.
 */
import { and, asc, count, eq, isNotNull } from 'drizzle-orm';
import { bolEndpoints, type Bol, type BolAction, type BolStatus } from '../../contract/bol/schema';
import type { BulkLine } from '../../contract/packing/schema';
import { iso6346CheckDigit, type Container } from '../../contract/container/schema';
import { dcsaTransportDocumentSchema } from '../../contract/bol/dcsaEbl';
import type { Plan } from '../../contract/plan/schema';
import { addDays, chinaToday } from '../../contract/plan/codes';
import { auditLog, billsOfLading, bulkLines, notices, osbContainers, osbOrders, osbPlans, tntEvents } from '../db/schema';
import { seedLookups } from '../domain/demo/packing';
import { confirmedPlan, putPrice } from '../testing/booking';
import { createLine, setStatus } from '../testing/bulk';
import { createTestApp, type TestApp } from '../testing/harness';
import { dcsaProblems } from '../testing/dcsaTnt';

let t: TestApp;
let user: string;
let user2: string;
let clerk: string;
let inspector: string;
let userId: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedLookups(t.app.db);
  userId = await t.addUser('bluser', ['user']);
  await t.addUser('bluser2', ['user']);
  await t.addUser('blclerk', ['documentClerk']);
  await t.addUser('blinspector', ['inspector']);
  [user, user2, clerk, inspector] = await Promise.all(['bluser', 'bluser2', 'blclerk', 'blinspector'].map((n) => t.login(n)));
});
afterAll(() => t.close());

let serial = 0;
/** A container number of its own, its ISO 6346 check digit computed. */
const numberOf = (n: number) => {
  const first10 = `SDKU${String(n).padStart(6, '0')}`;
  return `${first10}${iso6346CheckDigit(first10)}`;
};
let po = 0;

/** A confirmed plan of `boxes` 40HQ boxes to `pod`, each numbered and sealed and loaded with two passed lines. */
async function loadedPlan(boxes = 1, token = user, pod: 'USLAX' | 'DEHAM' = 'USLAX') {
  const price = await putPrice(t, clerk, { containerType: '40HQ', pod });
  const { plan } = await confirmedPlan(t, token, clerk, price, boxes + 1);
  const containers: Container[] = [];
  const lines: BulkLine[] = [];
  for (let i = 0; i < boxes; i += 1) {
    serial += 1;
    const containerNo = numberOf(serial);
    const box = await t.call('POST', `/v1/osbplan/${plan.key}/container`, {
      token,
      body: { containerNo, sealNo: `SL${String(serial).padStart(6, '0')}` },
    });
    containers.push(box.json());
    const held: BulkLine[] = [];
    for (const cartons of [12, 8]) {
      po += 1;
      const line = await createLine(t, token, {
        poNo: `PO-BL${po}`,
        cartonTo: cartons,
        gwPerCtn: 10.25,
        ctnL: 50,
        ctnW: 40,
        ctnH: 30,
        destination: pod === 'DEHAM' ? 'Hamburg' : 'Los Angeles',
      });
      await setStatus(t, line.key, 'pendingConsolidation', 'pass');
      held.push({ ...line, status: 'pendingConsolidation' });
    }
    const loaded = await t.call('PATCH', '/v1/bulkslist', {
      token,
      body: {
        keys: held.map((l) => l.key),
        versions: Object.fromEntries(held.map((l) => [l.key, l.version])),
        containerKey: box.json().key,
      },
    });
    expect([loaded.statusCode, loaded.statusCode === 200 || loaded.body]).toEqual([200, true]);
    lines.push(...loaded.json());
  }
  return { plan: plan as Plan, containers, lines };
}

/**
 * The test plans sail in the weeks ahead and record no actual load: the clerk states that the goods were loaded
 * today, and why (the milestones do not say so).
 */
const loadedToday = () => ({ onBoardDate: chinaToday(), onBoardReason: '船公司邮件确认已装船' });
const party = (name: string) => ({ name, address: ['1 MAIN STREET', 'LOS ANGELES CA 90001, USA'] });
const draft = (containerKeys: string[], extra: Record<string, unknown> = {}) =>
  t.call('POST', '/v1/bol', { token: clerk, body: { containerKeys, ...extra } });
const act = (bol: Bol, action: BolAction, token: string, extra: Record<string, unknown> = {}) =>
  t.call('PATCH', `/v1/bol/${bol.key}`, { token, body: { action, version: bol.version, ...extra } });
const amend = (bol: Bol, body: Record<string, unknown>, token = clerk) =>
  t.call('PUT', `/v1/bol/${bol.key}`, { token, body: { ...body, version: bol.version } });
const complete = { consignee: party('ACME APPAREL INC.'), notifyParty: party('SAME AS CONSIGNEE'), hsCode: '6203420000' };

/** Everything a refused call must leave as it was: B/Ls, boxes, lines, plans, orders and the audit. */
async function state() {
  const [bols, boxes, lines, plans, orders, [{ n }]] = await Promise.all([
    t.app.db.select().from(billsOfLading).orderBy(asc(billsOfLading.key)),
    t.app.db.select().from(osbContainers).orderBy(asc(osbContainers.key)),
    t.app.db.select().from(bulkLines).orderBy(asc(bulkLines.key)),
    t.app.db.select().from(osbPlans).orderBy(asc(osbPlans.key)),
    t.app.db.select().from(osbOrders).orderBy(asc(osbOrders.key)),
    t.app.db.select({ n: count() }).from(auditLog),
  ]);
  return { bols, boxes, lines, plans, orders, audit: n };
}

describe('a draft from loaded containers', () => {
  it('takes the parties, route and vessel, and sums the cargo from the lines, never from the body', async () => {
    const { plan, containers, lines } = await loadedPlan(2);
    const created = await draft(containers.map((c) => c.key));
    expect(created.statusCode).toBe(201);
    const bol = bolEndpoints.create.response.parse(created.json());
    expect(bol).toMatchObject({
      status: 'DRAFT',
      type: 'BOL',
      bolNo: `MAEU${bol.key.slice(2)}`,
      planKey: plan.key,
      carrier: 'MAEU',
      carrierBookingNo: `BK${plan.key}`,
      vessel: 'MAERSK EINDHOVEN',
      voyage: '648E',
      pol: 'CNSHA',
      pod: 'USLAX',
      placeOfReceipt: 'SHANGHAI',
      placeOfDelivery: 'LOS ANGELES',
      freightTerm: 'PREPAID',
      owner: userId,
    });
    expect(bol.shipper.name).toBe('SHANGHAI DONGFANG GARMENT FACTORY');
    expect(bol.shipper.address.every((line) => line.length <= 35)).toBe(true);
    const sum = (field: 'cartonCount' | 'totalGw' | 'cbm' | 'totalQty') => lines.reduce((total, line) => total + line[field], 0);
    expect(bol.packages).toBe(sum('cartonCount'));
    expect(bol.pieces).toBe(sum('totalQty'));
    expect(bol.grossWeight).toBeCloseTo(sum('totalGw'), 6);
    expect(bol.cbm).toBeCloseTo(sum('cbm'), 6);
    expect(bol.containers.map((box) => [box.containerNo, box.packages])).toEqual([
      [containers[0].containerNo, 20],
      [containers[1].containerNo, 20],
    ]);
    expect(bol.marks.at(-1)).toBe('MADE IN CHINA');
    const boxes = await t.app.db.select().from(osbContainers).where(eq(osbContainers.planKey, plan.key));
    expect(boxes.map((box) => box.bolKey)).toEqual([bol.key, bol.key]);

    // The next draft of this customer starts from this one's consignee and notify party.
    await amend(bol, complete);
    const next = await loadedPlan(1);
    const second = (await draft([next.containers[0].key])).json();
    expect([second.consignee, second.notifyParty]).toEqual([complete.consignee, complete.notifyParty]);
    // Only to the same port of discharge: a Los Angeles consignee is no default for goods to Hamburg.
    const elsewhere = await loadedPlan(1, user, 'DEHAM');
    const third = (await draft([elsewhere.containers[0].key])).json();
    expect([third.pod, third.consignee, third.notifyParty]).toEqual([
      'DEHAM',
      { name: '', address: [] },
      { name: '', address: [] },
    ]);
  });

  it('freezes its boxes: no second B/L, no load or unload until it is voided', async () => {
    const { containers, lines } = await loadedPlan(1);
    const unbilled = async () =>
      (await t.call('GET', '/v1/osbContainer?unbilled=1&pageSize=100', { token: clerk }))
        .json()
        .data.map((c: Container) => c.key);
    expect(await unbilled()).toContain(containers[0].key);
    const bol = (await draft([containers[0].key])).json();
    expect(await unbilled()).not.toContain(containers[0].key);
    const before = await state();
    const again = await draft([containers[0].key]);
    expect([again.statusCode, again.json().errorMessage]).toEqual([
      409,
      `柜 ${containers[0].containerNo} 已在提单 ${bol.key} 中`,
    ]);
    const out = await t.call('PATCH', '/v1/bulkslist', {
      token: user,
      body: { keys: [lines[0].key], versions: { [lines[0].key]: lines[0].version }, containerKey: null },
    });
    expect([out.statusCode, out.json().errorCode]).toEqual([409, 'CONTAINER_ON_BOL']);
    expect(await state()).toEqual(before);

    const voided = await act(bol, 'void', clerk, { comment: '客户取消出运' });
    expect(voided.json()).toMatchObject({ status: 'VOIDED', voidReason: '客户取消出运' });
    expect((await draft([containers[0].key])).statusCode).toBe(201);
  });

  it('refuses, changing nothing: boxes of two plans, an unknown or empty box, a taken number, Chinese on the B/L', async () => {
    const one = await loadedPlan(1);
    const two = await loadedPlan(1);
    const { plan } = await confirmedPlan(t, user, clerk, await putPrice(t, clerk, { containerType: '40HQ' }), 1);
    const empty = (await t.call('POST', `/v1/osbplan/${plan.key}/container`, { token: user, body: {} })).json();
    const taken = (await draft([one.containers[0].key])).json();
    const before = await state();
    const mixed = await draft([one.containers[0].key, two.containers[0].key]);
    expect([mixed.statusCode, mixed.json().fields]).toEqual([422, { containerKeys: '所选的柜属于不同的订舱计划' }]);
    expect((await draft(['CT99999999'])).json()).toMatchObject({ errorCode: 'NOT_FOUND', errorMessage: '柜不存在' });
    const none = await draft([empty.key]);
    expect([none.statusCode, none.json().errorMessage]).toEqual([409, `柜 ${empty.key} 尚未装货`]);
    const sameNo = await draft([two.containers[0].key], { bolNo: taken.bolNo });
    expect([sameNo.statusCode, sameNo.json().errorCode]).toEqual([409, 'BOL_NO_TAKEN']);
    const chinese = await draft([two.containers[0].key], { consignee: { name: '洛杉矶服装公司', address: [] } });
    expect([chinese.statusCode, chinese.json().fields['consignee.name']]).toEqual([
      422,
      '收货人：提单内容只能使用英文字母、数字和常用符号',
    ]);
    const typedCargo = await draft([two.containers[0].key], { packages: 1 });
    expect(typedCargo.statusCode).toBe(422);
    expect(await state()).toEqual(before);
  });
});

describe('the lifecycle', () => {
  it('草稿 → 待确认 ⇄ 修改中 → 已确认 → 已签发 → 已放单, with notices, history, shipped lines and plan', async () => {
    const { plan, containers, lines } = await loadedPlan(1);
    let bol: Bol = (await draft([containers[0].key])).json();
    bol = (await amend(bol, complete)).json();
    bol = (await act(bol, 'submit', clerk)).json();
    expect(bol.status).toBe('PENDING_APPROVAL');
    const told = await t.app.db.select().from(notices).where(eq(notices.userId, userId));
    expect(told.map((n) => [n.title, n.status, n.link])).toContainEqual([
      `提单 ${bol.bolNo} 待您确认`,
      'todo',
      `/shipment/multi/bol/${bol.key}`,
    ]);

    const asked = await act(bol, 'requestAmendment', user, { comment: '收货人地址改为 2 MAIN STREET' });
    bol = asked.json();
    expect(bol).toMatchObject({ status: 'PENDING_AMENDMENT', amendmentComment: '收货人地址改为 2 MAIN STREET' });
    const clerkNotices = await t.call('GET', '/v1/notices?type=event', { token: clerk });
    expect(clerkNotices.json().data.map((n: { title: string }) => n.title)).toContain(`提单 ${bol.bolNo} 客户申请修改`);
    // The to-dos follow the B/L: the customer's is done once they answered, the clerk's once the draft is sent again.
    const todoOf = async (who: string, title: string) =>
      (await t.app.db.select().from(notices).where(eq(notices.userId, who)))
        .filter((n) => n.title === title)
        .map((n) => n.status);
    const clerkId = (
      await t.app.db
        .select()
        .from(notices)
        .where(eq(notices.title, `提单 ${bol.bolNo} 客户申请修改`))
    )[0].userId;
    expect(await todoOf(userId, `提单 ${bol.bolNo} 待您确认`)).toEqual(['done']);
    expect(await todoOf(clerkId, `提单 ${bol.bolNo} 客户申请修改`)).toEqual(['todo']);

    bol = (await amend(bol, { consignee: { ...complete.consignee, address: ['2 MAIN STREET'] } })).json();
    bol = (await act(bol, 'submit', clerk)).json();
    expect(await todoOf(clerkId, `提单 ${bol.bolNo} 客户申请修改`)).toEqual(['done']);
    expect(await todoOf(userId, `提单 ${bol.bolNo} 待您确认`)).toEqual(['todo']);
    bol = (await act(bol, 'approve', user)).json();
    expect(bol.status).toBe('APPROVED');
    expect(await todoOf(userId, `提单 ${bol.bolNo} 待您确认`)).toEqual(['done']);
    // Shipped on board only once loaded: before its ETD, only with a loading day that has come.
    const before = await state();
    const early = await act(bol, 'issue', clerk);
    expect([early.statusCode, early.json().fields]).toEqual([
      422,
      { onBoardDate: `开船日期 ${bol.etd} 尚未到：货物装船后才能签发已装船提单；已提前装船请填写装船日期` },
    ]);
    const tomorrow = addDays(chinaToday(), 1);
    expect((await act(bol, 'issue', clerk, { onBoardDate: tomorrow })).json().fields.onBoardDate).toBe(
      `装船日期 ${tomorrow} 在今天之后：货物装船后才能签发已装船提单`,
    );
    expect(await state()).toEqual(before);
    const unsaid = await act(bol, 'issue', clerk, { onBoardDate: chinaToday() });
    expect([unsaid.statusCode, unsaid.json().fields]).toEqual([
      422,
      { onBoardReason: `尚无实际装船记录，开船日期 ${bol.etd} 也未到：请说明依据（如船公司装船确认）` },
    ]);
    const issued = await act(bol, 'issue', clerk, loadedToday());
    expect(issued.statusCode).toBe(200);
    bol = issued.json();
    expect(bol.status).toBe('ISSUED');
    expect([bol.issueDate, bol.onBoardDate, bol.onBoardReason]).toEqual([chinaToday(), chinaToday(), '船公司邮件确认已装船']);
    const shipped = await t.app.db.select().from(bulkLines).where(eq(bulkLines.containerKey, containers[0].key));
    expect(shipped.map((line) => line.status)).toEqual(lines.map(() => 'shipped'));
    expect((await t.app.db.select().from(osbPlans).where(eq(osbPlans.key, plan.key)))[0].status).toBe('SHIPPED');
    expect((await t.app.db.select().from(osbOrders).where(eq(osbOrders.planKey, plan.key)))[0].status).toBe('SHIPPED');
    expect((await t.app.db.select().from(osbContainers).where(eq(osbContainers.key, containers[0].key)))[0].active).toBe(false);

    const swb = await act(bol, 'release', clerk, { releaseType: 'SEAWAY' });
    expect([swb.statusCode, swb.json().fields]).toEqual([422, { releaseType: '提单应以「正本」或「电放」方式放单' }]);
    bol = (await act(bol, 'release', clerk, { releaseType: 'TELEX' })).json();
    expect(bol).toMatchObject({ status: 'RELEASED', releaseType: 'TELEX' });
    const released = await t.app.db.select().from(notices).where(eq(notices.userId, userId));
    expect(released.map((n) => n.title)).toContain(`提单 ${bol.bolNo} 已放单（电放）`);

    const detail = bolEndpoints.get.response.parse((await t.call('GET', `/v1/bol/${bol.key}`, { token: user })).json());
    expect(detail.history.map((h) => [h.from, h.to, h.actorName.length > 0])).toEqual([
      [null, 'DRAFT', true],
      ['DRAFT', 'PENDING_APPROVAL', true],
      ['PENDING_APPROVAL', 'PENDING_AMENDMENT', true],
      ['PENDING_AMENDMENT', 'PENDING_APPROVAL', true],
      ['PENDING_APPROVAL', 'APPROVED', true],
      ['APPROVED', 'ISSUED', true],
      ['ISSUED', 'RELEASED', true],
    ]);
    expect(detail.history[2].comment).toBe('收货人地址改为 2 MAIN STREET');

    const dcsa = await t.call('GET', `/v1/bol/${bol.key}/dcsa`, { token: inspector });
    expect(dcsa.statusCode).toBe(200);
    const document = dcsaTransportDocumentSchema.parse(dcsa.json());
    // The DCSA document states the B/L's days (the sheet that the page and the PDF print: bolCodes.test.ts).
    expect([document.issueDate, document.shippedOnBoardDate]).toEqual([bol.issueDate, bol.onBoardDate]);
    expect(document).toMatchObject({
      transportDocumentReference: bol.bolNo,
      transportDocumentStatus: 'SURRENDERED_FOR_DELIVERY',
      transportDocumentTypeCode: 'BOL',
      freightPaymentTermCode: 'PRE',
      carrierCode: 'MAEU',
      transports: { portOfLoading: { UNLocationCode: 'CNSHA' }, vesselVoyages: [{ vesselName: 'MAERSK EINDHOVEN' }] },
    });
    expect(document.utilizedTransportEquipments[0]).toEqual({
      equipment: { equipmentReference: containers[0].containerNo, ISOEquipmentCode: '45G1' },
      isShipperOwned: false,
      seals: [{ number: containers[0].sealNo }],
    });
    expect(document.consignmentItems[0].cargoItems[0].outerPackaging.numberOfPackages).toBe(bol.packages);
  });

  it('refuses every action from a state it does not leave (409 naming the state), and the wrong role (403)', async () => {
    const { containers } = await loadedPlan(1);
    let bol: Bol = (await draft([containers[0].key], complete)).json();
    const legal: Record<BolStatus, BolAction[]> = {
      DRAFT: ['submit', 'void'],
      PENDING_APPROVAL: ['approve', 'requestAmendment', 'void'],
      PENDING_AMENDMENT: ['submit', 'void'],
      APPROVED: ['issue', 'void'],
      ISSUED: ['release'],
      RELEASED: [],
      VOIDED: [],
    };
    const tokenOf = (action: BolAction) => (action === 'approve' || action === 'requestAmendment' ? user : clerk);
    const extraOf = (action: BolAction) =>
      action === 'release'
        ? { releaseType: 'ORIGINAL' }
        : action === 'void' || action === 'requestAmendment'
          ? { comment: '理由' }
          : action === 'issue'
            ? loadedToday()
            : {};
    const path: BolAction[] = ['submit', 'approve', 'issue', 'release'];
    for (const next of [...path, undefined]) {
      const before = await state();
      for (const action of ['submit', 'approve', 'requestAmendment', 'issue', 'release', 'void'] as const) {
        if (legal[bol.status].includes(action)) continue;
        const refused = await act(bol, action, tokenOf(action), extraOf(action));
        expect([action, refused.statusCode]).toEqual([action, 409]);
        expect(refused.json().errorMessage).toContain(`当前为「`);
      }
      expect(await state()).toEqual(before);
      if (next) bol = (await act(bol, next, tokenOf(next), extraOf(next))).json();
    }
    expect(bol.status).toBe('RELEASED');

    const other = (await draft([(await loadedPlan(1)).containers[0].key], complete)).json();
    expect((await act(other, 'approve', clerk)).statusCode).toBe(403);
    expect((await act(other, 'submit', user)).statusCode).toBe(403);
    expect((await act(other, 'submit', inspector)).statusCode).toBe(403);
    expect((await amend(other, { hsCode: '620342' }, user)).statusCode).toBe(403);
    expect((await t.call('POST', '/v1/bol', { token: user, body: { containerKeys: [containers[0].key] } })).statusCode).toBe(403);
    const submitted = (await act(other, 'submit', clerk)).json();
    expect((await act(submitted, 'approve', user2)).statusCode).toBe(404);
    expect((await amend(submitted, { hsCode: '620342' })).json().errorMessage).toBe(
      `提单 ${submitted.key} 当前为「待确认」，不能修改`,
    );
    const removed = await t.call('DELETE', `/v1/bol/${submitted.key}`, { token: clerk, body: { version: submitted.version } });
    expect([removed.statusCode, removed.json().errorMessage]).toEqual([409, `提单 ${submitted.key} 当前为「待确认」，不能删除`]);
  });

  it('issues only with the parties, vessel, HS code, numbered and sealed boxes, and no loaded box of the plan left out', async () => {
    const { plan, containers } = await loadedPlan(2);
    let bol: Bol = (await draft([containers[0].key])).json();
    bol = (await amend(bol, { consignee: { name: '', address: [] }, notifyParty: { name: '', address: [] } })).json();
    bol = (await act((await act(bol, 'submit', clerk)).json(), 'approve', user)).json();
    const before = await state();
    const missing = await act(bol, 'issue', clerk, loadedToday());
    expect([missing.statusCode, Object.keys(missing.json().fields).sort()]).toEqual([
      422,
      ['consignee', 'hsCode', 'notifyParty'],
    ]);
    expect(await state()).toEqual(before);
    expect((await act(bol, 'void', clerk, { comment: '补充资料后重出' })).json().status).toBe('VOIDED');
    bol = (await draft([containers[0].key], complete)).json();
    bol = (await act((await act(bol, 'submit', clerk)).json(), 'approve', user)).json();
    const left = await act(bol, 'issue', clerk, loadedToday());
    expect([left.statusCode, left.json().errorMessage]).toEqual([
      409,
      `订舱计划 ${plan.key} 的柜 ${containers[1].containerNo} 已装货但不在任何提单上，请先出提单或卸柜`,
    ]);
    await draft([containers[1].key], complete);
    expect((await act(bol, 'issue', clerk, loadedToday())).statusCode).toBe(200);
  });
});

describe('reading, the remark, versions and files', () => {
  it('lists by role and filter: the customer their own, the clerk and inspector all; another customer sees nothing', async () => {
    const { containers } = await loadedPlan(1);
    const bol: Bol = (await draft([containers[0].key], { ...complete, vessel: 'COSCO SHIPPING ARIES', voyage: '021E' })).json();
    const keys = async (token: string, query = '') =>
      bolEndpoints.list.response
        .parse((await t.call('GET', `/v1/bol?pageSize=500${query}`, { token })).json())
        .data.map((b) => b.key);
    expect(await keys(user)).toContain(bol.key);
    expect(await keys(clerk)).toContain(bol.key);
    expect(await keys(inspector)).toContain(bol.key);
    expect(await keys(user2)).not.toContain(bol.key);
    expect((await t.call('GET', `/v1/bol/${bol.key}`, { token: user2 })).statusCode).toBe(404);
    expect(await keys(clerk, `&bolNo=${bol.bolNo.slice(0, -1).toLowerCase()}`)).toContain(bol.key);
    expect(await keys(clerk, '&vessel=cosco shipping aries')).toEqual([bol.key]);
    expect(await keys(clerk, '&vessel=cosco ship')).toEqual([]);
    expect(await keys(clerk, '&voyage=021e')).toEqual([bol.key]);
    expect(await keys(clerk, '&q=acme')).toContain(bol.key);
    expect(await keys(clerk, '&q=COSCO')).toEqual([bol.key]);
    expect(await keys(clerk, `&q=${bol.carrierBookingNo}`)).toEqual([bol.key]);
    expect(await keys(clerk, '&status=DRAFT&pol=CNSHA&pod=USLAX')).toContain(bol.key);
    expect(await keys(clerk, `&etdFrom=${bol.etd}&etdTo=${bol.etd}`)).toContain(bol.key);
    expect(await keys(clerk, '&status=RELEASED')).not.toContain(bol.key);
    expect((await t.call('GET', '/v1/bol?sorter=constructor:ascend', { token: clerk })).statusCode).toBe(400);
    expect((await t.call('GET', '/v1/bol?etdFrom=2026-13-01', { token: clerk })).statusCode).toBe(400);
  });

  it('keeps the remark as the text typed, markup included; only its customer writes it; stale versions are 409', async () => {
    const { containers } = await loadedPlan(1);
    const bol: Bol = (await draft([containers[0].key])).json();
    const markup = '<img src=x onerror="alert(1)"> 请尽快放单\n谢谢';
    const saved = await t.call('PATCH', `/v1/bol/${bol.key}/userRemark`, {
      token: user,
      body: { userRemark: markup, version: bol.version },
    });
    expect([saved.statusCode, saved.json().userRemark, saved.json().version]).toEqual([200, markup, bol.version + 1]);
    const before = await state();
    const stale = await t.call('PATCH', `/v1/bol/${bol.key}/userRemark`, {
      token: user,
      body: { userRemark: 'x', version: bol.version },
    });
    expect([stale.statusCode, stale.json().errorCode]).toEqual([409, 'VERSION_CONFLICT']);
    expect((await amend(bol, { hsCode: '620342' })).json().errorCode).toBe('VERSION_CONFLICT');
    expect((await act(bol, 'submit', clerk)).json().errorCode).toBe('VERSION_CONFLICT');
    const body = { userRemark: 'x', version: bol.version + 1 };
    expect((await t.call('PATCH', `/v1/bol/${bol.key}/userRemark`, { token: user2, body })).statusCode).toBe(404);
    expect((await t.call('PATCH', `/v1/bol/${bol.key}/userRemark`, { token: clerk, body })).statusCode).toBe(403);
    const long = await t.call('PATCH', `/v1/bol/${bol.key}/userRemark`, {
      token: user,
      body: { ...body, userRemark: 'x'.repeat(501) },
    });
    expect(long.statusCode).toBe(422);
    expect(await state()).toEqual(before);
  });

  it('gives the PDF of the sheet (DRAFT until issued) to every reader, and the DCSA export only once issued', async () => {
    const { containers } = await loadedPlan(1);
    const bol: Bol = (await draft([containers[0].key], complete)).json();
    const pdf = await t.call('GET', `/v1/bol/${bol.key}/pdf`, { token: inspector });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(encodeURIComponent(`提单-${bol.bolNo}-DRAFT.pdf`));
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await t.call('GET', `/v1/bol/${bol.key}/pdf`, { token: user2 })).statusCode).toBe(404);
    const early = await t.call('GET', `/v1/bol/${bol.key}/dcsa`, { token: clerk });
    expect([early.statusCode, early.json().errorMessage]).toEqual([
      409,
      `提单 ${bol.bolNo} 当前为「草稿」，签发后才能导出 DCSA 电子提单`,
    ]);
    const removed = await t.call('DELETE', `/v1/bol/${bol.key}`, { token: clerk, body: { version: bol.version } });
    expect(removed.json()).toEqual({ success: true, deleted: 1 });
    const [box] = await t.app.db.select().from(osbContainers).where(eq(osbContainers.key, containers[0].key));
    expect(box.bolKey).toBeNull();
  });
});

describe('the milestones behind it (货物跟踪)', () => {
  it('proposes the containers’ actual load as the on-board date, asks a reason for another, and emits DCSA events', async () => {
    const { plan, containers } = await loadedPlan(1);
    const containerNo = containers[0].containerNo as string;
    let bol: Bol = (await draft([containers[0].key], complete)).json();
    bol = (await act(bol, 'submit', clerk)).json();
    bol = (await act(bol, 'approve', user)).json();
    const yesterday = addDays(chinaToday(), -1);
    const load = await t.call('POST', '/v1/tnt/milestones', {
      token: clerk,
      body: {
        planKey: plan.key,
        eventType: 'EQUIPMENT',
        code: 'LOAD',
        classifier: 'ACT',
        eventDateTime: `${yesterday}T22:30:00+08:00`,
        location: plan.pol,
        equipmentReference: containerNo,
      },
    });
    expect(load.statusCode).toBe(201);
    const other = await act(bol, 'issue', clerk, { onBoardDate: chinaToday() });
    expect(other.json().fields).toEqual({
      onBoardReason: `货物跟踪记录的实际装船日期为 ${yesterday}，签发日期与之不同，请说明原因`,
    });
    const issued = await act(bol, 'issue', clerk);
    expect(issued.json()).toMatchObject({ status: 'ISSUED', onBoardDate: yesterday, onBoardReason: '' });
    bol = issued.json();
    bol = (await act(bol, 'release', clerk, { releaseType: 'TELEX' })).json();
    const events = (
      await t.call('GET', `/v1/tnt/events?transportDocumentReference=${bol.bolNo}&eventType=SHIPMENT`, { token: user })
    ).json();
    expect(
      events.map(
        (e: { shipmentEventTypeCode: string; documentTypeCode: string }) => `${e.documentTypeCode} ${e.shipmentEventTypeCode}`,
      ),
    ).toEqual(['BKG CONF', 'TRD DRFT', 'TRD PENA', 'TRD APPR', 'TRD ISSU', 'TRD RELS']);
    for (const event of events) expect(dcsaProblems(event)).toEqual([]);
    // A step done again (the lifecycle above sent a B/L for approval twice) is a new step, not a correction.
    const corrected = await t.app.db
      .select({ n: count() })
      .from(tntEvents)
      .where(and(eq(tntEvents.eventType, 'SHIPMENT'), isNotNull(tntEvents.supersededBy)));
    expect(corrected[0].n).toBe(0);
  });

  it('keeps a reason given for an unrecorded load in the B/L’s history', async () => {
    const { containers } = await loadedPlan(1);
    let bol: Bol = (await draft([containers[0].key], complete)).json();
    bol = (await act(bol, 'submit', clerk)).json();
    bol = (await act(bol, 'approve', user)).json();
    bol = (await act(bol, 'issue', clerk, loadedToday())).json();
    const history = (await t.call('GET', `/v1/history/bol/${bol.key}`, { token: clerk })).json();
    const issuedEntry = history.data.find((entry: { changes: { label: string }[] }) =>
      entry.changes.some((c) => c.label === '装船说明'),
    );
    expect(issuedEntry.changes).toEqual(
      expect.arrayContaining([{ field: 'onBoardReason', label: '装船说明', before: '—', after: '船公司邮件确认已装船' }]),
    );
  });
});
