/**
 * 报关交接: one per booked order with its goods lines from the packing lines, the documents and lines the clerk
 * completes, the handover refused while a document is missing (named), the HS code's format, the status moves
 * (legal and illegal), versions, and the clerk's resource only.
 */
import { asc, count, eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { declarationEndpoints, type Declaration } from '../../contract/declaration/schema';
import type { Order } from '../../contract/order/schema';
import { auditLog, declarationFiles, declarations, osbOrders, storedFileChunks, storedFiles } from '../db/schema';
import { seedLookups } from '../domain/demo/packing';
import { confirmedPlan, putPrice } from '../testing/booking';
import { createLine, setStatus } from '../testing/bulk';
import { multipartFile } from '../testing/upload';
import { createTestApp, type TestApp } from '../testing/harness';

let t: TestApp;
let user: string;
let user2: string;
let clerk: string;
let inspector: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedLookups(t.app.db);
  await t.addUser('cduser', ['user']);
  await t.addUser('cduser2', ['user']);
  await t.addUser('cdclerk', ['documentClerk']);
  await t.addUser('cdinspector', ['inspector']);
  [user, user2, clerk, inspector] = await Promise.all(['cduser', 'cduser2', 'cdclerk', 'cdinspector'].map((n) => t.login(n)));
});
afterAll(() => t.close());

let po = 0;
/** A booked order whose plan holds two loaded lines of one style (24 pieces a carton). */
async function bookedOrder() {
  const { plan, order } = await confirmedPlan(t, user, clerk, await putPrice(t, clerk, { containerType: '40HQ' }), 1);
  const box = (await t.call('POST', `/v1/osbplan/${plan.key}/container`, { token: user, body: {} })).json();
  const lines = [];
  for (const cartons of [10, 5]) {
    po += 1;
    const line = await createLine(t, user, { poNo: `PO-CD${po}`, cartonTo: cartons });
    await setStatus(t, line.key, 'pendingConsolidation', 'pass');
    lines.push({ ...line, version: line.version });
  }
  const loaded = await t.call('PATCH', '/v1/bulkslist', {
    token: user,
    body: {
      keys: lines.map((l) => l.key),
      versions: Object.fromEntries(lines.map((l) => [l.key, l.version])),
      containerKey: box.key,
    },
  });
  expect(loaded.statusCode).toBe(200);
  return order;
}

const create = (orderKey: string, token = clerk) => t.call('POST', '/v1/declaration', { token, body: { orderKey } });
const put = (d: Declaration, body: Record<string, unknown>, token = clerk) =>
  t.call('PUT', `/v1/declaration/${d.key}`, { token, body: { ...body, version: d.version } });
const allDocuments = { contract: true, invoice: true, packingList: true, powerOfAttorney: true, declarationElements: true };
async function state() {
  const [rows, [{ n }]] = await Promise.all([
    t.app.db.select().from(declarations).orderBy(asc(declarations.key)),
    t.app.db.select({ n: count() }).from(auditLog),
  ]);
  return { rows, audit: n };
}

it('creates one handover per booked order, its lines summed by style from the packing lines', async () => {
  const order = await bookedOrder();
  const created = await create(order.key);
  expect(created.statusCode).toBe(201);
  const declaration = declarationEndpoints.create.response.parse(created.json());
  expect(declaration).toMatchObject({ orderKey: order.key, status: 'PENDING', tradeTerm: 'FOB', currency: 'USD' });
  expect(declaration.lines).toEqual([{ hsCode: '', name: 'TS-2025-01', qty: 15 * 24, unit: '件', unitPrice: 0, totalPrice: 0 }]);
  expect(Object.values(declaration.documents)).toEqual([false, false, false, false, false]);
  const before = await state();
  const again = await create(order.key);
  expect([again.statusCode, again.json().errorCode]).toEqual([409, 'DECLARATION_EXISTS']);
  expect((await create('BO99999999')).statusCode).toBe(404);
  expect(await state()).toEqual(before);
});

