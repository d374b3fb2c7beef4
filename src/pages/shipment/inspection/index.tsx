import LazyDialog from '@/components/LazyDialog';
import ResourceTable from '@/components/ResourceTable';
import ScanField, { type ScanOutcome } from '@/components/ScanField';
import QueryForm from '@/components/ResourceTable/QueryForm';
import { CompanyFilterField } from '@/components/ResourceTable/CompanyFilter';
import { withOwnerCompany } from '@/components/ResourceTable/ownerCompany';
import { useLinkedFilters } from '@/components/ResourceTable/linkedFilters';
import { InspectionTag } from '@/components/StatusTags';
import { useRoles } from '@/models/user';
import { cartonOfScan } from '@/components/ScanField/cartonOfScan';
import { queryInspectionQueue, queryInspections } from '@/services/inspection';
import { formatDateTime } from '@/utils/date';
import type { Inspection, QueueGroup, QueueLine } from '@contract/inspection/schema';
import {
  fragmentsText,
  inspectionFieldLabels as labels,
  inspectionLimits,
  inspectionModeLabels,
  inspectionRoutes,
} from '@contract/inspection/codes';
import { bulkRoutes, bulkStatusLabels, inspectionResultLabels } from '@contract/packing/codes';
import { PageContainer } from '@ant-design/pro-components';
import { Form, Input, Select, Switch, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { Fragment, lazy, useState } from 'react';
import { formatCartonRange, formatQty } from '../packing/format';
import { lineColumns, type LineColumn } from '../packing/lineColumns';
import useHistoryDrawer from '@/components/History/useHistoryDrawer';

const loadRecordDialog = () => import('./components/RecordDialog');
const RecordDialog = lazy(loadRecordDialog);

/** Failures first, as the list sorts them. */
const resultOptions = (['fail', 'pass'] as const).map((value) => ({ value, label: inspectionResultLabels[value] }));

type RecordFilters = { poNo?: string; result?: 'pass' | 'fail'; ownerCompany?: string };
type QueueFilters = { poNo?: string; inspectionResult?: 'fail' };

/** A scanned carton's lot in the queue: the customer's PO group that holds the carton's line. */
async function lotOfScan(code: string, open: (group: QueueGroup) => void): Promise<ScanOutcome> {
  const found = await cartonOfScan(code);
  if ('refusal' in found) return { ok: false, text: found.refusal };
  const { carton } = found;
  const queue = await queryInspectionQueue({ poNo: carton.poNo, current: 1, pageSize: inspectionLimits.queueMaxPageSize });
  const group = queue?.data.find((candidate) => candidate.lines.some((line) => line.key === carton.lineKey));
  if (!group)
    return {
      ok: false,
      text: `PO ${carton.poNo} 第 ${carton.cartonNo} 箱（${carton.lineKey}）不在待验针批次中：${bulkStatusLabels[carton.status]}`,
    };
  open(group);
  return { ok: true, text: `PO ${carton.poNo} 第 ${carton.cartonNo} 箱：已打开该批次（${group.lines.length} 条明细）` };
}

const lotText = (record: Inspection) =>
  record.lines.map((line) => `${line.key}（${formatCartonRange(line.cartonFrom, line.cartonTo)}）`).join('、');

function recordColumns(readsAll: boolean, showHistory: (key: string) => void): TableColumnsType<Inspection> {
  return [
    { title: labels.key, dataIndex: 'key', fixed: 'left', width: 120 },
    { title: labels.result, dataIndex: 'result', sorter: true, width: 90, render: (_, r) => <InspectionTag result={r.result} /> },
    { title: labels.poNo, dataIndex: 'poNo', sorter: true, width: 120 },
    ...(readsAll ? [{ title: labels.ownerName, dataIndex: 'ownerName', width: 100 }] : []),
    { title: labels.lineKeys, key: 'lines', width: 260, ellipsis: true, render: (_, r) => lotText(r) },
    { title: labels.lotQty, dataIndex: 'lotQty', align: 'right', width: 100, render: (_, r) => formatQty(r.lotQty) },
    { title: labels.mode, dataIndex: 'mode', width: 80, render: (_, r) => inspectionModeLabels[r.mode] },
    {
      title: '检验 / 通过 / 报警',
      key: 'figures',
      width: 150,
      render: (_, r) => `${formatQty(r.inspectedQty)} / ${formatQty(r.passedQty)} / ${formatQty(r.alarmQty)}`,
    },
    { title: labels.fragments, key: 'fragments', width: 220, ellipsis: true, render: (_, r) => fragmentsText(r.fragments) },
    { title: labels.detectorId, dataIndex: 'detectorId', width: 110 },
    { title: labels.inspectorName, dataIndex: 'inspectorName', width: 90 },
    {
      title: labels.inspectedAt,
      dataIndex: 'inspectedAt',
      sorter: true,
      width: 190,
      render: (_, r) => formatDateTime(r.inspectedAt),
    },
    { title: labels.remark, dataIndex: 'remark', width: 200, ellipsis: true },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 80,
      render: (_, r) => <a onClick={() => showHistory(r.key)}>历史</a>,
    },
  ];
}

const queueLineFields: LineColumn[] = [
  'key',
  'styleNo',
  'colour',
  'cartons',
  'totalQty',
  'destination',
  'status',
  'inspectionResult',
];

const poField = (
  <Form.Item name="poNo" label="PO号">
    <Input allowClear placeholder="前缀" style={{ width: 160 }} />
  </Form.Item>
);

