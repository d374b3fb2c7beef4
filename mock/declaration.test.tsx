/**
 * @jest-environment-options {"customExportConditions": ["node", "require", "default"]}
 */
// .tsx on purpose: umi's dev server loads every mock/**/*.[jt]s as mock routes, and must not load this test.
import type { Declaration } from '../contract/declaration/schema';
import type { Order } from '../contract/order/schema';
import type { Plan } from '../contract/plan/schema';
import type { PriceMonth } from '../contract/price/schema';
import { addDays, chinaToday } from '../contract/plan/codes';
import { mockCaller } from '../tests/support/mockCall';
import orderRoutes from './order';
import planRoutes from './plan';
import declarationRoutes from './declaration';
import priceRoutes from './price';

const call = mockCaller({ ...planRoutes, ...orderRoutes, ...declarationRoutes, ...priceRoutes });

test('the mock keeps a handover from its booked order to 已放行 by the contract’s rules', async () => {
  const month = addDays(chinaToday(), 31).slice(0, 7);
  const query = { pol: 'CNSHA', pod: 'USLAX', containerType: '40HQ', month };
  const { cheapestKey } = (await call('GET /v1/osbPrice', 'user', { query })).body as PriceMonth;
  const plan = (
    await call('POST /v1/osbplan/', 'user', { body: { priceKey: cheapestKey, quantity: 1, osbFactory: 'SH-GARMENT' } })
  ).body as Plan;
  await call('PUT /v1/osbplan/:key', 'user', { params: { key: plan.key }, body: { status: 'SUBMITTED', version: plan.version } });
  const [order] = (await call('GET /v1/osbOrder', 'clerk', { query: { planKey: plan.key } })).body.data as Order[];
  expect((await call('POST /v1/declaration', 'clerk', { body: { orderKey: order.key } })).status).toBe(409);
  await call('PATCH /v1/osbOrder/:key', 'clerk', {
    params: { key: order.key },
    body: { action: 'book', carrierBookingNo: 'MAEU778001', vessel: 'MAERSK ESSEN', voyage: '612E', version: order.version },
  });
  expect((await call('POST /v1/declaration', 'user', { body: { orderKey: order.key } })).status).toBe(403);
  let declaration = (await call('POST /v1/declaration', 'clerk', { body: { orderKey: order.key } })).body as Declaration;
  const put = async (body: object) => {
    const answer = await call('PUT /v1/declaration/:key', 'clerk', {
      params: { key: declaration.key },
      body: { ...body, version: declaration.version },
    });
    if (answer.status === 200) declaration = answer.body as Declaration;
    return answer;
  };
  const pdf = Buffer.from('%PDF-1.4');
  const file = { fieldname: 'file', originalname: '合同.pdf', mimetype: 'application/pdf', size: pdf.length, buffer: pdf };
  const key = { key: declaration.key, document: 'contract' };
  const uploaded = await call('POST /v1/declaration/:key/documents/:document', 'clerk', { params: key, files: [file] });
  expect([uploaded.status, uploaded.body.documents.contract, uploaded.body.files.contract.fileName]).toEqual([
    200,
    true,
    '合同.pdf',
  ]);
  declaration = uploaded.body as Declaration;
  const bad = await call('POST /v1/declaration/:key/documents/:document', 'clerk', {
    params: key,
    files: [{ ...file, originalname: '合同.exe' }],
  });
  expect(bad.status).toBe(422);
  const back = await call('GET /v1/declaration/:key/documents/:document', 'clerk', { params: key });
  expect([back.headers['content-type'], (back.body as Buffer).equals(pdf)]).toEqual(['application/pdf', true]);
  expect((await put({ status: 'HANDED_OVER' })).body.fields.documents).toBe('缺少单证：发票、装箱单、报关委托书、申报要素');
  const documents = { contract: true, invoice: true, packingList: true, powerOfAttorney: true, declarationElements: true };
  const lines = [{ hsCode: '6109100022', name: '棉制针织T恤', qty: 100, unit: '件', unitPrice: 2.5 }];
  await put({ documents, contractNo: 'SC-9', invoiceNo: 'INV-9', broker: '报关行', lines });
  expect(declaration.lines[0].totalPrice).toBe(250);
  for (const status of ['HANDED_OVER', 'DECLARED', 'RELEASED']) expect((await put({ status })).status).toBe(200);
  expect((await put({ status: 'INSPECTION' })).body.errorMessage).toBe(
    `报关交接 ${declaration.key} 当前为「已放行」，不能改为「查验」`,
  );
});
