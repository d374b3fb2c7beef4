import { createSessionStyleCache } from './styleCache';

it('keeps a style nobody uses any more, ready for the next page, and creates nothing on its own', () => {
  const cache = createSessionStyleCache();
  cache.opUpdate('ant-table', () => [1, 'the table style']);
  cache.opUpdate('ant-table', () => null);
  expect(cache.opGet('ant-table')).toEqual([0, 'the table style']);
  cache.opUpdate('ant-table', (previous) => [(previous?.[0] ?? 0) + 1, previous?.[1]]);
  expect(cache.opGet('ant-table')).toEqual([1, 'the table style']);
  cache.opUpdate('ant-tag', () => null);
  expect(cache.opGet('ant-tag')).toBeNull();
});
