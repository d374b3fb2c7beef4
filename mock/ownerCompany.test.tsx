/**
 * @jest-environment-options {"customExportConditions": ["node", "require", "default"]}
 */
// .tsx on purpose: umi's dev server loads every mock/**/*.[jt]s as mock routes, and must not load this test.
import type { Company } from '../contract/user/schema';
import { mockCaller } from '../tests/support/mockCall';
import companyRoutes from './company';
import inspectionRoutes from './inspection';

const call = mockCaller({ ...companyRoutes, ...inspectionRoutes });

test('the mock’s directory is the staff’s, by name, and its 客户公司 filter lists one company’s rows', async () => {
  expect((await call('GET /v1/companies', 'user')).status).toBe(403);
  const companies = (await call('GET /v1/companies', 'clerk')).body.data as Company[];
  expect(companies.map((company) => company.name)).toEqual(['华东服饰有限公司', '林氏鞋业有限公司']);
  const found = (await call('GET /v1/companies', 'clerk', { query: { q: '林氏' } })).body.data as Company[];
  expect(found.map((company) => company.name)).toEqual(['林氏鞋业有限公司']);

  const every = (await call('GET /v1/inspection', 'inspector', { query: { pageSize: '500' } })).body.data;
  expect(every.length).toBeGreaterThan(0);
  for (const company of companies) {
    const theirs = (await call('GET /v1/inspection', 'inspector', { query: { pageSize: '500', ownerCompany: company.key } })).body
      .data;
    expect(theirs).toEqual(every.filter((record: { ownerCompanyName: string }) => record.ownerCompanyName === company.name));
  }
  const refused = await call('GET /v1/inspection', 'inspector', { query: { ownerCompany: '华东' } });
  expect([refused.status, refused.body.errorMessage]).toEqual([400, expect.stringContaining('客户公司编号有误')]);
});
