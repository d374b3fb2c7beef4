import type { PackingModelState, PackingPage, PackingResult } from '@/models/packing';
import type { UserModelState } from '@/models/user';
import type { ExportedFile } from '@/services/packing';
import { formatDateTime } from '@/utils/date';
import type { BulkLine, BulkListQuery } from '@contract/bulk';
import {
  bulkFieldLabels as labels,
  bulkStatusLabels,
  bulkStatuses,
  bulkTypeLabels,
  bulkTypes,
  packTypeLabels,
} from '@contract/bulkCodes';
import type { DeleteResult } from '@contract/common';
import { isBulkEditable } from '@contract/bulkRules';
import { DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { PageContainer, ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { Button, Popconfirm, Space, Typography, message } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useDispatch, useSelector } from 'umi';
import BatchEditModal from './components/BatchEditModal';
import ImportModal from './components/ImportModal';
import LineDrawer from './components/LineDrawer';
import MergeModal from './components/MergeModal';
import SplitModal from './components/SplitModal';
import { BulkStatusTag } from './components/StatusTags';
import { formatCartonRange, formatCbm, formatKg, formatQty, saveFile, totalText } from './format';

/** The key of this list in the user's `config`, where its page size is remembered. */
export const PACKING_LIST_TYPE = 'packing';
const DEFAULT_PAGE_SIZE = 20;

const enumOf = <T extends string>(codes: readonly T[], labelsOf: Record<T, string>) =>
  Object.fromEntries(codes.map((code) => [code, { text: labelsOf[code] }]));

type SearchParams = Partial<Record<'type' | 'poNo' | 'styleNo' | 'colour' | 'factoryCode' | 'destination' | 'status' | 'q' | 'exFactoryFrom' | 'exFactoryTo', string>> & {
  current?: number;
  pageSize?: number;
};

/** ProTable's params and sort as the list call's query (one sort field, `field:ascend|descend`). */
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

type Editing = { line?: BulkLine } | undefined;

export default function PackingListPage() {
  const dispatch = useDispatch();
  const actionRef = useRef<ActionType>();
  const { list, selectedRowKeys, factories, totalIsEstimate, totalCap } = useSelector(
    (state: { packing: PackingModelState }) => state.packing,
  );
  const savedPageSize = useSelector((state: { user: UserModelState }) => state.user.currentUser?.config?.[PACKING_LIST_TYPE]);
  const [pageSize, setPageSize] = useState(savedPageSize ?? DEFAULT_PAGE_SIZE);
  const [editing, setEditing] = useState<Editing>();
  const [splitting, setSplitting] = useState<BulkLine>();
  const [merging, setMerging] = useState(false);
  const [batchEditing, setBatchEditing] = useState(false);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);

  useEffect(() => {
    dispatch({ type: 'packing/fetchLookups' });
  }, [dispatch]);

  const selectedLines = useMemo(() => list.filter((line) => selectedRowKeys.includes(line.key)), [list, selectedRowKeys]);
  const reload = () => actionRef.current?.reload();

  const removeLine = async (line: BulkLine) => {
    const result = (await dispatch({ type: 'packing/remove', payload: line })) as unknown as PackingResult<DeleteResult>;
    if (!result.ok) return;
    message.success(`已删除明细 ${line.key}`);
    reload();
  };

  const removeSelected = async () => {
    const result = (await dispatch({ type: 'packing/removeMany', payload: selectedRowKeys })) as unknown as PackingResult<DeleteResult>;
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

  const columns: ProColumns<BulkLine>[] = [
    {
      title: labels.key,
      dataIndex: 'key',
      search: false,
      fixed: 'left',
      width: 110,
      render: (_, line) => <Link to={`/shipment/packing/${encodeURIComponent(line.key)}`}>{line.key}</Link>,
    },
    { title: '关键字', dataIndex: 'q', hideInTable: true, fieldProps: { placeholder: 'ODG货号 / PO号 / 款号 / 颜色' } },
    { title: labels.type, dataIndex: 'type', valueType: 'select', valueEnum: enumOf(bulkTypes, bulkTypeLabels), width: 80 },
    { title: labels.poNo, dataIndex: 'poNo', sorter: true, width: 120 },
    { title: labels.styleNo, dataIndex: 'styleNo', sorter: true, width: 110 },
    { title: labels.colour, dataIndex: 'colour', width: 110, ellipsis: true },
    {
      title: labels.factoryCode,
      dataIndex: 'factoryCode',
      valueType: 'select',
      width: 80,
      fieldProps: { showSearch: true, options: factories.map((f) => ({ value: f.code, label: `${f.code} ${f.name}` })) },
      render: (_, line) => line.factoryCode,
    },
    { title: labels.packType, dataIndex: 'packType', search: false, width: 90, render: (_, line) => packTypeLabels[line.packType] },
    {
      title: '箱号',
      dataIndex: 'cartonFrom',
      search: false,
      sorter: true,
      width: 100,
      render: (_, line) => formatCartonRange(line.cartonFrom, line.cartonTo),
    },
    { title: labels.cartonCount, dataIndex: 'cartonCount', search: false, align: 'right', width: 70, render: (_, line) => formatQty(line.cartonCount) },
    { title: labels.totalQty, dataIndex: 'totalQty', search: false, sorter: true, align: 'right', width: 90, render: (_, line) => formatQty(line.totalQty) },
    { title: labels.totalGw, dataIndex: 'totalGw', search: false, align: 'right', width: 110, render: (_, line) => formatKg(line.totalGw) },
    { title: labels.cbm, dataIndex: 'cbm', search: false, sorter: true, align: 'right', width: 100, render: (_, line) => formatCbm(line.cbm) },
    { title: labels.destination, dataIndex: 'destination', width: 120, ellipsis: true },
    {
      title: labels.exFactoryDate,
      dataIndex: 'exFactoryDate',
      valueType: 'dateRange',
      sorter: true,
      width: 110,
      render: (_, line) => line.exFactoryDate,
      search: { transform: ([exFactoryFrom, exFactoryTo]: [string, string]) => ({ exFactoryFrom, exFactoryTo }) },
    },
    {
      title: labels.status,
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: enumOf(bulkStatuses, bulkStatusLabels),
      sorter: true,
      width: 90,
      render: (_, line) => <BulkStatusTag status={line.status} />,
    },
    {
      title: labels.updatedAt,
      dataIndex: 'updatedAt',
      search: false,
      sorter: true,
      width: 190,
      render: (_, line) => formatDateTime(line.updatedAt),
    },
    {
      title: '操作',
      valueType: 'option',
      fixed: 'right',
      width: 170,
      render: (_, line) => {
        const editable = isBulkEditable(line.status);
        return [
          <Link key="detail" to={`/shipment/packing/${encodeURIComponent(line.key)}`}>
            详情
          </Link>,
          editable ? (
            <a key="edit" onClick={() => setEditing({ line })}>
              编辑
            </a>
          ) : null,
          editable && line.cartonCount > 1 ? (
            <a key="split" onClick={() => setSplitting(line)}>
              拆分
            </a>
          ) : null,
          editable ? (
            <Popconfirm key="delete" title={`确定删除明细 ${line.key}？`} okText="删除" cancelText="取消" onConfirm={() => removeLine(line)}>
              <a>删除</a>
            </Popconfirm>
          ) : null,
        ];
      },
    },
  ];

  const allEditable = selectedLines.every((line) => isBulkEditable(line.status));

  return (
    <PageContainer header={{ title: '装箱单' }}>
      <ProTable<BulkLine, SearchParams>
        rowKey="key"
        actionRef={actionRef}
        columns={columns}
        scroll={{ x: 1700 }}
        search={{ labelWidth: 'auto', defaultCollapsed: true }}
        request={async (params, sort) =>
          (await dispatch({ type: 'packing/fetch', payload: { query: toListQuery(params, sort) } })) as unknown as PackingPage
        }
        pagination={{
          pageSize,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (total) => totalText(total, totalIsEstimate, totalCap),
          onChange: (_page, size) => {
            if (size === pageSize) return;
            setPageSize(size);
            dispatch({ type: 'user/savePageSize', payload: { listType: PACKING_LIST_TYPE, pageSize: size } });
          },
        }}
        rowSelection={{
          selectedRowKeys,
          onChange: (keys) => dispatch({ type: 'packing/select', payload: keys as string[] }),
        }}
        tableAlertRender={({ selectedRowKeys: keys }) => <span>已选择 {keys.length} 条明细</span>}
        tableAlertOptionRender={({ onCleanSelected }) => (
          <Space size={16}>
            {allEditable ? (
              <>
                <a onClick={() => setBatchEditing(true)}>批量修改</a>
                {selectedLines.length >= 2 ? <a onClick={() => setMerging(true)}>合并</a> : null}
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
              <Typography.Text type="warning">所选明细中有已配柜或已出运的，不能批量修改、合并或删除</Typography.Text>
            )}
            <a onClick={onCleanSelected}>取消选择</a>
          </Space>
        )}
        toolBarRender={() => [
          <Button key="create" type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
            新建
          </Button>,
          <Button key="import" icon={<UploadOutlined />} onClick={() => setImporting(true)}>
            导入
          </Button>,
          <Button key="export" icon={<DownloadOutlined />} loading={exporting} onClick={exportList}>
            导出
          </Button>,
        ]}
        headerTitle="装箱明细"
      />
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
      <SplitModal
        line={splitting}
        onClose={() => setSplitting(undefined)}
        onSaved={() => {
          setSplitting(undefined);
          reload();
        }}
      />
      <MergeModal
        open={merging}
        lines={selectedLines}
        onClose={() => setMerging(false)}
        onSaved={() => {
          setMerging(false);
          reload();
        }}
      />
      <BatchEditModal
        open={batchEditing}
        keys={selectedRowKeys}
        onOpenChange={setBatchEditing}
        onSaved={() => {
          setBatchEditing(false);
          reload();
        }}
      />
      <ImportModal
        open={importing}
        onClose={() => setImporting(false)}
        onImported={() => {
          setImporting(false);
          reload();
        }}
      />
    </PageContainer>
  );
}
