import ColumnSettings, { useHiddenColumns } from '@/components/ColumnSettings';
import LazyDialog from '@/components/LazyDialog';
import { totalText } from '@/components/ResourceTable/totalText';
import type { PackingModelState, PackingPage, PackingResult } from '@/models/packing';
import type { UserModelState } from '@/models/user';
import type { ExportedFile } from '@/services/packing';
import { formatDateTime } from '@/utils/date';
import type { BulkLine, BulkListQuery } from '@contract/bulk';
import { bulkFieldLabels as labels, bulkTypeLabels, packTypeLabels } from '@contract/bulkCodes';
import type { DeleteResult } from '@contract/common';
import { isBulkEditable } from '@contract/bulkRules';
import { ColumnHeightOutlined, DownloadOutlined, PlusOutlined, ReloadOutlined, UploadOutlined } from '@ant-design/icons';
import { PageContainer } from '@ant-design/pro-components';
import { Button, Dropdown, Popconfirm, Space, Table, Tooltip, message, theme } from 'antd';
import type { TableColumnsType, TableProps } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import { lazy, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useDispatch, useSelector } from 'umi';
import FilterForm, { type PackingFilters } from './components/FilterForm';
import { BulkStatusTag } from '@/components/StatusTags';
import { formatCartonRange, formatCbm, formatKg, formatQty, saveFile } from './format';

/** The key of this list in the user's `config`, where its page size is remembered. */
export const PACKING_LIST_TYPE = 'packing';
const DEFAULT_PAGE_SIZE = 20;

type SearchParams = PackingFilters & { current?: number; pageSize?: number };

/** The table's page, filters and sort as the list call's query (one sort field, `field:ascend|descend`). */
export function toListQuery(params: SearchParams, sort: Record<string, SortOrder>): BulkListQuery {
  const { current, pageSize, ...filters } = params;
  const [field, order] = Object.entries(sort).find(([, value]) => value) ?? [];
  return {
    ...(filters as BulkListQuery),
    current,
    pageSize,
    ...(field && order ? { sorter: `${field}:${order}` } : {}),
  };
}

// The dialogs are not needed to show the list: each loads the first time it opens, and pointing at what opens
// it starts the download.
const load = {
  line: () => import('./components/LineDrawer'),
  split: () => import('./components/SplitModal'),
  merge: () => import('./components/MergeModal'),
  batchEdit: () => import('./components/BatchEditModal'),
  import: () => import('./components/ImportModal'),
};
const LineDrawer = lazy(load.line);
const SplitModal = lazy(load.split);
const MergeModal = lazy(load.merge);
const BatchEditModal = lazy(load.batchEdit);
const ImportModal = lazy(load.import);

type Density = NonNullable<TableProps['size']>;
const densities: { key: Density; label: string }[] = [
  { key: 'large', label: '宽松' },
  { key: 'middle', label: '中等' },
  { key: 'small', label: '紧凑' },
];

type Editing = { line?: BulkLine } | undefined;

/** Always shown: the line's key and its actions. */
const lockedColumns = ['key', 'actions'];
const columnKey = (column: TableColumnsType<BulkLine>[number]) =>
  String(column.key ?? ('dataIndex' in column ? column.dataIndex : ''));

