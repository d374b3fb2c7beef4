/**
 * 箱码 API: a carton found by the SSCC on its sticker — 18 digits, the element string `00…` a scanner sends, or the
 * printed `(00) …` text; a wrong check digit is a 422 that says so; another customer's carton is a 404 like a
 * missing one; the clerk and the inspector find anyone's.
 */
import type { Carton } from '../../contract/carton/schema';
import type { StickerSheet } from '../../contract/sticker/schema';
import { gs1CheckDigit } from '../../contract/shared/gs1';
import { seedLookups } from '../domain/demo/packing';
import { createLine } from '../testing/bulk';
import { createTestApp, type TestApp } from '../testing/harness';

let t: TestApp;
let alice: string;
let bob: string;
let clerk: string;
let inspector: string;
let stickers: StickerSheet['stickers'];
let lineKeys: string[];

beforeAll(async () => {
  t = await createTestApp();
  await seedLookups(t.app.db);
  await t.addUser('cnalice', ['user']);
  await t.addUser('cnbob', ['user']);
  await t.addUser('cnclerk', ['documentClerk']);
  await t.addUser('cninspector', ['inspector']);
  [alice, bob, clerk, inspector] = await Promise.all(['cnalice', 'cnbob', 'cnclerk', 'cninspector'].map((n) => t.login(n)));
  const first = await createLine(t, alice, { poNo: 'PO-CN1', cartonFrom: 1, cartonTo: 4, sizeBreakdown: { S: 4, M: 8 } });
  const second = await createLine(t, alice, { poNo: 'PO-CN1', cartonFrom: 5, cartonTo: 6, colour: 'RED' });
  lineKeys = [first.key, second.key];
  stickers = (await t.call('GET', '/v1/stickers?poNo=PO-CN1', { token: alice })).json().stickers;
});
afterAll(() => t.close());

const lookup = (sscc: string, token = alice) => t.call('GET', `/v1/cartons/${encodeURIComponent(sscc)}`, { token });

it('finds a carton by its 18 digits, by the element string a scanner sends, and by the printed text', async () => {
  const fifth = stickers[4];
  for (const scanned of [fifth.sscc, `00${fifth.sscc}`, fifth.ssccText]) {
    const response = await lookup(scanned);
    expect(response.statusCode).toBe(200);
    expect(response.json<Carton>()).toEqual({
      sscc: fifth.sscc,
      ssccText: fifth.ssccText,
      poNo: 'PO-CN1',
      cartonNo: 5,
      lineKey: lineKeys[1],
      type: 'multi',
      styleNo: 'TS-2025-01',
      colour: 'RED',
      sizes: fifth.sizes,
      status: 'pendingInspection',
      planKey: null,
      containerKey: null,
      bolKey: null,
    });
  }
  expect((await lookup(stickers[0].sscc)).json<Carton>()).toMatchObject({ cartonNo: 1, lineKey: lineKeys[0] });
});

it('says a wrong check digit and a code that is no SSCC, with the field at fault', async () => {
  const { sscc } = stickers[0];
  const wrong = `${sscc.slice(0, 17)}${(Number(sscc[17]) + 1) % 10}`;
  const response = await lookup(wrong);
  expect(response.statusCode).toBe(422);
  expect(response.json().fields.sscc).toBe(`箱码校验位错误（第 18 位应为 ${sscc[17]}），请重新扫描`);
  for (const text of ['12345', 'x'.repeat(18), '1'.repeat(41)]) {
    const refused = await lookup(text);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().fields.sscc).toMatch(/箱码应为 18 位数字|40/);
  }
});

it('answers another customer’s carton as a missing one; the clerk and the inspector find anyone’s', async () => {
  const { sscc } = stickers[2];
  const foreign = await lookup(sscc, bob);
  expect(foreign.statusCode).toBe(404);
  const body = '06901234999999999';
  const unknown = await lookup(`${body}${gs1CheckDigit(body)}`, bob);
  expect(unknown.statusCode).toBe(404);
  expect(foreign.json().errorMessage).toBe(`没有箱码 ${sscc} 的箱`);
  for (const token of [clerk, inspector]) expect((await lookup(sscc, token)).json<Carton>().cartonNo).toBe(3);
});

it('does not take an SSCC of another company prefix for one printed here', async () => {
  const { sscc } = stickers[0];
  const body = `07654321${sscc.slice(8, 17)}`;
  expect((await lookup(`${body}${gs1CheckDigit(body)}`)).statusCode).toBe(404);
  expect((await t.call('GET', `/v1/cartons/${sscc}`)).statusCode).toBe(401);
});
