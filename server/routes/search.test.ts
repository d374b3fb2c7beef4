/**
 * 搜索 API: a number by its start — PO and ODG item number, B/L number, container number, plan and order key, SO
 * number, declaration, SSCC — among what the caller may see, grouped by kind with its status and page. Another
 * customer's numbers never appear, not even as a group; empty and hostile text find nothing or are refused.
 */
import { asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { SearchResult } from '../../contract/search/codes';
import type { StickerSheet } from '../../contract/sticker/schema';
import { billsOfLading, bulkLines, declarations, osbContainers, osbOrders } from '../db/schema';
import { createLine } from '../testing/bulk';
import { createDemoApp, type DemoName } from '../testing/demo';
import type { TestApp } from '../testing/harness';

let t: TestApp;
let token: Record<DemoName, string>;
let userId: string;

beforeAll(async () => {
  let id: Record<DemoName, string>;
  ({ t, token, id } = await createDemoApp());
  userId = id.user;
});
afterAll(() => t.close());

const search = async (q: string, as: string) => {
  const response = await t.call('GET', `/v1/search?q=${encodeURIComponent(q)}`, { token: token[as as DemoName] });
  expect([q, response.statusCode]).toEqual([q, 200]);
  return response.json<SearchResult>();
};
const kinds = (result: SearchResult) => result.groups.map((group) => group.kind);
const titles = (result: SearchResult, kind: string) =>
  result.groups.find((group) => group.kind === kind)?.items.map((item) => item.title) ?? [];

it('finds a PO by its start, case aside, and opens the page of the reader', async () => {
  const [line] = await t.app.db.select().from(bulkLines).where(eq(bulkLines.owner, userId)).orderBy(asc(bulkLines.key)).limit(1);
  const prefix = line.poNo.slice(0, 6).toLowerCase();
  const mine = await search(prefix, 'user');
  expect(titles(mine, 'po')).toContain(`PO ${line.poNo}`);
  const item = mine.groups[0].items.find((found) => found.title === `PO ${line.poNo}`)!;
  expect(item.path).toBe(`/shipment/packing?poNo=${line.poNo}`);
  expect(item.status).toMatch(/\p{Script=Han}/u);
  expect(item.description).not.toContain('陈客户');
  const clerk = await search(prefix, 'clerk');
  expect(clerk.groups[0].items.find((found) => found.title === `PO ${line.poNo}`)).toMatchObject({
    path: `/shipment/shippingBulk?poNo=${line.poNo}`,
    // The staff read every company's: the customer with their 客户公司.
    description: expect.stringContaining('陈客户（华东服饰有限公司）'),
  });
  const inspector = await search(prefix, 'inspector');
  expect(inspector.groups[0].items[0].path).toMatch(/^\/shipment\/inspection\?poNo=/);
  // The other customer: not a line of it, not a group.
  expect((await search(prefix, 'user2')).groups.flatMap((group) => group.items)).toEqual(
    expect.not.arrayContaining([expect.objectContaining({ title: `PO ${line.poNo}` })]),
  );
  expect(titles(await search(line.odgItemNo.slice(0, 5), 'user'), 'po')).toContain(`货号 ${line.odgItemNo}`);
});

it("keeps another customer's numbers out entirely", async () => {
  const other = await createLine(t, token.user2, { poNo: 'ZQ-ONLY-USER2' });
  expect(titles(await search('zq-only', 'user2'), 'po')).toEqual([`PO ${other.poNo}`]);
  expect(await search('zq-only', 'user')).toEqual({ q: 'zq-only', groups: [] });
  expect(titles(await search('ZQ-ONLY', 'clerk'), 'po')).toEqual([`PO ${other.poNo}`]);
});

it('finds a B/L, a container, an order by its SO, a declaration and a plan, each where its reader reads it', async () => {
  const [bol] = await t.app.db.select().from(billsOfLading).orderBy(asc(billsOfLading.key)).limit(1);
  const byBol = await search(bol.bolNo!.slice(0, 8), 'clerk');
  expect(byBol.groups.find((group) => group.kind === 'bol')?.items[0]).toMatchObject({
    title: bol.bolNo,
    path: `/shipment/multi/bol/${bol.key}`,
  });
  expect(titles(await search(bol.bolNo!, 'user'), 'bol')).toEqual([bol.bolNo]);
  expect(titles(await search(bol.bolNo!, 'user2'), 'bol')).toEqual([]);

  const [box] = await t.app.db.select().from(osbContainers).where(isNotNull(osbContainers.containerNo)).limit(1);
  if (box) {
    const found = (await search(box.containerNo!.slice(0, 6).toLowerCase(), 'user')).groups.find((g) => g.kind === 'container');
    expect(found?.items.map((item) => item.title)).toContain(box.containerNo);
    expect(titles(await search(box.containerNo!, 'inspector'), 'container')).toEqual([]);
  }

  const [order] = await t.app.db
    .select()
    .from(osbOrders)
    .where(sql`${osbOrders.carrierBookingNo} <> ''`)
    .limit(1);
  const bySo = await search(order.carrierBookingNo!.slice(0, 7), 'clerk');
  expect(bySo.groups.find((group) => group.kind === 'order')?.items).toEqual(
    expect.arrayContaining([expect.objectContaining({ title: order.key, path: `/osb/order/${order.key}` })]),
  );
  // The customer finds their plan by the same SO; the order list is not theirs.
  const customer = await search(order.carrierBookingNo!, 'user');
  expect(titles(customer, 'plan')).toEqual([order.planKey]);
  expect(kinds(customer)).not.toContain('order');
  expect(titles(await search(order.planKey.toLowerCase(), 'user'), 'plan')).toEqual([order.planKey]);

  const [declaration] = await t.app.db.select().from(declarations).limit(1);
  if (declaration) {
    expect(titles(await search(declaration.key, 'clerk'), 'declaration')).toEqual([declaration.key]);
    expect(kinds(await search(declaration.key, 'user'))).not.toContain('declaration');
  }
});

it('finds a carton by its whole SSCC, for its owner and the clerk only', async () => {
  const [line] = await t.app.db.select().from(bulkLines).where(eq(bulkLines.owner, userId)).orderBy(asc(bulkLines.key)).limit(1);
  const sheet = (await t.call('GET', `/v1/stickers?keys=${line.key}`, { token: token.user })).json<StickerSheet>();
  const [{ sscc, ssccText }] = sheet.stickers;
  const found = await search(`00${sscc}`, 'user');
  expect(found.groups.find((group) => group.kind === 'carton')?.items[0]).toMatchObject({
    title: ssccText,
    path: `/shipment/packing/${line.key}`,
  });
  expect(titles(await search(ssccText, 'clerk'), 'carton')).toEqual([ssccText]);
  expect(await search(sscc, 'user2')).toEqual({ q: sscc, groups: [] });
});

it('finds nothing for empty or one-character text, takes hostile text literally, and refuses what is no search', async () => {
  for (const q of ['', '  ', 'X']) expect((await search(q, 'clerk')).groups).toEqual([]);
  for (const q of ['%', '__', "' or 1=1 --", '\\', '4500%', '(00)', '😀😀', 'ＰＯ']) {
    const result = await search(q, 'clerk');
    expect(
      result.groups.flatMap((group) => group.items).every((item) => item.title.toLowerCase().includes(q.toLowerCase().trim())),
    ).toBe(true);
  }
  for (const q of ['x'.repeat(41), 'a\nb', 'a\u0000b']) {
    const response = await t.call('GET', `/v1/search?q=${encodeURIComponent(q)}`, { token: token.clerk });
    expect([q, response.statusCode]).toEqual([q, 400]);
  }
  expect((await t.call('GET', '/v1/search?q=4500')).statusCode).toBe(401);
});
