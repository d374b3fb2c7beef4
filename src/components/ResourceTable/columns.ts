/**
 * How a table's columns sit on a desktop screen, for ResourceTable and for the detail pages' own tables: the key
 * column (the first) and the status fixed on the left, the actions (操作) on the right, and a scroll width that
 * counts every column, so that none ends up beneath a fixed one.
 *
 * The fixed columns are held by CSS alone (`fittedTable`), at offsets summed from the declared widths. antd's own
 * `fixed` needs a horizontal `scroll`, and with it rc-table measures every column once the table is drawn, draws
 * every row again with the measured offsets, and sets the table's edge classes a frame later: ~70 ms of a 20-row
 * 装箱单 visit on a 2-core machine.
 */
import type { TableColumnsType } from 'antd';
import type { CSSProperties } from 'react';

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

/** antd's columns beside the data that a table has. */
type Extra = { selection?: boolean; expandable?: boolean };

/** The room a column takes: its width, or UNSIZED_WIDTH when it has none. */
const widthOf = (column: { width?: unknown }) => Number(column.width) || UNSIZED_WIDTH;

/** The width the columns need: the scroll width, so that no column ends up beneath a fixed one. */
export const columnsWidth = <T>(columns: TableColumnsType<T>, extra: Extra) =>
  columns.reduce((width, column) => width + widthOf(column), 0) +
  (extra.selection ? SELECTION_WIDTH : 0) +
  (extra.expandable ? EXPAND_WIDTH : 0);

type Side = 'left' | 'right';

/** antd's own classes of a fixed cell: its sticky position, background and layer come with them. */
const fixedCell = (side: Side, at: number, edge = false) => ({
  className: `ant-table-cell-fix-${side}${edge ? ` ant-table-cell-fix-${side}-${side === 'left' ? 'last' : 'first'}` : ''}`,
  style: { [side]: at },
});

/** The arranged columns, the fixed ones placed at offsets summed from the widths (none is `fixed` for antd). */
function stickyColumns<T>(columns: TableColumnsType<T>, extra: Extra): TableColumnsType<T> {
  const arranged = arrangedColumns(columns);
  const cells = new Map<number, ReturnType<typeof fixedCell>>();
  const place = (side: Side, indexes: number[], start: number) =>
    indexes.reduce((at, i, n) => {
      cells.set(i, fixedCell(side, at, n === indexes.length - 1));
      return at + widthOf(arranged[i]);
    }, start);
  const indexesOf = (side: Side) => arranged.flatMap((column, i) => (column.fixed === side ? [i] : []));
  place('left', indexesOf('left'), extra.selection ? SELECTION_WIDTH : 0);
  place('right', indexesOf('right').reverse(), 0);
  return arranged.map((column, i) => {
    const cell = cells.get(i);
    return cell ? { ...column, fixed: undefined, onCell: () => cell, onHeaderCell: () => cell } : column;
  });
}

/** The body cells of antd's selection column, at the left edge (their header: global.css). */
const selectionCell = () => fixedCell('left', 0);

/**
 * A table's columns and the props that lay it out: it scrolls sideways within its card, wide enough for every
 * column, the key, status and actions in view. A table with expandable rows keeps antd's own fixed columns: rc-table
 * holds an expanded row's content within the visible width only then.
 */
export function fittedTable<T>(columns: TableColumnsType<T>, extra: Extra) {
  if (extra.expandable) {
    const arranged = arrangedColumns(columns);
    return { columns: arranged, props: { scroll: { x: columnsWidth(arranged, extra) } } };
  }
  const placed = stickyColumns(columns, extra);
  return {
    columns: placed,
    props: {
      className: 'shipdesk-sticky-table',
      tableLayout: 'fixed' as const,
      style: { '--shipdesk-table-width': `${columnsWidth(placed, extra)}px` } as CSSProperties,
    },
    selectionCell,
  };
}
