import * as realQs from 'qs';
import { parse, stringify } from './qs';

const options = { arrayFormat: 'repeat', strictNullHandling: true } as const;

test.each([
  [{ current: 1, pageSize: 20, sorter: 'updatedAt:descend' }],
  [{ q: '上海 工厂&A=B', poNo: 'PO#1/2' }],
  [{ keys: ['a', 'b', 'c'] }],
  [{ empty: '', none: null, missing: undefined, flag: true, zero: 0 }],
  [{ filter: JSON.stringify({ status: ['a', 'b'] }) }],
  [{}],
])('stringify(%j) writes what qs writes', (params) => {
  expect(stringify(params)).toBe(realQs.stringify(params, options));
});

test.each(['a=1&b=2', 'redirect=%2Fshipment%3Fx%3D1', 'k=1&k=2&k=3', 'flag&x=', 'name=%E5%BC%A0%E4%B8%89', 'a=b+c', ''])(
  'parse(%j) reads what qs reads',
  (text) => {
    expect(parse(text)).toEqual(realQs.parse(text, { strictNullHandling: true }));
  },
);
