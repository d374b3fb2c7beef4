import ColumnSettings, { useHiddenColumns } from '@/components/ColumnSettings';
import type { UserModelState } from '@/models/user';
import ExportButton from '@/components/ExportButton';
import { ColumnHeightOutlined, ReloadOutlined } from '@ant-design/icons';
import type { Route } from '@contract/shared/endpoint';
import { Dropdown, Space, Table, Tooltip, theme } from 'antd';
import type { TableColumnsType, TableProps } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useDispatch, useSelector } from 'umi';
import { columnKey, fittedTable } from './columns';
import { totalText } from './totalText';

/** What a list call answers (contract ListResult, with the capped total of large lists). */
export interface ResourcePage<T> {
  data: T[];
  total: number;
  totalIsEstimate?: boolean;
  totalCap?: number;
}

export interface PageParams {
  current: number;
  pageSize: number;
  /** `field:ascend|descend`, when the user sorted a column. */
  sorter?: string;
}

/**
 * How long a first visit waits for its first page before drawing the table empty, under its loading blur. An
 * answer within it is drawn with the table at once: drawing the empty table, then its rows, then restyling the
 * whole table as the blur goes took ~100 ms more on a 2-core machine.
 */
export const FIRST_PAGE_GRACE_MS = 300;

type Density = NonNullable<TableProps['size']>;
const densities: { key: Density; label: string }[] = [
  { key: 'large', label: '宽松' },
  { key: 'middle', label: '中等' },
  { key: 'small', label: '紧凑' },
];

export interface ResourceTableProps<T, F> {
  /** The list's key in the user's `config` (its remembered page size) and in this browser (hidden columns). */
  listType: string;
  title: ReactNode;
  rowKey: (keyof T & string) | ((row: T) => string);
  columns: TableColumnsType<T>;
  /** Calls the list service; `undefined` (a failure request.ts already reported) leaves the page as it was. */
  request: (params: PageParams & F) => Promise<ResourcePage<T> | undefined>;
  /**
   * Each page shown, for a page that keeps its rows (the versions a batch action sends). Called once the table is
   * drawn: `request` may run while it is first drawn, before its page exists to take a state.
   */
  onPage?: (page: ResourcePage<T>) => void;
  /** The query form's values: a change starts again at the first page. */
  filters: F;
  /** Buttons beside the table's title. */
  toolbar?: ReactNode;
  /** The list's export call: 导出 writes every row of the current filters and order to an xlsx. */
  exportRoute?: Route;
  /**
   * The export's query when it is not the list's filters as they are: what the list asks beside them (the hall's
   * 拼柜 · 待拼柜), or the filters in the export's words (a week as its days), so that the export holds what it lists.
   */
  exportQuery?: (filters: F) => Record<string, unknown>;
  /** Row selection with the bar shown above the table while rows are chosen. */
  /** The bar's accessible name says what is selected (`所选明细`). */
  selection?: { keys: string[]; onChange: (keys: string[]) => void; bar: ReactNode; label?: string };
  /** Columns the user cannot hide (the key and the actions). */
  lockedColumns?: string[];
  /** Bump to load the page again (after a change). */
  reloads?: number;
  defaultPageSize?: number;
  expandable?: TableProps<T>['expandable'];
}

/** What the list call is asked: the filters, the page and the order. */
const pageParams = <F extends object>(filters: F, current: number, pageSize: number, sorter?: string) => ({
  ...filters,
  current,
  pageSize,
  ...(sorter ? { sorter } : {}),
});

/**
 * A list page's table, as Ant Design Pro's ProTable behaves without its weight: server paging and sorting, the
 * page size remembered for the user (`user.config[listType]`, saved only when it changed), density, column
 * settings, refresh, the total (capped totals included) and a selection bar. A page is its columns and actions.
 */
