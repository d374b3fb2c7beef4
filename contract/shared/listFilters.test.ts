import { rowMatches, type FilterRules } from './listFilters';

const rules: FilterRules = {
  key: ['key', 'keyPrefix'],
  status: ['status', 'equal'],
  vessel: ['vessel', 'anyCase'],
  poNo: ['poNo', 'prefix'],
  etdFrom: ['etd', 'atLeast'],
  etdTo: ['etd', 'atMost'],
  q: [['key', 'consignee'], 'prefixOfAny'],
  text: [['consignee'], 'contains'],
};
const row = {
  key: 'BL00000012',
  status: 'DRAFT',
  vessel: 'COSCO Pride',
  poNo: 'PO-77',
  etd: '2026-12-10',
  consignee: 'Acme Ltd',
};
const match = (query: Record<string, unknown>) => rowMatches(row, query, rules);

test('filters left out or empty match every row', () => {
  expect(match({})).toBe(true);
  expect(match({ status: '', key: undefined })).toBe(true);
});

test('each match as described', () => {
  expect(match({ key: 'bl0000' })).toBe(true);
  expect(match({ key: 'BL1' })).toBe(false);
  expect(match({ status: 'DRAFT' })).toBe(true);
  expect(match({ status: 'draft' })).toBe(false);
  expect(match({ vessel: 'cosco pride' })).toBe(true);
  expect(match({ vessel: 'COSCO' })).toBe(false);
  expect(match({ poNo: 'po-' })).toBe(true);
  expect(match({ etdFrom: '2026-12-10', etdTo: '2026-12-10' })).toBe(true);
  expect(match({ etdFrom: '2026-12-11' })).toBe(false);
  expect(match({ etdTo: '2026-12-09' })).toBe(false);
  expect(match({ q: 'acme' })).toBe(true);
  expect(match({ q: 'ltd' })).toBe(false);
  expect(match({ text: 'LTD' })).toBe(true);
});

test('every filter given must match', () => {
  expect(match({ status: 'DRAFT', vessel: 'cosco pride' })).toBe(true);
  expect(match({ status: 'DRAFT', vessel: 'other' })).toBe(false);
});
