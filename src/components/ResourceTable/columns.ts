/**
 * How a table's columns sit on a desktop screen, for ResourceTable and for the detail pages' own tables: the key
 * column (the first) and the status fixed on the left, the actions (操作) on the right, and a scroll width that
 * counts every column, so that none ends up beneath a fixed one.
 */
import type { TableColumnsType } from 'antd';

/** A column's key in settings and in the rules below: its `key`, else its `dataIndex`. */
export const columnKey = (column: { key?: unknown; dataIndex?: unknown }) => String(column.key ?? column.dataIndex ?? '');

/** antd's own columns beside the data: the selection checkboxes and the expand icons. */
const SELECTION_WIDTH = 32;
const EXPAND_WIDTH = 48;
/** A column without a width still takes room: counted at this, so the table never squeezes it under a fixed one. */
const UNSIZED_WIDTH = 120;

/**
 * The columns as a desktop screen shows them: the key column (the first) and the status stay on the left, the
 * actions (操作) on the right, whatever the scroll; the rest scroll between them.
 */
export function arrangedColumns<T>(columns: TableColumnsType<T>): TableColumnsType<T> {
  const role = (column: TableColumnsType<T>[number], i: number) =>
    i === 0 || column.fixed === 'left' || column.fixed === true || columnKey(column as never) === 'status'
      ? 'left'
      : column.fixed === 'right' || columnKey(column as never) === 'actions'
        ? 'right'
        : 'middle';
  const placed = columns.map((column, i) => ({ column, role: role(column, i) }));
  const fixedAs = (side: 'left' | 'right') =>
    placed.filter((entry) => entry.role === side).map(({ column }) => ({ ...column, fixed: side }));
  return [
    ...fixedAs('left'),
    ...placed.filter((entry) => entry.role === 'middle').map(({ column }) => column),
    ...fixedAs('right'),
  ];
}

/** The width the columns need: the scroll width, so that no column ends up beneath a fixed one. */
export const columnsWidth = <T>(columns: TableColumnsType<T>, extra: { selection?: boolean; expandable?: boolean }) =>
  columns.reduce((width, column) => width + (Number(column.width) || UNSIZED_WIDTH), 0) +
  (extra.selection ? SELECTION_WIDTH : 0) +
  (extra.expandable ? EXPAND_WIDTH : 0);
