/** Page marks: which orders may seek, and which mark serves a page. The seek itself is tested on the lists. */
import { asc, desc, sql } from 'drizzle-orm';
import { inspections } from '../db/schema';
import { orderColumns, pageMarks } from './pageMarks';

test('an order of plain terms over NOT NULL columns may seek; any other may not', () => {
  expect(orderColumns([asc(inspections.result), desc(inspections.inspectedAt), asc(inspections.key)])).toEqual([
    { column: inspections.result, descending: false },
    { column: inspections.inspectedAt, descending: true },
    { column: inspections.key, descending: false },
  ]);
  expect(orderColumns([sql`min(${inspections.inspectedAt})`, asc(inspections.key)])).toBeUndefined();
});

test('a page starts at the nearest mark at or before it, within reach, under the same generation only', () => {
  const marks = pageMarks([]);
  marks.set('list', 7, 1000, ['a']);
  marks.set('list', 7, 1500, ['b']);
  expect(marks.find('list', 7, 1520)).toEqual({ offset: 1500, values: ['b'] });
  expect(marks.find('list', 7, 1499)).toEqual({ offset: 1000, values: ['a'] });
  expect(marks.find('list', 7, 2600)).toBeUndefined();
  expect(marks.find('list', 7, 999)).toBeUndefined();
  expect(marks.find('other', 7, 1000)).toBeUndefined();
  expect(marks.find('list', 8, 1000)).toBeUndefined();
  // A mark made under a newer generation replaces the older ones.
  marks.set('list', 8, 2000, ['c']);
  expect(marks.find('list', 8, 1500)).toBeUndefined();
  expect(marks.find('list', 7, 1500)).toBeUndefined();
});
