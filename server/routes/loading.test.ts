/**
 * 装柜 / 移出柜 through PATCH /v1/bulkslist with a container: the lines move, the plan starts loading, every
 * refusal leaves everything as it was, and parallel loads into one box never fill it past its capacity.
 */
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { BulkCreate, BulkLine } from '../../contract/packing/schema';
import { containerEndpoints, type Container } from '../../contract/container/schema';
import { loadPlacementProblems } from '../../contract/container/loadPlanCheck';
import { plannerLine } from '../../contract/container/loadPlanView';
import { settingDefaults } from '../../contract/setting/schema';
import { stickerPalette } from '../../contract/sticker/codes';
import type { Plan } from '../../contract/plan/schema';
import { auditLog, osbContainers, osbPlans } from '../db/schema';
import { seedLookups } from '../domain/demo/packing';
import { confirmedPlan, putPrice } from '../testing/booking';
import { bulkState, createLine, setStatus } from '../testing/bulk';
import { createTestApp, type TestApp } from '../testing/harness';

let t: TestApp;
let user: string;
let user2: string;
let clerk: string;
let inspector: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedLookups(t.app.db);
  await t.addUser('lduser', ['user']);
  await t.addUser('lduser2', ['user']);
  await t.addUser('ldclerk', ['documentClerk']);
  await t.addUser('ldinspector', ['inspector']);
  [user, user2, clerk, inspector] = await Promise.all(['lduser', 'lduser2', 'ldclerk', 'ldinspector'].map((n) => t.login(n)));
});
afterAll(() => t.close());

/** A 40HQ (68 m³, 26 540 kg) of a confirmed plan of the owner of `token`, to USLAX. */
async function box(token = user): Promise<{ plan: Plan; container: Container }> {
  const { plan } = await confirmedPlan(t, token, clerk, await putPrice(t, clerk, { containerType: '40HQ' }), 1);
  const response = await t.call('POST', `/v1/osbplan/${plan.key}/container`, { token, body: {} });
  return { plan, container: response.json() };
}

let po = 0;
/** A line waiting to be loaded (passed, 待拼柜) of `cartons` cartons of 0.64 m³ and 20 kg gross each. */
async function waiting(cartons: number, overrides: Partial<BulkCreate> = {}, token = user): Promise<BulkLine> {
  po += 1;
  const line = await createLine(t, token, {
    poNo: `PO-LD${po}`,
    cartonTo: cartons,
    ctnL: 100,
    ctnW: 80,
    ctnH: 80,
    nwPerCtn: 18,
    gwPerCtn: 20,
    ...overrides,
  });
  await setStatus(t, line.key, 'pendingConsolidation', 'pass');
  return line;
}

const load = (lines: BulkLine[], containerKey: string | null, token = user) =>
  t.call('PATCH', '/v1/bulkslist', {
    token,
    body: { keys: lines.map((l) => l.key), versions: Object.fromEntries(lines.map((l) => [l.key, l.version])), containerKey },
  });
const planOf = async (key: string) => (await t.app.db.select().from(osbPlans).where(eq(osbPlans.key, key)))[0];

it('loads passed lines into a box of the plan: 已配柜 with plan and box, the plan 装柜中; unloading returns them', async () => {
  const { plan, container } = await box();
  const lines = [await waiting(20), await waiting(30)];
  const loaded = await load(lines, container.key);
  expect(loaded.statusCode).toBe(200);
  expect(loaded.json().map((l: BulkLine) => [l.status, l.planKey, l.containerKey, l.version])).toEqual([
    ['allocated', plan.key, container.key, 2],
    ['allocated', plan.key, container.key, 2],
  ]);
  expect((await planOf(plan.key)).status).toBe('LOADING');
  const audited = await t.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityKey, lines[0].key), eq(auditLog.action, 'allocate')));
  expect(audited).toHaveLength(1);

  const [first] = loaded.json();
  const unloaded = await load([first], null);
  expect(unloaded.json()[0]).toMatchObject({ status: 'pendingConsolidation', planKey: null, containerKey: null, version: 3 });
  const again = await load(unloaded.json(), null);
  expect([again.statusCode, again.json().errorMessage]).toEqual([409, `明细 ${first.key} 当前为「待拼柜」，不在柜中`]);
  // The box takes the line again; the plan stays 装柜中.
  expect((await load(unloaded.json(), container.key)).statusCode).toBe(200);
  expect((await planOf(plan.key)).status).toBe('LOADING');
});