it('hands over only with every document, the numbers, the broker and priced lines with 10-digit HS codes', async () => {
  let declaration: Declaration = (await create((await bookedOrder()).key)).json();
  const before = await state();
  const early = await put(declaration, { status: 'HANDED_OVER' });
  expect([early.statusCode, early.json().fields]).toEqual([
    422,
    {
      documents: '缺少单证：合同、发票、装箱单、报关委托书、申报要素',
      contractNo: '请填写合同号',
      invoiceNo: '请填写发票号',
      broker: '请填写报关行',
      'lines.0': '第 1 行商品缺少 10 位商品编号或单价',
    },
  ]);
  const badCode = await put(declaration, { lines: [{ hsCode: '620342', name: 'T恤', qty: 360, unit: '件', unitPrice: 3.5 }] });
  expect([badCode.statusCode, badCode.json().fields['lines.0.hsCode']]).toEqual([422, '商品编号为 10 位数字']);
  expect(await state()).toEqual(before);

  const filled = await put(declaration, {
    documents: { ...allDocuments, declarationElements: false },
    contractNo: 'SC-2026-118',
    invoiceNo: 'INV-2026-118',
    broker: '上海东方报关行',
    tradeTerm: 'CIF',
    lines: [{ hsCode: '6109100022', name: '棉制针织T恤', qty: 360, unit: '件', unitPrice: 3.55 }],
  });
  declaration = filled.json();
  expect(declaration.lines[0].totalPrice).toBe(1278);
  const missing = await put(declaration, { status: 'HANDED_OVER' });
  expect([missing.statusCode, missing.json().fields]).toEqual([422, { documents: '缺少单证：申报要素' }]);
  declaration = (await put(declaration, { documents: allDocuments, status: 'HANDED_OVER' })).json();
  expect(declaration.status).toBe('HANDED_OVER');
  expect(declaration.handedAt).not.toBeNull();
  const frozen = await put(declaration, { broker: '别家' });
  expect([frozen.statusCode, frozen.json().errorMessage]).toEqual([
    409,
    `报关交接 ${declaration.key} 当前为「已交接」，资料不能再改`,
  ]);
});