/** 验针: the inspector's queue and recording; everyone's (a customer: their own lines') records, failures first. */
export default function InspectionPage() {
  const roles = useRoles();
  const isInspector = roles.includes('inspector');
  const readsAll = isInspector || roles.includes('documentClerk');
  const [recordFilters, setRecordFilters] = useLinkedFilters<RecordFilters>(['result', 'poNo']);
  // The header search opens a PO here: the queue and the records both start on it.
  const [queueFilters, setQueueFilters] = useLinkedFilters<QueueFilters>(['poNo']);
  const [reloads, setReloads] = useState(0);
  const history = useHistoryDrawer('inspection');
  const [recording, setRecording] = useState<QueueGroup>();
  // The home page links to either view, and to failed records.
  const [view, setView] = useState<'queue' | 'records'>(() =>
    recordFilters.result || new URLSearchParams(window.location.search).get('view') === 'records' ? 'records' : 'queue',
  );

  // Keyed: each view keeps a form and table of its own, not the other view's filled-in PO.
  const records = (
    <Fragment key="records">
      <QueryForm<RecordFilters> onSearch={setRecordFilters} initialValues={recordFilters}>
        {poField}
        <Form.Item name="result" label="验针结果">
          <Select allowClear style={{ width: 120 }} options={resultOptions} />
        </Form.Item>
        {readsAll && <CompanyFilterField />}
      </QueryForm>
      <ResourceTable<Inspection, RecordFilters>
        listType="inspection"
        exportRoute={inspectionRoutes.export}
        title="验针记录"
        rowKey="key"
        columns={withOwnerCompany(recordColumns(readsAll, history.open), readsAll)}
        request={queryInspections}
        filters={recordFilters}
        lockedColumns={['key', 'result']}
        reloads={reloads}
      />
      {history.drawer}
    </Fragment>
  );
  if (!isInspector) return <PageContainer header={{ title: '验针记录' }}>{records}</PageContainer>;

  const queueColumns: TableColumnsType<QueueGroup> = [
    { title: 'PO号', dataIndex: 'poNo', width: 140 },
    { title: '客户', dataIndex: 'ownerName', width: 110 },
    { title: '明细', key: 'lines', width: 80, render: (_, group) => group.lines.length },
    { title: '箱数', dataIndex: 'cartonCount', align: 'right', width: 90, render: (_, group) => formatQty(group.cartonCount) },
    { title: '件数', dataIndex: 'totalQty', align: 'right', width: 100, render: (_, group) => formatQty(group.totalQty) },
    {
      title: '状态',
      key: 'failed',
      width: 100,
      render: (_, group) => (group.failed ? <Tag color="error">待复验</Tag> : <Tag color="orange">待验针</Tag>),
    },
    {
      title: '操作',
      key: 'actions',
      width: 100,
      render: (_, group) => (
        <a onClick={() => setRecording(group)} onMouseEnter={loadRecordDialog}>
          {group.failed ? '复验' : '验针'}
        </a>
      ),
    },
  ];

  return (
    <PageContainer
      header={{ title: '验针' }}
      tabList={[
        { key: 'queue', tab: '待验针' },
        { key: 'records', tab: '验针记录' },
      ]}
      tabActiveKey={view}
      onTabChange={(key) => setView(key as typeof view)}
      content={`验针机须在 ${inspectionLimits.calibrationWindowMinutes} 分钟内用 ${inspectionLimits.minSensitivityFeMm.toFixed(1)}–${inspectionLimits.maxSensitivityFeMm.toFixed(1)} mm 铁球校准后才能记录验针；抽检样本量按 GB/T 2828.1（ISO 2859-1）一般检验水平 II。`}
    >
      {view === 'queue' ? (
        <Fragment key="queue">
          <ScanField
            label="扫描任一箱的箱码，打开其批次"
            onScan={(code) => lotOfScan(code, setRecording)}
            paused={recording !== undefined}
          />
          <QueryForm<QueueFilters> onSearch={(filters) => setQueueFilters(filters)} initialValues={queueFilters}>
            {poField}
            <Form.Item
              name="inspectionResult"
              label="只看待复验"
              valuePropName="checked"
              getValueFromEvent={(on) => (on ? 'fail' : undefined)}
            >
              <Switch />
            </Form.Item>
          </QueryForm>
          <ResourceTable<QueueGroup, QueueFilters>
            listType="inspectionQueue"
            title="待验针批次（按客户与 PO）"
            rowKey={(group) => `${group.poNo}/${group.owner}`}
            columns={queueColumns}
            request={queryInspectionQueue}
            filters={queueFilters}
            // The queue's lines, as the packing list exports them (待验针, the PO and 待复验 filters as shown).
            exportRoute={bulkRoutes.export}
            exportQuery={(shown) => ({ ...shown, status: 'pendingInspection' })}
            lockedColumns={['poNo', 'actions']}
            reloads={reloads}
            defaultPageSize={10}
            expandable={{
              expandedRowRender: (group) => (
                <Table<QueueLine>
                  size="small"
                  rowKey="key"
                  pagination={false}
                  columns={lineColumns<QueueLine>(queueLineFields)}
                  dataSource={group.lines}
                />
              ),
            }}
          />
        </Fragment>
      ) : (
        records
      )}
      <LazyDialog open={recording !== undefined}>
        <RecordDialog
          group={recording}
          onClose={() => setRecording(undefined)}
          onSaved={() => {
            setRecording(undefined);
            setReloads((n) => n + 1);
          }}
        />
      </LazyDialog>
    </PageContainer>
  );
}
