import DetailState from '@/components/DetailState';
import type { LookupsModelState } from '@/models/lookups';
import { formatDateTime } from '@/utils/date';
import type { BulkAuditEntry, BulkLine } from '@contract/packing/schema';
import { bulkAuditActionLabels, bulkFieldLabels as labels, bulkTypeLabels, packTypeLabels } from '@contract/packing/codes';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { PageContainer } from '@ant-design/pro-components';
import { Button, Card, Descriptions, Empty, Space, Table, Timeline, Typography } from 'antd';
import type { SizeGroup } from '@contract/lookup/schema';
import { useCallback, useEffect, type ReactNode } from 'react';
import { Link, useDispatch, useParams, useSelector } from 'umi';
import { BulkStatusTag, InspectionTag } from '@/components/StatusTags';
import { formatCartonRange, formatCartonSize, formatCbm, formatKg, formatQty } from '../format';
import { fieldChanges } from './changes';
import InspectionRecords from './InspectionRecords';
import LineFreight from './LineFreight';
import { loadDetail } from '../lineActions';

const backLink = (
  <Link to="/shipment/packing">
    <Button icon={<ArrowLeftOutlined />}>返回装箱单</Button>
  </Link>
);

interface SizeRow {
  size: string;
  perCarton: number;
  total: number;
}

/** The line's breakdown in its size group's order, with each size's total over all cartons. */
function sizeRows(line: BulkLine, sizeOrder: readonly string[]): SizeRow[] {
  const sizes = Object.keys(line.sizeBreakdown);
  const ordered = [...sizeOrder.filter((size) => sizes.includes(size)), ...sizes.filter((size) => !sizeOrder.includes(size))];
  return ordered.map((size) => ({
    size,
    perCarton: line.sizeBreakdown[size],
    total: line.sizeBreakdown[size] * line.cartonCount,
  }));
}

/** One line of a descriptions card: its label and what it shows of the line. */
interface Field {
  key: string;
  label: string;
  value: (line: BulkLine) => ReactNode;
}

const fieldItems = (fields: Field[], line: BulkLine) =>
  fields.map(({ key, label, value }) => ({ key, label, children: value(line) }));

const basicFields: Field[] = [
  { key: 'type', label: labels.type, value: (line) => bulkTypeLabels[line.type] },
  { key: 'odgItemNo', label: labels.odgItemNo, value: (line) => line.odgItemNo },
  { key: 'poNo', label: labels.poNo, value: (line) => line.poNo },
  { key: 'styleNo', label: labels.styleNo, value: (line) => line.styleNo },
  { key: 'colour', label: labels.colour, value: (line) => line.colour },
  { key: 'factoryCode', label: labels.factoryCode, value: (line) => line.factoryCode },
  { key: 'sizeGroup', label: labels.sizeGroup, value: (line) => line.sizeGroup },
  { key: 'packType', label: labels.packType, value: (line) => packTypeLabels[line.packType] },
  { key: 'cartonRange', label: '箱号', value: (line) => formatCartonRange(line.cartonFrom, line.cartonTo) },
  { key: 'cartonCount', label: labels.cartonCount, value: (line) => formatQty(line.cartonCount) },
  { key: 'qtyPerCarton', label: labels.qtyPerCarton, value: (line) => formatQty(line.qtyPerCarton) },
  { key: 'totalQty', label: labels.totalQty, value: (line) => formatQty(line.totalQty) },
  { key: 'nwPerCtn', label: labels.nwPerCtn, value: (line) => formatKg(line.nwPerCtn) },
  { key: 'gwPerCtn', label: labels.gwPerCtn, value: (line) => formatKg(line.gwPerCtn) },
  { key: 'cartonSize', label: '外箱尺寸(cm)', value: (line) => formatCartonSize(line.ctnL, line.ctnW, line.ctnH) },
  { key: 'totalNw', label: labels.totalNw, value: (line) => formatKg(line.totalNw) },
  { key: 'totalGw', label: labels.totalGw, value: (line) => formatKg(line.totalGw) },
  { key: 'cbm', label: labels.cbm, value: (line) => formatCbm(line.cbm) },
  { key: 'destination', label: labels.destination, value: (line) => line.destination },
  { key: 'exFactoryDate', label: labels.exFactoryDate, value: (line) => line.exFactoryDate },
  { key: 'createdAt', label: labels.createdAt, value: (line) => formatDateTime(line.createdAt) },
  { key: 'updatedAt', label: labels.updatedAt, value: (line) => formatDateTime(line.updatedAt) },
];