export default function PackingListPage() {
  const dispatch = useDispatch();
  const { token } = theme.useToken();
  const { list, selectedRowKeys, factories } = useSelector((state: { packing: PackingModelState }) => state.packing);
  const savedPageSize = useSelector((state: { user: UserModelState }) => state.user.currentUser?.config?.[PACKING_LIST_TYPE]);
  const [filters, setFilters] = useState<PackingFilters>({});
  const [current, setCurrent] = useState(1);
  const [pageSize, setPageSize] = useState(savedPageSize ?? DEFAULT_PAGE_SIZE);
  const [sort, setSort] = useState<Record<string, SortOrder>>({});
  const [reloads, setReloads] = useState(0);
  const [page, setPage] = useState<PackingPage>();
  const [loading, setLoading] = useState(false);
  // Ant Design Pro's tables start at 中等.
  const [density, setDensity] = useState<Density>('middle');
  const [hiddenColumns, setHiddenColumns] = useHiddenColumns(PACKING_LIST_TYPE);
  const [editing, setEditing] = useState<Editing>();
  const [splitting, setSplitting] = useState<BulkLine>();
  const [merging, setMerging] = useState(false);
  const [batchEditing, setBatchEditing] = useState(false);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);

  useEffect(() => {
    dispatch({ type: 'packing/fetchLookups' });
  }, [dispatch]);

  useEffect(() => {
    let live = true;
    setLoading(true);
    const query = toListQuery({ ...filters, current, pageSize }, sort);
    (dispatch({ type: 'packing/fetch', payload: { query } }) as unknown as Promise<PackingPage>).then((answer) => {
      if (!live) return;
      setLoading(false);
      // A failed call (already reported by request.ts) leaves the page shown as it was.
      if (answer.success) setPage(answer);
    });
    return () => {
      live = false;
    };
  }, [dispatch, filters, current, pageSize, sort, reloads]);

  const selectedLines = useMemo(() => list.filter((line) => selectedRowKeys.includes(line.key)), [list, selectedRowKeys]);
  const reload = () => setReloads((count) => count + 1);
  const select = (keys: string[]) => dispatch({ type: 'packing/select', payload: keys });

  const search = (next: PackingFilters) => {
    setFilters(next);
    setCurrent(1);
  };

  const onTableChange: TableProps<BulkLine>['onChange'] = (pagination, _filters, sorter, { action }) => {
    if (action === 'sort') {
      const { field, order } = Array.isArray(sorter) ? sorter[0] : sorter;
      setSort(field && order ? { [String(field)]: order } : {});
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
    dispatch({ type: 'user/savePageSize', payload: { listType: PACKING_LIST_TYPE, pageSize: size } });
  };

  const removeLine = async (line: BulkLine) => {
    const result = (await dispatch({ type: 'packing/remove', payload: line })) as unknown as PackingResult<DeleteResult>;
    if (!result.ok) return;
    message.success(`已删除明细 ${line.key}`);
    reload();
  };

  const removeSelected = async () => {
    const result = (await dispatch({
      type: 'packing/removeMany',
      payload: selectedRowKeys,
    })) as unknown as PackingResult<DeleteResult>;
    if (!result.ok) return;
    message.success(`已删除 ${result.data.deleted} 条明细`);
    reload();
  };

  const exportList = async () => {
    setExporting(true);
    const file = (await dispatch({ type: 'packing/exportFile' })) as unknown as ExportedFile | undefined;
    setExporting(false);
    if (file) saveFile(file.blob, file.fileName);
  };

  const detailLink = (line: BulkLine, text: string) => (
    <Link key="detail" to={`/shipment/packing/${encodeURIComponent(line.key)}`}>
      {text}
    </Link>
  );

  const columns: TableColumnsType<BulkLine> = [
    { title: labels.key, dataIndex: 'key', fixed: 'left', width: 110, render: (_, line) => detailLink(line, line.key) },
    { title: labels.type, dataIndex: 'type', width: 80, render: (_, line) => bulkTypeLabels[line.type] },
    { title: labels.poNo, dataIndex: 'poNo', sorter: true, width: 120 },
    { title: labels.styleNo, dataIndex: 'styleNo', sorter: true, width: 110 },
    { title: labels.colour, dataIndex: 'colour', width: 110, ellipsis: true },
    { title: labels.factoryCode, dataIndex: 'factoryCode', width: 80 },
    { title: labels.packType, dataIndex: 'packType', width: 90, render: (_, line) => packTypeLabels[line.packType] },
    {
      title: '箱号',
      dataIndex: 'cartonFrom',
      sorter: true,
      width: 100,
      render: (_, line) => formatCartonRange(line.cartonFrom, line.cartonTo),
    },
    {
      title: labels.cartonCount,
      dataIndex: 'cartonCount',
      align: 'right',
      width: 70,
      render: (_, line) => formatQty(line.cartonCount),
    },
    {
      title: labels.totalQty,
      dataIndex: 'totalQty',
      sorter: true,
      align: 'right',
      width: 90,
      render: (_, line) => formatQty(line.totalQty),
    },
    { title: labels.totalGw, dataIndex: 'totalGw', align: 'right', width: 110, render: (_, line) => formatKg(line.totalGw) },
    { title: labels.cbm, dataIndex: 'cbm', sorter: true, align: 'right', width: 100, render: (_, line) => formatCbm(line.cbm) },
    { title: labels.destination, dataIndex: 'destination', width: 120, ellipsis: true },
    { title: labels.exFactoryDate, dataIndex: 'exFactoryDate', sorter: true, width: 110 },
    {
      title: labels.status,
      dataIndex: 'status',
      sorter: true,
      width: 90,
      render: (_, line) => <BulkStatusTag status={line.status} />,
    },
    {
      title: labels.updatedAt,
      dataIndex: 'updatedAt',
      sorter: true,
      width: 190,
      render: (_, line) => formatDateTime(line.updatedAt),
    },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 170,
      render: (_, line) => {
        const editable = isBulkEditable(line.status);
        return (
          <Space size="small">
            {detailLink(line, '详情')}
            {editable ? (
              <a onClick={() => setEditing({ line })} onMouseEnter={load.line}>
                编辑
              </a>
            ) : null}
            {editable && line.cartonCount > 1 ? (
              <a onClick={() => setSplitting(line)} onMouseEnter={load.split}>
                拆分
              </a>
            ) : null}
            {editable ? (
              <Popconfirm title={`确定删除明细 ${line.key}？`} okText="删除" cancelText="取消" onConfirm={() => removeLine(line)}>
                <a>删除</a>
              </Popconfirm>
            ) : null}
          </Space>
        );
      },
    },
  ];

  const shownColumns = columns.filter((column) => !hiddenColumns.includes(columnKey(column)));

  /** The filter form and the table stand on white panels, like Ant Design Pro's cards. */
  const panel = { background: token.colorBgContainer, borderRadius: token.borderRadiusLG, padding: token.paddingLG };

  const allEditable = selectedLines.every((line) => isBulkEditable(line.status));

  const selectionBar = selectedRowKeys.length ? (
    <div
      role="toolbar"
      aria-label="所选明细"
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
      <span style={{ flex: 1 }}>已选择 {selectedRowKeys.length} 条明细</span>
      <Space size={16}>
        {allEditable ? (
          <>
            <a onClick={() => setBatchEditing(true)} onMouseEnter={load.batchEdit}>
              批量修改
            </a>
            {selectedLines.length >= 2 ? (
              <a onClick={() => setMerging(true)} onMouseEnter={load.merge}>
                合并
              </a>
            ) : null}
            <Popconfirm
              title={`确定删除所选的 ${selectedRowKeys.length} 条明细？`}
              description="删除后不能恢复。"
              okText="删除"
              cancelText="取消"
              onConfirm={removeSelected}
            >
              <a>批量删除</a>
            </Popconfirm>
          </>
        ) : (
          <span style={{ color: token.colorWarningText }}>所选明细中有已配柜或已出运的，不能批量修改、合并或删除</span>
        )}
        <a onClick={() => select([])}>取消选择</a>
      </Space>
    </div>
  ) : null;

  return (
    <PageContainer header={{ title: '装箱单' }}>
      <div style={{ ...panel, marginBlockEnd: 16, paddingBlockEnd: 0 }}>
        <FilterForm factories={factories} onSearch={search} />
      </div>
      <div style={panel}>
        <div style={{ display: 'flex', alignItems: 'center', marginBlockEnd: 16 }}>
          <span style={{ flex: 1, fontSize: token.fontSizeLG, fontWeight: 500 }}>装箱明细</span>
          <Space size={16}>
            <Space>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})} onMouseEnter={load.line}>
                新建
              </Button>
              <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} onMouseEnter={load.import}>
                导入
              </Button>
              <Button icon={<DownloadOutlined />} loading={exporting} onClick={exportList}>
                导出
              </Button>
            </Space>
            <Tooltip title="刷新">
              <ReloadOutlined aria-label="刷新" style={{ fontSize: 16 }} onClick={reload} />
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
                key: columnKey(column),
                title: column.title as ReactNode,
                locked: lockedColumns.includes(columnKey(column)),
              }))}
              hidden={hiddenColumns}
              onChange={setHiddenColumns}
            />
          </Space>
        </div>
        {selectionBar}
        <Table<BulkLine>
          rowKey="key"
          size={density}
          columns={shownColumns}
          dataSource={page?.data}
          loading={loading}
          scroll={{ x: shownColumns.reduce((width, column) => width + Number(column.width ?? 0), 0) }}
          onChange={onTableChange}
          pagination={{
            current,
            pageSize,
            total: page?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [10, 20, 50, 100],
            showTotal: (total) => totalText(total, page?.totalIsEstimate, page?.totalCap),
          }}
          rowSelection={{ selectedRowKeys, onChange: (keys) => select(keys as string[]) }}
        />
      </div>
      <LazyDialog open={editing !== undefined}>
        <LineDrawer
          open={editing !== undefined}
          line={editing?.line}
          onOpenChange={(open) => {
            if (!open) setEditing(undefined);
          }}
          onSaved={() => {
            setEditing(undefined);
            reload();
          }}
        />
      </LazyDialog>
      <LazyDialog open={splitting !== undefined}>
        <SplitModal
          line={splitting}
          onClose={() => setSplitting(undefined)}
          onSaved={() => {
            setSplitting(undefined);
            reload();
          }}
        />
      </LazyDialog>
      <LazyDialog open={merging}>
        <MergeModal
          open={merging}
          lines={selectedLines}
          onClose={() => setMerging(false)}
          onSaved={() => {
            setMerging(false);
            reload();
          }}
        />
      </LazyDialog>
      <LazyDialog open={batchEditing}>
        <BatchEditModal
          open={batchEditing}
          keys={selectedRowKeys}
          onOpenChange={setBatchEditing}
          onSaved={() => {
            setBatchEditing(false);
            reload();
          }}
        />
      </LazyDialog>
      <LazyDialog open={importing}>
        <ImportModal
          open={importing}
          onClose={() => setImporting(false)}
          onImported={() => {
            setImporting(false);
            reload();
          }}
        />
      </LazyDialog>
    </PageContainer>
  );
}
