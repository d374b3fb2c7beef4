import { changesAll, readsAll, writes } from './access';
import { bulkAccess } from '../packing/codes';

test('packing lines: customers write their own, clerks read and change all, inspectors read all and write nothing', () => {
  const of = (role: 'user' | 'documentClerk' | 'inspector') => [
    readsAll(bulkAccess, [role]),
    changesAll(bulkAccess, [role]),
    writes(bulkAccess, [role]),
  ];
  expect(of('user')).toEqual([false, false, true]);
  expect(of('documentClerk')).toEqual([true, true, true]);
  expect(of('inspector')).toEqual([true, false, false]);
  // Several roles: the widest one counts.
  expect(readsAll(bulkAccess, ['user', 'inspector'])).toBe(true);
});