const stateFields: Field[] = [
  { key: 'status', label: labels.status, value: (line) => <BulkStatusTag status={line.status} /> },
  { key: 'inspectionResult', label: labels.inspectionResult, value: (line) => <InspectionTag result={line.inspectionResult} /> },
  { key: 'planKey', label: labels.planKey, value: (line) => line.planKey ?? '—' },
  { key: 'containerKey', label: labels.containerKey, value: (line) => line.containerKey ?? '—' },
];

function HistoryItem({ entry }: { entry: BulkAuditEntry }) {
  const changes = fieldChanges(entry);
  return (
    <Space direction="vertical" size={2}>
      <Typography.Text>
        <Typography.Text strong>{entry.actorName}</Typography.Text> {bulkAuditActionLabels[entry.action]}
        {entry.relatedKeys?.length ? `（关联明细 ${entry.relatedKeys.join('、')}）` : ''}
      </Typography.Text>
      <Typography.Text type="secondary">{formatDateTime(entry.at)}</Typography.Text>
      {changes.map((change) => (
        <Typography.Text key={change.field}>
          {change.label}：{change.before} → {change.after}
        </Typography.Text>
      ))}
    </Space>
  );
}

/** 装箱明细: the line, its size breakdown, its inspection state, its freight once loaded and its change history. */
export default function PackingDetailPage() {
  const { id = '' } = useParams<{ id: string }>();
  const dispatch = useDispatch();
  const sizeGroups = useSelector((state: { lookups: LookupsModelState }) => state.lookups.sizeGroups);
  const load = useCallback(() => loadDetail(id), [id]);

  useEffect(() => {
    dispatch({ type: 'lookups/fetch' });
  }, [dispatch]);

  return (
    <DetailState label="装箱明细" load={load} notFoundText="该明细不存在，或你无权查看。" back={backLink}>
      {({ line, history }) => <LineDetail line={line} history={history} sizeGroups={sizeGroups} />}
    </DetailState>
  );
}

function LineDetail({
  line: detail,
  history,
  sizeGroups,
}: {
  line: BulkLine;
  history: BulkAuditEntry[];
  sizeGroups: SizeGroup[];
}) {
  const sizeOrder = sizeGroups.find((group) => group.code === detail.sizeGroup)?.sizes ?? [];
  const rows = sizeRows(detail, sizeOrder);

  return (
    <PageContainer header={{ title: `装箱明细 ${detail.key}`, extra: backLink }}>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Card title="基本信息">
          <Descriptions column={3} items={fieldItems(basicFields, detail)} />
        </Card>
        <Card title="尺码配比">
          <Table<SizeRow>
            size="small"
            rowKey="size"
            pagination={false}
            dataSource={rows}
            columns={[
              { title: '尺码', dataIndex: 'size' },
              { title: '每箱件数', dataIndex: 'perCarton', align: 'right', render: (value: number) => formatQty(value) },
              {
                title: `合计件数（× ${formatQty(detail.cartonCount)} 箱）`,
                dataIndex: 'total',
                align: 'right',
                render: (value: number) => formatQty(value),
              },
            ]}
            summary={() => (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0}>合计</Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  {formatQty(detail.qtyPerCarton)}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={2} align="right">
                  {formatQty(detail.totalQty)}
                </Table.Summary.Cell>
              </Table.Summary.Row>
            )}
          />
        </Card>
        <Card title="验针与配柜">
          <Descriptions column={2} items={fieldItems(stateFields, detail)} />
          <InspectionRecords lineKey={detail.key} version={detail.version} />
        </Card>
        {detail.containerKey ? (
          <LineFreight lineKey={detail.key} place={{ container: detail.containerKey }} version={detail.version} />
        ) : detail.planKey?.startsWith('LB') ? (
          <LineFreight lineKey={detail.key} place={{ booking: detail.planKey }} version={detail.version} />
        ) : null}
        <Card title="变更记录">
          {history.length ? (
            <Timeline items={history.map((entry) => ({ key: entry.id, children: <HistoryItem entry={entry} /> }))} />
          ) : (
            <Empty description="暂无变更记录" />
          )}
        </Card>
      </Space>
    </PageContainer>
  );
}
