import { arrangedColumns, columnsWidth } from './columns';

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
