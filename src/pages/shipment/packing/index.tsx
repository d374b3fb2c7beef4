import ExportButton from '@/components/ExportButton';
import LazyDialog from '@/components/LazyDialog';
import ResourceTable, { type PageParams } from '@/components/ResourceTable';
import { useLinkedFilters } from '@/components/ResourceTable/linkedFilters';
import type { LookupsModelState } from '@/models/lookups';
import { queryBulkLines } from '@/services/packing';
import { formatDateTime } from '@/utils/date';
import type { BulkLine, BulkListQuery } from '@contract/packing/schema';
import { bulkFieldLabels as labels, bulkRoutes, bulkTypeLabels, isBulkEditable, packTypeLabels } from '@contract/packing/codes';
import { DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { PageContainer } from '@ant-design/pro-components';
import { Button, Popconfirm, Space, message, theme } from 'antd';
import type { TableColumnsType } from 'antd';
import { lazy, useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useDispatch, useSelector } from 'umi';
import FilterForm, { type PackingFilters } from './components/FilterForm';
import { BulkStatusTag } from '@/components/StatusTags';
import { formatCartonRange, formatCbm, formatKg, formatQty } from './format';
import { removeLine as removeOne, removeLines } from './lineActions';

/** The key of this list in the user's `config`, where its page size is remembered. */
export const PACKING_LIST_TYPE = 'packing';

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

type Editing = { line?: BulkLine } | undefined;

/** Always shown: the line's key and its actions. */
const lockedColumns = ['key', 'actions'];

export default function PackingListPage() {
  const dispatch = useDispatch();
  const { token } = theme.useToken();
  const factories = useSelector((state: { lookups: LookupsModelState }) => state.lookups.factories);
  const [shown, setShown] = useState<BulkLine[]>([]);
  const [selectedRowKeys, select] = useState<string[]>([]);
  const [filters, setFilters] = useLinkedFilters<PackingFilters>(['status', 'poNo']);
  const [reloads, setReloads] = useState(0);
  const [editing, setEditing] = useState<Editing>();
  const [splitting, setSplitting] = useState<BulkLine>();
  const [merging, setMerging] = useState(false);
  const [batchEditing, setBatchEditing] = useState(false);
  const [importing, setImporting] = useState(false);

  useEffect(() => {
    dispatch({ type: 'lookups/fetch' });
  }, [dispatch]);

  // The filter form offers only the contract's values.
  const fetchPage = useCallback((params: PageParams & PackingFilters) => queryBulkLines(params as BulkListQuery, 'packing'), []);
  // The page's lines are kept for the batch actions, which send the versions shown.
  const onPage = useCallback((answer: { data: BulkLine[] }) => {
    setShown(answer.data);
    // A selection survives paging only for lines still shown.
    const visible = new Set(answer.data.map((line) => line.key));
    select((keys) => keys.filter((key) => visible.has(key)));
  }, []);

  const selectedLines = useMemo(() => shown.filter((line) => selectedRowKeys.includes(line.key)), [shown, selectedRowKeys]);
  const reload = () => setReloads((count) => count + 1);
  const afterSelectionChange = () => {
    select([]);
    reload();
  };

  const removeLine = async (line: BulkLine) => {
    const result = await removeOne(line);
    if (!result.ok) return;
    message.success(`已删除明细 ${line.key}`);
    reload();
  };

  const removeSelected = async () => {
    const result = await removeLines(selectedLines);
    if (!result.ok) return;
    message.success(`已删除 ${result.data.deleted} 条明细`);
    afterSelectionChange();
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

  /** The filter form stands on a white panel, like the table and Ant Design Pro's cards. */
  const panel = { background: token.colorBgContainer, borderRadius: token.borderRadiusLG, padding: token.paddingLG };

  const allEditable = selectedLines.every((line) => isBulkEditable(line.status));

  const selectionBar = (
    <>
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
        <Link to={`/tools/colorStickers?keys=${selectedRowKeys.join(',')}`}>打印彩贴</Link>
        <a onClick={() => select([])}>取消选择</a>
      </Space>
    </>
  );

  return (
    <PageContainer header={{ title: '装箱单' }}>
      <div style={{ ...panel, marginBlockEnd: 16, paddingBlockEnd: 0 }}>
        <FilterForm factories={factories} onSearch={setFilters} initialValues={filters} />
      </div>
      <ResourceTable<BulkLine, PackingFilters>
        listType={PACKING_LIST_TYPE}
        title="装箱明细"
        rowKey="key"
        columns={columns}
        request={fetchPage}
        onPage={onPage}
        filters={filters}
        lockedColumns={lockedColumns}
        reloads={reloads}
        selection={{ keys: selectedRowKeys, onChange: select, bar: selectionBar, label: '所选明细' }}
        toolbar={
          <Space>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})} onMouseEnter={load.line}>
              新建
            </Button>
            <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} onMouseEnter={load.import}>
              导入
            </Button>
            {/* The export takes the filters; its rows come newest first, as an import expects them. */}
            <ExportButton route={bulkRoutes.export} query={filters} icon={<DownloadOutlined />} />
          </Space>
        }
      />
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
            afterSelectionChange();
          }}
        />
      </LazyDialog>
      <LazyDialog open={batchEditing}>
        <BatchEditModal
          open={batchEditing}
          lines={selectedLines}
          onOpenChange={setBatchEditing}
          onSaved={() => {
            setBatchEditing(false);
            afterSelectionChange();
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