it('moves 已交接 → 已申报 → 查验 → 已放行 and refuses any other move, naming the state; versions are checked', async () => {
  let declaration: Declaration = (await create((await bookedOrder()).key)).json();
  const released = await put(declaration, { status: 'RELEASED' });
  expect([released.statusCode, released.json().errorMessage]).toEqual([
    409,
    `报关交接 ${declaration.key} 当前为「待交接」，不能改为「已放行」`,
  ]);
  declaration = (
    await put(declaration, {
      documents: allDocuments,
      contractNo: 'SC-1',
      invoiceNo: 'INV-1',
      broker: '报关行',
      lines: [{ hsCode: '6109100022', name: 'T恤', qty: 10, unit: '件', unitPrice: 2 }],
      status: 'HANDED_OVER',
    })
  ).json();
  for (const status of ['DECLARED', 'INSPECTION', 'RELEASED'] as const) {
    const moved = await put(declaration, { status });
    expect([status, moved.statusCode]).toEqual([status, 200]);
    declaration = moved.json();
  }
  expect((await put(declaration, { status: 'DECLARED' })).statusCode).toBe(409);
  const stale = await put({ ...declaration, version: 1 }, { status: 'DECLARED' });
  expect([stale.statusCode, stale.json().errorCode]).toEqual([409, 'VERSION_CONFLICT']);
  const detail = declarationEndpoints.get.response.parse(
    (await t.call('GET', `/v1/declaration/${declaration.key}`, { token: clerk })).json(),
  );
  expect(detail.history.map((h) => h.to)).toEqual(['PENDING', 'HANDED_OVER', 'DECLARED', 'INSPECTION', 'RELEASED']);
  const listed = await t.call('GET', `/v1/declaration?status=RELEASED&orderKey=${declaration.orderKey}`, { token: clerk });
  expect(listed.json().data.map((d: Declaration) => d.key)).toEqual([declaration.key]);

  const sheet = await t.call('GET', `/v1/declaration/${declaration.key}/elements`, { token: clerk });
  expect(sheet.headers['content-disposition']).toContain(encodeURIComponent(`申报要素-${declaration.key}.xlsx`));
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(sheet.rawPayload as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  expect(rows[2]).toEqual(['项号', '商品编号', '商品名称', '数量', '单位', '单价', '总价', '币制']);
  expect(rows[3]).toEqual([1, '6109100022', 'T恤', 10, '件', 2, 20, 'USD']);
  expect(rows[4]).toEqual(['合计', '', '', '', '', '', 20, 'USD']);
});

it('is the clerk’s: customers, another customer and the inspector are refused before anything is read', async () => {
  const order = await bookedOrder();
  for (const token of [user, user2, inspector]) {
    expect((await t.call('GET', '/v1/declaration', { token })).statusCode).toBe(403);
    expect((await create(order.key, token)).statusCode).toBe(403);
  }
  const [row] = await t.app.db.select().from(declarations).where(eq(declarations.orderKey, order.key));
  expect(row).toBeUndefined();
});

const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const uploadFile = (d: Declaration, document: string, file: Buffer, filename: string, token = clerk) => {
  const { payload, headers } = multipartFile(file, { filename, contentType: 'application/pdf' });
  return t.call('POST', `/v1/declaration/${d.key}/documents/${document}`, { token, body: payload, headers });
};

it('keeps a document’s uploaded file, ticks it, gives it back as it came; refuses bad files and other roles', async () => {
  let declaration: Declaration = (await create((await bookedOrder()).key)).json();
  const files = async () => ({
    rows: await t.app.db.select().from(declarationFiles),
    stored: await t.app.db.select().from(storedFiles),
  });
  const before = { ...(await state()), files: await files() };
  for (const [file, name, status] of [
    [pdf, 'contract.exe', 422],
    [Buffer.alloc(0), '合同.pdf', 422],
    [Buffer.alloc(10 * 1024 * 1024 + 1), '合同.pdf', 413],
    [Buffer.from('<html><body>not a pdf</body></html>'), 'x.pdf', 422],
    [pdf, '扫描.png', 422],
    [pdf, '发票.xlsx', 422],
  ] as const) {
    expect([name, (await uploadFile(declaration, 'contract', file, name)).statusCode]).toEqual([name, status]);
  }
  expect((await uploadFile(declaration, 'nonsense', pdf, '合同.pdf')).statusCode).toBe(404);
  const notMultipart = await t.call('POST', `/v1/declaration/${declaration.key}/documents/contract`, { token: clerk, body: {} });
  expect(notMultipart.statusCode).toBe(415);
  for (const token of [user, user2, inspector])
    expect((await uploadFile(declaration, 'contract', pdf, '合同.pdf', token)).statusCode).toBe(403);
  expect({ ...(await state()), files: await files() }).toEqual(before);

  const uploaded = await uploadFile(declaration, 'contract', pdf, 'C:\\扫描\\合同 SC-1.pdf');
  expect(uploaded.statusCode).toBe(200);
  declaration = declarationEndpoints.uploadDocument.response.parse(uploaded.json());
  expect(declaration.documents.contract).toBe(true);
  expect(declaration.version).toBe(2);
  expect(declaration.files.contract).toMatchObject({ fileName: '合同 SC-1.pdf', size: pdf.length });
  const again = declarationEndpoints.uploadDocument.response.parse(
    (await uploadFile(declaration, 'contract', Buffer.concat([pdf, pdf]), '合同-新.pdf')).json(),
  );
  expect(again.files.contract).toMatchObject({ fileName: '合同-新.pdf', size: pdf.length * 2 });

  const file = await t.call('GET', `/v1/declaration/${declaration.key}/documents/contract`, { token: clerk });
  expect([file.statusCode, file.headers['content-type']]).toEqual([200, 'application/pdf']);
  expect(file.headers['content-disposition']).toContain(encodeURIComponent('合同-新.pdf'));
  expect(Buffer.from(file.rawPayload).equals(Buffer.concat([pdf, pdf]))).toBe(true);
  const missing = await t.call('GET', `/v1/declaration/${declaration.key}/documents/invoice`, { token: clerk });
  expect([missing.statusCode, missing.json().errorMessage]).toEqual([404, `报关交接 ${declaration.key} 的发票没有上传文件`]);
  expect((await t.call('GET', `/v1/declaration/${declaration.key}/documents/contract`, { token: user })).statusCode).toBe(403);

  declaration = (
    await put(again, {
      documents: allDocuments,
      contractNo: 'SC-1',
      invoiceNo: 'INV-1',
      broker: '报关行',
      lines: [{ hsCode: '6109100022', name: 'T恤', qty: 10, unit: '件', unitPrice: 2 }],
      status: 'HANDED_OVER',
    })
  ).json();
  const late = await uploadFile(declaration, 'invoice', pdf, '发票.pdf');
  expect([late.statusCode, late.json().errorMessage]).toEqual([
    409,
    `报关交接 ${declaration.key} 当前为「已交接」，单证不能再改`,
  ]);
});

it('checks a document’s content against its type and keeps any size up to the limit whole, in chunks', async () => {
  const declaration: Declaration = (await create((await bookedOrder()).key)).json();
  const html = await uploadFile(declaration, 'contract', Buffer.from('<!doctype html><p>x</p>'), 'x.pdf');
  expect([html.statusCode, html.json().errorCode, html.json().fields.file]).toEqual([
    422,
    'FILE_CONTENT_MISMATCH',
    '文件内容不是 PDF：x.pdf 的内容与其类型不符，请上传原始文件',
  ]);
  const png = Buffer.concat([Buffer.from('\u0089PNG\r\n\u001a\n', 'latin1'), Buffer.alloc(64, 1)]);
  const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);
  const book = new ExcelJS.Workbook();
  book.addWorksheet('申报要素').addRow(['品名', 'T恤']);
  const xlsx = Buffer.from(await book.xlsx.writeBuffer());
  for (const [document, file, name] of [
    ['invoice', png, '发票.png'],
    ['packingList', jpeg, '装箱单.JPG'],
    ['declarationElements', xlsx, '申报要素.xlsx'],
  ] as const) {
    expect([name, (await uploadFile(declaration, document, file, name)).statusCode]).toEqual([name, 200]);
  }
  // Folders, control characters and NUL are dropped from the name; it is kept as the user sees it.
  const named = await uploadFile(declaration, 'powerOfAttorney', pdf, '../../etc/委托\u0007书\u0000.pdf');
  expect(named.json().files.powerOfAttorney.fileName).toBe('委托书.pdf');

  // 10 MB less a byte, of random bytes behind a PDF header: back byte for byte, over 40 chunks.
  const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(10 * 1024 * 1024 - 10)]);
  expect((await uploadFile(declaration, 'contract', big, '合同-扫描.pdf')).statusCode).toBe(200);
  const back = await t.call('GET', `/v1/declaration/${declaration.key}/documents/contract`, { token: clerk });
  expect(Buffer.from(back.rawPayload).equals(big)).toBe(true);
  // A replaced file is gone with its chunks: five documents, five stored files.
  expect((await uploadFile(declaration, 'contract', pdf, '合同.pdf')).statusCode).toBe(200);
  const kept = await t.app.db.select({ id: storedFiles.id }).from(storedFiles);
  const referenced = await t.app.db.select({ id: declarationFiles.fileId }).from(declarationFiles);
  expect(new Set(kept.map((f) => f.id))).toEqual(new Set(referenced.map((f) => f.id)));
  expect((await t.app.db.select().from(storedFileChunks)).length).toBeLessThan(10);
});

