/**
 * 客户公司 for the staff: the directory of companies (GET /v1/companies, the staff's alone), and the lists and
 * exports a clerk or an inspector reads of every company, each row naming its owner's company and each list
 * narrowed to one company by `ownerCompany`.
 */
import ExcelJS from 'exceljs';
import { createLine, setStatus } from '../testing/bulk';
import { createDemoApp, type DemoName } from '../testing/demo';
import type { TestApp } from '../testing/harness';

let t: TestApp;
let token: Record<DemoName, string>;
type Company = { key: string; name: string; shortCode: string };
let companies: Company[];

beforeAll(async () => {
  ({ t, token } = await createDemoApp());
  // The demo has no loose cargo: a booking of each company's.
  for (const [as, poNo] of [
    ['user', 'PO-OC1'],
    ['user2', 'PO-OC2'],
  ] as const) {
    const line = await createLine(t, token[as], { poNo, cartonTo: 4, destination: 'Hamburg' }, 'single');
    await setStatus(t, line.key, 'pendingConsolidation', 'pass');
    const booked = await t.call('POST', '/v1/looseBooking', {
      token: token[as],
      body: { versions: { [line.key]: line.version }, forwarder: '德迅', cfsCutOff: '2099-12-01' },
    });
    expect(booked.statusCode).toBe(201);
  }
  companies = (await get('/v1/companies', 'clerk')).json().data;
});
afterAll(() => t.close());

const get = (url: string, as: DemoName) => t.call('GET', url, { token: token[as] });

describe('GET /v1/companies', () => {
  it('lists every company by name for the staff, narrowed by name or short code', async () => {
    expect(companies.map((company) => company.name)).toEqual(expect.arrayContaining(['华东服饰有限公司', '林氏鞋业有限公司']));
    const names = companies.map((company) => company.name);
    expect(names).toEqual([...names].sort());
    for (const as of ['inspector', 'admin'] as const) expect((await get('/v1/companies', as)).json().data).toEqual(companies);
    const [huadong] = (await get(`/v1/companies?q=${encodeURIComponent('华东')}`, 'clerk')).json().data;
    expect(huadong.name).toBe('华东服饰有限公司');
    const byCode = (await get(`/v1/companies?q=${huadong.shortCode.toLowerCase()}`, 'clerk')).json().data;
    expect(byCode).toEqual([huadong]);
  });

  it('is not a customer’s to read: they do not learn of other customers', async () => {
    const refused = await get('/v1/companies', 'user');
    expect([refused.statusCode, refused.json().errorMessage]).toEqual([403, expect.stringMatching(/权限/)]);
  });

  it('refuses a page past its size in Chinese', async () => {
    const refused = await get('/v1/companies?pageSize=51', 'clerk');
    expect([refused.statusCode, refused.json().errorMessage]).toEqual([400, expect.stringContaining('每页最多 50 条')]);
  });
});

/** The staff's lists whose rows name their owner, each with who reads it. */
// `some`: the demo has 华东's rows there; `both`: and another company's too.
const lists: { url: string; as: DemoName; some?: boolean; both?: boolean }[] = [
  { url: '/v1/osbplan', as: 'clerk', some: true },
  { url: '/v1/bol', as: 'clerk', some: true },
  { url: '/v1/osbOrder', as: 'clerk', some: true },
  { url: '/v1/declaration', as: 'clerk' },
  { url: '/v1/looseBooking', as: 'clerk', some: true, both: true },
  { url: '/v1/handover', as: 'clerk' },
  { url: '/v1/inspection', as: 'inspector', some: true },
];

type Row = { key: string; ownerName: string; ownerCompanyName: string };
const rowsOf = async (url: string, as: DemoName): Promise<Row[]> => {
  const response = await get(url, as);
  expect(response.statusCode).toBe(200);
  return response.json().data;
};

it.each(lists)(
  '$url: each row names its company, and ownerCompany lists that company’s alone',
  async ({ url, as, some, both }) => {
    const every = await rowsOf(`${url}?pageSize=500`, as);
    const names = new Set(companies.map((company) => company.name));
    for (const row of every) expect(row.ownerCompanyName === '' || names.has(row.ownerCompanyName)).toBe(true);
    for (const company of companies) {
      const theirs = every.filter((row) => row.ownerCompanyName === company.name).map((row) => row.key);
      const filtered = await rowsOf(`${url}?pageSize=500&ownerCompany=${company.key}`, as);
      expect(filtered.map((row) => row.key).sort()).toEqual(theirs.sort());
    }
    if (some) {
      const huadong = every.filter((row) => row.ownerCompanyName === '华东服饰有限公司');
      expect(huadong.length).toBeGreaterThan(0);
      if (both) expect(huadong.length).toBeLessThan(every.length);
    }
    const refused = await get(`${url}?ownerCompany=华东`, as);
    expect([refused.statusCode, refused.json().fields?.ownerCompany]).toEqual([400, '客户公司编号有误']);
  },
);

it('a customer’s filter by another company finds nothing of it', async () => {
  const other = companies.find((company) => company.name === '林氏鞋业有限公司')!;
  expect(await rowsOf(`/v1/bol?ownerCompany=${other.key}`, 'user')).toEqual([]);
});

it.each(['/v1/osbplan/export', '/v1/bol/export', '/v1/osbOrder/export', '/v1/looseBooking/export', '/v1/inspection/export'])(
  '%s: a 客户公司 column, and one company’s rows by the filter',
  async (url) => {
    const as = url.startsWith('/v1/inspection') ? 'inspector' : 'clerk';
    const huadong = companies.find((company) => company.name === '华东服饰有限公司')!;
    const response = await get(`${url}?ownerCompany=${huadong.key}`, as);
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).map(String);
    const column = header.indexOf('客户公司');
    expect(column).toBeGreaterThan(0);
    expect(sheet.rowCount).toBeGreaterThan(1);
    sheet.eachRow((row, n) => {
      if (n > 1) expect(row.getCell(column).value).toBe(huadong.name);
    });
  },
);

it('出运对比: the clerk’s figures of one company, which with the others’ make the whole', async () => {
  const lineCount = async (query: string) => {
    const response = await get(`/v1/shipping/bulkdata/compare/summary${query}`, 'clerk');
    expect(response.statusCode).toBe(200);
    return response.json().totals.lineCount as number;
  };
  const every = await lineCount('');
  const each = await Promise.all(companies.map((company) => lineCount(`?ownerCompany=${company.key}`)));
  expect(each.every((count) => count > 0 && count < every)).toBe(true);
  expect(each.reduce((sum, count) => sum + count, 0)).toBe(every);
});