it('refuses, changing nothing: lines not 待拼柜, not passed or for elsewhere, all named; a box too small; stale versions', async () => {
  const { container } = await box();
  const fine = await waiting(10);
  const early = await createLine(t, user, { poNo: 'PO-LD-EARLY' });
  const failed = await waiting(10, { poNo: 'PO-LD-FAIL' });
  await setStatus(t, failed.key, 'pendingInspection', 'fail');
  const hamburg = await waiting(10, { destination: 'Hamburg' });
  const big = [await waiting(60), await waiting(50)];
  const before = await bulkState(t);

  const refused = await load([fine, early, failed, hamburg], container.key);
  expect([refused.statusCode, refused.json().errorCode]).toEqual([409, 'NOT_LOADABLE']);
  expect(refused.json().errorMessage).toBe(
    [
      `明细 ${early.key} 当前为「待验针」，只有待拼柜的明细可以装柜`,
      `明细 ${failed.key} 当前为「待验针」，只有待拼柜的明细可以装柜`,
      `明细 ${hamburg.key} 的目的地 Hamburg 与计划目的港 USLAX 不符`,
    ].join('；'),
  );
  const full = await load([fine, ...big], container.key);
  expect([full.statusCode, full.json().errorMessage]).toEqual([422, `装入后柜 ${container.key} 体积 76.8 m³，超过可装 68 m³`]);
  await t.app.db.update(osbContainers).set({ payloadKg: 300 }).where(eq(osbContainers.key, container.key));
  const heavy = await load([fine, big[0]], container.key);
  expect([heavy.statusCode, heavy.json().errorMessage]).toEqual([422, `装入后柜 ${container.key} 毛重 1400 kg，超过载重 300 kg`]);
  const stale = await load([{ ...fine, version: 0 }], container.key);
  expect([stale.statusCode, stale.json().errorCode]).toEqual([409, 'VERSION_CONFLICT']);
  const both = await t.call('PATCH', '/v1/bulkslist', {
    token: user,
    body: { keys: [fine.key], versions: { [fine.key]: 1 }, changes: { destination: 'X' }, containerKey: container.key },
  });
  expect([both.statusCode, both.json().fields]).toEqual([422, { changes: '请填写要修改的字段，或选择要装入的柜（二者选一）' }]);
  expect(await bulkState(t)).toEqual(before);
});

it('loads within the fill factor of the settings', async () => {
  const { container } = await box();
  const current = (await t.call('GET', '/v1/setting/consolidation', { token: clerk })).json();
  expect(current.value).toEqual({ fillFactorPercent: 100 });
  const put = await t.call('PUT', '/v1/setting/consolidation', {
    token: clerk,
    body: { value: { fillFactorPercent: 90 }, version: current.version },
  });
  expect(put.statusCode).toBe(200);
  try {
    const refused = await load([await waiting(100)], container.key);
    expect(refused.json().errorMessage).toBe(`装入后柜 ${container.key} 体积 64 m³，超过可装 61.2 m³`);
  } finally {
    await t.call('PUT', '/v1/setting/consolidation', {
      token: clerk,
      body: { value: { fillFactorPercent: 100 }, version: put.json().version },
    });
  }
});

it('keeps boxes and lines to their owner: another customer 404, the inspector 403, the clerk for the plan’s customer', async () => {
  const { container, plan } = await box();
  const mine = await waiting(5);
  const theirs = await waiting(5, {}, user2);
  expect((await load([theirs], container.key)).statusCode).toBe(404);
  const other = await load([theirs], container.key, user2);
  expect([other.statusCode, other.json().errorMessage]).toEqual([404, '柜不存在']);
  expect((await load([mine], container.key, inspector)).statusCode).toBe(403);
  const mixed = await load([mine, theirs], container.key, clerk);
  expect([mixed.statusCode, mixed.json().errorMessage]).toEqual([
    409,
    `明细 ${theirs.key} 与订舱计划 ${plan.key} 不属于同一客户`,
  ]);
  const byClerk = await load([mine], container.key, clerk);
  expect(byClerk.json()[0]).toMatchObject({ status: 'allocated', containerKey: container.key, ownerName: expect.any(String) });
});

