import { arrangedColumns, columnsWidth, fittedTable } from './columns';

const columns = [
  { title: '计划编号', dataIndex: 'key', width: 130 },
  { title: '船公司', dataIndex: 'carrier', width: 100 },
  { title: '操作', key: 'actions', width: 120 },
  { title: '状态', dataIndex: 'status', width: 90 },
  { title: '锁定运价', key: 'price' },
];

describe('arrangedColumns and columnsWidth: the key, status and actions always in view', () => {
  it('fixes the key and the status on the left, the actions on the right, the rest between in their order', () => {
    expect(arrangedColumns(columns).map((c) => [c.title, c.fixed])).toEqual([
      ['计划编号', 'left'],
      ['状态', 'left'],
      ['船公司', undefined],
      ['锁定运价', undefined],
      ['操作', 'right'],
    ]);
  });

  it('counts every column, one without a width too, and antd’s selection and expand columns', () => {
    expect(columnsWidth(columns, {})).toBe(130 + 100 + 120 + 90 + 120);
    expect(columnsWidth(columns, { selection: true, expandable: true })).toBe(560 + 32 + 48);
  });
});

describe('fittedTable: the fixed columns held in place by CSS, at offsets from the widths', () => {
  const cellOf = (column: { onCell?: unknown }) => (column.onCell as () => { className: string; style: object })();

  it('places the left ones after the selection checkboxes and the right ones from the end, none fixed for antd', () => {
    const { columns: placed, props, selectionCell } = fittedTable(columns, { selection: true });
    expect(placed.map((c) => [c.title, c.fixed])).toEqual([
      ['计划编号', undefined],
      ['状态', undefined],
      ['船公司', undefined],
      ['锁定运价', undefined],
      ['操作', undefined],
    ]);
    expect(selectionCell?.()).toEqual({ className: 'ant-table-cell-fix-left', style: { left: 0 } });
    expect(cellOf(placed[0])).toEqual({ className: 'ant-table-cell-fix-left', style: { left: 32 } });
    expect(cellOf(placed[1])).toEqual({
      className: 'ant-table-cell-fix-left ant-table-cell-fix-left-last',
      style: { left: 32 + 130 },
    });
    expect(placed[2].onCell).toBeUndefined();
    expect(cellOf(placed[4])).toEqual({
      className: 'ant-table-cell-fix-right ant-table-cell-fix-right-first',
      style: { right: 0 },
    });
    // The header cells sit where the body's do; no horizontal `scroll`, with which rc-table would measure them.
    expect((placed[1].onHeaderCell as () => unknown)()).toEqual(cellOf(placed[1]));
    expect(props).toEqual({
      className: 'shipdesk-sticky-table',
      tableLayout: 'fixed',
      style: { '--shipdesk-table-width': `${560 + 32}px` },
    });
  });

  it('leaves a table with expandable rows to antd, which then holds an expanded row in view', () => {
    const fitted = fittedTable(columns, { expandable: true });
    expect(fitted.columns).toEqual(arrangedColumns(columns));
    expect(fitted.props).toEqual({ scroll: { x: 560 + 48 } });
  });
});