it('offers every order a handover may be opened for — booked, released or shipped, without one — by key, SO or customer', async () => {
  await t.addUser('cdowner', ['user'], { realName: '欧阳报关' });
  const owner = await t.login('cdowner');
  const { order: booked } = await confirmedPlan(t, owner, clerk, await putPrice(t, clerk), 1);
  const { order: toRelease } = await confirmedPlan(t, owner, clerk, await putPrice(t, clerk), 1);
  const released = await t.call('PATCH', `/v1/osbOrder/${toRelease.key}`, {
    token: clerk,
    body: { action: 'release', version: toRelease.version },
  });
  expect(released.json().status).toBe('RELEASED');
  const { order: taken } = await confirmedPlan(t, owner, clerk, await putPrice(t, clerk), 1);
  expect((await create(taken.key)).statusCode).toBe(201);
  await t.app.db.update(osbOrders).set({ status: 'SHIPPED' }).where(eq(osbOrders.key, taken.key));

  const offered = async (query: string) =>
    ((await t.call('GET', `/v1/osbOrder?declarable=true&pageSize=500${query}`, { token: clerk })).json().data as Order[]).map(
      (o) => o.key,
    );
  const all = await offered('');
  expect(all).toEqual(expect.arrayContaining([booked.key, toRelease.key]));
  expect(all).not.toContain(taken.key);
  expect(await offered(`&q=${booked.key.slice(0, -1)}`)).toContain(booked.key);
  expect(await offered(`&q=${booked.carrierBookingNo.toLowerCase()}`)).toEqual([booked.key]);
  expect(await offered(`&q=${encodeURIComponent('欧阳')}`)).toEqual(expect.arrayContaining([booked.key, toRelease.key]));
  expect(await offered(`&q=cdowner`)).toHaveLength(2);
  expect((await t.call('GET', '/v1/osbOrder?declarable=yes', { token: clerk })).statusCode).toBe(400);
  // Released and shipped orders are accepted, as offered.
  expect((await create(toRelease.key)).statusCode).toBe(201);
});