it('refuses a box whose plan is no longer loading (shipped)', async () => {
  const { container, plan } = await box();
  await t.app.db.update(osbPlans).set({ status: 'SHIPPED' }).where(eq(osbPlans.key, plan.key));
  const refused = await load([await waiting(5)], container.key);
  expect([refused.statusCode, refused.json().errorMessage]).toEqual([409, `订舱计划 ${plan.key} 当前为「已出运」，不能装柜`]);
});

it('never fills a box past its capacity when loads race (8 loads of 12.8 m³ into 68 m³)', async () => {
  const { container } = await box();
  const lines = await Promise.all(Array.from({ length: 8 }, () => waiting(20)));
  const answers = await Promise.all(lines.map((line) => load([line], container.key)));
  const statuses = answers.map((answer) => answer.statusCode).sort();
  expect(statuses).toEqual([200, 200, 200, 200, 200, 422, 422, 422]);
  const held = (await bulkState(t)).lines.filter((line) => line.containerKey === container.key);
  expect(held).toHaveLength(5);
  expect(held.reduce((sum, line) => sum + line.cbm, 0)).toBeCloseTo(64, 6);
});

it('lists the open boxes with what they hold, each customer their own, the clerk everyone’s', async () => {
  const { plan, container } = await box(user2);
  const lines = [await waiting(10, {}, user2), await waiting(5, {}, user2)];
  expect((await load(lines, container.key, user2)).statusCode).toBe(200);
  const listed = async (token: string) => {
    const answer = await t.call('GET', `/v1/osbContainer?planKey=${plan.key}`, { token });
    return containerEndpoints.list.response.parse(answer.json()).data;
  };
  expect(await listed(user2)).toEqual([
    expect.objectContaining({
      key: container.key,
      planStatus: 'LOADING',
      pod: 'USLAX',
      lineCount: 2,
      cbmUsed: 9.6,
      weightUsed: 300,
      cbmLimit: 68,
    }),
  ]);
  expect(await listed(user)).toEqual([]);
  expect((await listed(clerk)).map((c) => c.key)).toEqual([container.key]);
  expect((await t.call('GET', '/v1/osbContainer', { token: inspector })).statusCode).toBe(403);
});

it('shows a box with its lines in loading order, and its load list as a workbook whose totals are the lines’ sums', async () => {
  const { plan, container } = await box(user2);
  const [first, second] = [await waiting(10, {}, user2), await waiting(4, {}, user2)];
  await load([first], container.key, user2);
  await load([second], container.key, user2);
  const detail = await t.call('GET', `/v1/osbContainer/${container.key}`, { token: user2 });
  const shown = containerEndpoints.get.response.parse(detail.json());
  expect([shown.lines.map((line) => line.key), shown.cbmUsed, shown.weightUsed]).toEqual([[first.key, second.key], 8.96, 280]);
  expect((await t.call('GET', `/v1/osbContainer/${container.key}`, { token: user })).statusCode).toBe(404);

  const sheet = await t.call('GET', `/v1/osbContainer/${container.key}/loadList`, { token: user2 });
  expect(sheet.headers['content-disposition']).toContain(encodeURIComponent(`装柜清单-${container.key}.xlsx`));
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(sheet.rawPayload as unknown as ArrayBuffer);
  const rows = workbook.worksheets[0].getSheetValues().slice(1) as unknown[][];
  expect(rows[0].slice(1, 5)).toEqual([`装柜清单 ${container.key}`, '40HQ', '封号 —', `订舱计划 ${plan.key}`]);
  expect(rows.slice(2, 4).map((row) => row[2])).toEqual([first.key, second.key]);
  expect(rows[4].slice(1)).toEqual(['合计', '', '', '', '', '', 14, 336, 252, 280, 8.96, '', shown.freight.cny, '']);
  // Each line's freight as the page splits it: CNY and a piece.
  expect(rows[1].slice(13, 15)).toEqual(['运费（CNY）', '每件运费（CNY）']);
  expect(rows.slice(2, 4).map((row) => row.slice(13, 15))).toEqual(
    shown.freight.lines.map((share) => [share.cny, share.cnyPerPiece]),
  );
  // Under the lines, the load plan: each block's cartons and place for the warehouse.
  expect(rows[6][1]).toBe('装柜图（40HQ，柜内 12032 × 2352 × 2698 mm；距离为米）');
  expect(rows[7].slice(1, 5)).toEqual(['顺序', 'PO号', '明细', '箱号']);
  expect(rows[8].slice(1, 5)).toEqual([1, first.poNo, first.key, '1-6']);
  expect((await t.call('GET', `/v1/osbContainer/${container.key}/loadList`, { token: user })).statusCode).toBe(404);
});