export default function ResourceTable<T extends object, F extends object>({
  listType,
  title,
  rowKey,
  columns,
  request,
  onPage,
  filters,
  toolbar,
  exportRoute,
  exportQuery,
  selection,
  lockedColumns = [],
  reloads = 0,
  defaultPageSize = 20,
  expandable,
}: ResourceTableProps<T, F>) {
  const dispatch = useDispatch();
  const { token } = theme.useToken();
  const savedPageSize = useSelector((state: { user: UserModelState }) => state.user.currentUser?.config?.[listType]);
  const [current, setCurrent] = useState(1);
  const [pageSize, setPageSize] = useState(savedPageSize ?? defaultPageSize);
  const [sorter, setSorter] = useState<string>();
  const [refreshes, setRefreshes] = useState(0);
  const [page, setPage] = useState<ResourcePage<T>>();
  const [loading, setLoading] = useState(false);
  const [graceOver, setGraceOver] = useState(false);
  // Ant Design Pro's tables start at 中等.
  const [density, setDensity] = useState<Density>('middle');
  const [hiddenColumns, setHiddenColumns] = useHiddenColumns(listType);
  const [shownFilters, setShownFilters] = useState(filters);

  // New filters start again at the first page (in the same render, so that no page of the old filters loads).
  if (shownFilters !== filters) {
    setShownFilters(filters);
    setCurrent(1);
  }

  // The first page is asked for as the list is first drawn, not once it has been (reads leave at once, request.ts):
  // the answer arrives while the page around the table is built, and the table is then drawn with its rows. The
  // first load below takes it when nothing changed in between.
  const firstRead = useRef<{ params: string; answer: Promise<ResourcePage<T> | undefined> } | null>();
  if (firstRead.current === undefined) {
    const params = pageParams(shownFilters, current, pageSize, sorter);
    firstRead.current = { params: JSON.stringify(params), answer: request(params) };
  }

  // Once the first page is in, the grace no longer matters: its end must not draw the whole table again.
  useEffect(() => {
    if (page) return undefined;
    const timer = setTimeout(() => setGraceOver(true), FIRST_PAGE_GRACE_MS);
    return () => clearTimeout(timer);
  }, [page]);

  useEffect(() => {
    let live = true;
    const params = pageParams(shownFilters, current, pageSize, sorter);
    const early = firstRead.current;
    firstRead.current = null;
    setLoading(true);
    (early?.params === JSON.stringify(params) ? early.answer : request(params)).then((answer) => {
      if (!live) return;
      setLoading(false);
      if (answer) setPage(answer);
    });
    return () => {
      live = false;
    };
  }, [request, shownFilters, current, pageSize, sorter, reloads, refreshes]);
  useEffect(() => {
    if (page) onPage?.(page);
  }, [page, onPage]);

  const onChange: TableProps<T>['onChange'] = (pagination, _filters, sort, { action }) => {
    if (action === 'sort') {
      const { field, order } = Array.isArray(sort) ? sort[0] : sort;
      setSorter(field && order ? `${String(field)}:${order}` : undefined);
      return;
    }
    if (action !== 'paginate') return;
    const size = pagination.pageSize ?? pageSize;
    if (size === pageSize) {
      setCurrent(pagination.current ?? 1);
      return;
    }
    // Another page size starts again at the first page, and is remembered for the user.
    setPageSize(size);
    setCurrent(1);
    dispatch({ type: 'user/savePageSize', payload: { listType, pageSize: size } });
  };

  const visibleColumns = columns.filter((column) => !hiddenColumns.includes(columnKey(column as never)));
  const fitted = fittedTable(visibleColumns, { selection: Boolean(selection), expandable: Boolean(expandable) });
  const bar = selection?.keys.length ? (
    <div
      role="toolbar"
      aria-label={selection.label ?? '所选记录'}
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 16,
        marginBlockEnd: 16,
        paddingBlock: token.paddingSM,
        paddingInline: token.paddingLG,
        borderRadius: token.borderRadiusLG,
        background: token.colorFillAlter,
      }}
    >
      {selection.bar}
    </div>
  ) : null;

  return (
    <div style={{ background: token.colorBgContainer, borderRadius: token.borderRadiusLG, padding: token.paddingLG }}>
      <div style={{ display: 'flex', alignItems: 'center', marginBlockEnd: 16 }}>
        <span style={{ flex: 1, fontSize: token.fontSizeLG, fontWeight: 500 }}>{title}</span>
        <Space size={16}>
          {toolbar}
          {exportRoute && (
            <ExportButton
              route={exportRoute}
              query={{ ...(exportQuery ? exportQuery(shownFilters) : shownFilters), ...(sorter ? { sorter } : {}) }}
            />
          )}
          <Tooltip title="刷新">
            <ReloadOutlined aria-label="刷新" style={{ fontSize: 16 }} onClick={() => setRefreshes((n) => n + 1)} />
          </Tooltip>
          <Dropdown
            trigger={['click']}
            menu={{
              items: densities,
              selectable: true,
              selectedKeys: [density],
              onClick: ({ key }) => setDensity(key as Density),
            }}
          >
            <Tooltip title="密度">
              <ColumnHeightOutlined aria-label="密度" style={{ fontSize: 16 }} />
            </Tooltip>
          </Dropdown>
          <ColumnSettings
            options={columns.map((column) => ({
              key: columnKey(column as never),
              title: column.title as ReactNode,
              locked: lockedColumns.includes(columnKey(column as never)),
            }))}
            hidden={hiddenColumns}
            onChange={setHiddenColumns}
          />
        </Space>
      </div>
      {bar}
      {!page && !graceOver ? (
        <div aria-busy="true" aria-label="加载中" style={{ minHeight: 240 }} />
      ) : (
        <Table<T>
          rowKey={rowKey}
          size={density}
          columns={fitted.columns}
          dataSource={page?.data}
          loading={loading}
          expandable={expandable}
          {...fitted.props}
          onChange={onChange}
          pagination={{
            current,
            pageSize,
            total: page?.total ?? 0,
            showSizeChanger: { id: `${listType}-page-size`, 'aria-label': '每页条数' },
            pageSizeOptions: [10, 20, 50, 100],
            showTotal: (total) => totalText(total, page?.totalIsEstimate, page?.totalCap),
          }}
          rowSelection={
            selection
              ? {
                  selectedRowKeys: selection.keys,
                  onChange: (keys) => selection.onChange(keys as string[]),
                  onCell: fitted.selectionCell,
                }
              : undefined
          }
        />
      )}
    </div>
  );
}