it('draws a box to scale for its owner and the clerk only, and says when the CBM hides cartons that do not fit', async () => {
  const { container } = await box(user2);
  const lines = [await waiting(10, {}, user2), await waiting(4, { gwPerCtn: 30, nwPerCtn: 25 }, user2)];
  await load(lines, container.key, user2);
  const answer = await t.call('GET', `/v1/osbContainer/${container.key}/loadPlan`, { token: user2 });
  const plan = containerEndpoints.loadPlan.response.parse(answer.json());
  const planned = lines.map(plannerLine);
  const inside = settingDefaults.containerCapacity['40HQ'].innerMm;
  const box40HQ = { lengthMm: inside.length, widthMm: inside.width, heightMm: inside.height, payloadKg: 26540 };
  expect(loadPlacementProblems(box40HQ, planned, plan)).toEqual([]);
  expect([plan.cartonsPlaced, plan.cartonsLeft, plan.cbmSum, plan.cbmCapacity]).toEqual([14, 0, 8.96, 68]);
  // The PO loaded first goes deepest, on the floor; the gap across is split between the sides.
  expect(plan.blocks[0]).toMatchObject({ lineKey: lines[0].key, x: 0, z: 0 });
  const left = Math.min(...plan.blocks.map((b) => b.y));
  const right = Math.max(...plan.blocks.map((b) => b.y + b.ny * b.widthMm));
  expect(Math.abs(left - (inside.width - right))).toBeLessThanOrEqual(1);
  expect(plan.legend).toEqual([
    { poNo: lines[0].poNo, colour: stickerPalette[0] },
    { poNo: lines[1].poNo, colour: stickerPalette[1] },
  ]);
  expect(plan.warnings).toEqual([expect.stringMatching(/^重心纵向偏离中心 -\d+(\.\d)?%（超过 10%），偏向柜头$/)]);
  expect((await t.call('GET', `/v1/osbContainer/${container.key}/loadPlan`, { token: user })).statusCode).toBe(404);
  expect((await t.call('GET', `/v1/osbContainer/${container.key}/loadPlan`, { token: clerk })).statusCode).toBe(200);
  expect((await t.call('GET', `/v1/osbContainer/${container.key}/loadPlan`, { token: inspector })).statusCode).toBe(403);

  // 60 cartons of 1.12 m³: 67.2 m³ within the 68 m³, but 1.4 m high they stand one layer only.
  const { container: tall } = await box(user2);
  await load([await waiting(60, { ctnH: 140 }, user2)], tall.key, user2);
  const tallPlan = (await t.call('GET', `/v1/osbContainer/${tall.key}/loadPlan`, { token: user2 })).json();
  expect(tallPlan.cartonsLeft).toBeGreaterThan(0);
  expect(tallPlan.unplaced[0]).toMatchObject({ reason: 'space', reasonText: '柜内空间不足', cartonTo: 60 });
  expect(tallPlan.warnings[0]).toBe(`${tallPlan.cartonsLeft} 箱装不下：体积合计 67.2 m³ 未超容量 68 m³，但按纸箱尺寸放不下`);
});

it('prints the load plan as a PDF for the box’s owner and the clerk only (its text is read in the browser test)', async () => {
  const { container } = await box(user2);
  await load([await waiting(12, {}, user2), await waiting(6, {}, user2)], container.key, user2);
  const pdf = await t.call('GET', `/v1/osbContainer/${container.key}/loadPlan/pdf`, { token: user2 });
  expect([pdf.statusCode, pdf.headers['content-type']]).toEqual([200, 'application/pdf']);
  expect(pdf.headers['content-disposition']).toContain(encodeURIComponent(`装柜图-${container.key}.pdf`));
  expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  expect((await t.call('GET', `/v1/osbContainer/${container.key}/loadPlan/pdf`, { token: clerk })).statusCode).toBe(200);
  expect((await t.call('GET', `/v1/osbContainer/${container.key}/loadPlan/pdf`, { token: user })).statusCode).toBe(404);
});

it('splits the box’s freight over its lines and POs to the cent, by CBM or, as the clerk chooses, by weight', async () => {
  const { plan, container } = await box(user2);
  const [heavy, light] = [await waiting(10, { gwPerCtn: 60, nwPerCtn: 55 }, user2), await waiting(30, {}, user2)];
  await load([heavy, light], container.key, user2);
  const detailOf = async (token = user2) =>
    containerEndpoints.get.response.parse((await t.call('GET', `/v1/osbContainer/${container.key}`, { token })).json());
  const { freight, version } = await detailOf();
  // The plan's locked USD 2 000, Shanghai's THC (CNY) and the documentation fee (USD) of the default settings.
  expect(freight.charges).toEqual([
    { name: '海运费', amount: 2000, currency: 'USD' },
    { name: '码头操作费 THC', amount: 1280, currency: 'CNY' },
    { name: '文件费', amount: 45, currency: 'USD' },
  ]);
  expect(freight.totals).toEqual([
    { currency: 'USD', amount: 2045 },
    { currency: 'CNY', amount: 1280 },
  ]);
  // By CBM (6.4 m³ and 19.2 m³): a quarter and three quarters.
  expect(freight.lines.map((line) => [line.key, line.amounts])).toEqual([
    [
      heavy.key,
      [
        { currency: 'USD', amount: 511.25 },
        { currency: 'CNY', amount: 320 },
      ],
    ],
    [
      light.key,
      [
        { currency: 'USD', amount: 1533.75 },
        { currency: 'CNY', amount: 960 },
      ],
    ],
  ]);
  expect(freight.pos.map((po) => po.key)).toEqual([heavy.poNo, light.poNo]);
  expect(freight.ratesUsed).toEqual([{ month: '2026-01', currency: 'USD', toCny: 7.1 }]);
  expect(freight.lines[0].cnyPerPiece).toBe(Math.round(((511.25 * 7.1 + 320) / heavy.totalQty) * 100) / 100);
  expect(plan.priceSnapshot.amount).toBe(2000);

  // The customer may not choose the split; the clerk may.
  const put = (token: string, body: object) =>
    t.call('PUT', `/v1/osbplan/${plan.key}/container/${container.key}`, { token, body });
  const refused = await put(user2, { freightBasis: 'gw', version });
  expect([refused.statusCode, refused.json().errorMessage]).toEqual([403, '运费分摊方式由单证员选择']);
  expect((await put(clerk, { freightBasis: 'gw', version })).statusCode).toBe(200);
  const byWeight = (await detailOf()).freight;
  // 600 kg against 600 kg: halves.
  expect([byWeight.basis, byWeight.lines.map((line) => line.amounts[0].amount)]).toEqual(['gw', [1022.5, 1022.5]]);

  // A line moved out: the one left carries the whole freight.
  await load([(await t.call('GET', `/v1/packing/bulkdata/${heavy.key}`, { token: user2 })).json()], null, user2);
  const after = (await detailOf()).freight;
  expect(after.lines.map((line) => [line.key, line.amounts[0].amount])).toEqual([[light.key, 2045]]);
  expect((await t.call('GET', `/v1/osbContainer/${container.key}`, { token: user })).statusCode).toBe(404);

  // Shipped, the box leaves the loading pages; its freight stays readable for the lines' pages, by its owner only.
  await t.app.db.update(osbPlans).set({ status: 'SHIPPED' }).where(eq(osbPlans.key, plan.key));
  expect((await t.call('GET', `/v1/osbContainer/${container.key}`, { token: user2 })).statusCode).toBe(404);
  const shipped = await t.call('GET', `/v1/osbContainer/${container.key}/freight`, { token: user2 });
  expect(containerEndpoints.freight.response.parse(shipped.json())).toEqual(after);
  expect((await t.call('GET', `/v1/osbContainer/${container.key}/freight`, { token: clerk })).statusCode).toBe(200);
  expect((await t.call('GET', `/v1/osbContainer/${container.key}/freight`, { token: user })).statusCode).toBe(404);
});
