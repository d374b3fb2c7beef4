import type { PackingModelState } from '@/models/packing';
import { formatDateTime } from '@/utils/date';
import type { BulkAuditEntry, BulkLine } from '@contract/bulk';
import { bulkAuditActionLabels, bulkFieldLabels as labels, bulkTypeLabels, packTypeLabels } from '@contract/bulkCodes';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { PageContainer, ProDescriptions } from '@ant-design/pro-components';
import { Button, Card, Empty, Result, Space, Spin, Table, Timeline, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useDispatch, useParams, useSelector } from 'umi';
import { BulkStatusTag, InspectionTag } from '../components/StatusTags';
import { formatCartonRange, formatCartonSize, formatCbm, formatKg, formatQty } from '../format';
import { fieldChanges } from './changes';

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

/** 装箱明细: the line, its size breakdown, its inspection state and its change history. */
export default function PackingDetailPage() {
  const { id = '' } = useParams<{ id: string }>();
  const dispatch = useDispatch();
  const { detail, history, sizeGroups } = useSelector((state: { packing: PackingModelState }) => state.packing);
  const [found, setFound] = useState<boolean>();

  useEffect(() => {
    setFound(undefined);
    dispatch({ type: 'packing/fetchLookups' });
    (dispatch({ type: 'packing/fetchDetail', payload: id }) as unknown as Promise<boolean>).then(setFound);
  }, [dispatch, id]);

  if (found === undefined) {
    return (
      <PageContainer header={{ title: '装箱明细' }}>
        <Spin size="large" style={{ display: 'block', padding: 48 }} />
      </PageContainer>
    );
  }
  if (!found || !detail) {
    return (
      <PageContainer header={{ title: '装箱明细' }}>
        <Result status="404" title="装箱明细不存在" subTitle="该明细不存在，或你无权查看。" extra={backLink} />
      </PageContainer>
    );
  }

  const sizeOrder = sizeGroups.find((group) => group.code === detail.sizeGroup)?.sizes ?? [];
  const rows = sizeRows(detail, sizeOrder);

  return (
    <PageContainer header={{ title: `装箱明细 ${detail.key}`, extra: backLink }}>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Card title="基本信息">
          <ProDescriptions<BulkLine>
            dataSource={detail}
            column={3}
            columns={[
              { title: labels.type, dataIndex: 'type', render: (_, line) => bulkTypeLabels[line.type] },
              { title: labels.odgItemNo, dataIndex: 'odgItemNo' },
              { title: labels.poNo, dataIndex: 'poNo' },
              { title: labels.styleNo, dataIndex: 'styleNo' },
              { title: labels.colour, dataIndex: 'colour' },
              { title: labels.factoryCode, dataIndex: 'factoryCode' },
              { title: labels.sizeGroup, dataIndex: 'sizeGroup' },
              { title: labels.packType, dataIndex: 'packType', render: (_, line) => packTypeLabels[line.packType] },
              { title: '箱号', dataIndex: 'cartonFrom', render: (_, line) => formatCartonRange(line.cartonFrom, line.cartonTo) },
              { title: labels.cartonCount, dataIndex: 'cartonCount', render: (_, line) => formatQty(line.cartonCount) },
              { title: labels.qtyPerCarton, dataIndex: 'qtyPerCarton', render: (_, line) => formatQty(line.qtyPerCarton) },
              { title: labels.totalQty, dataIndex: 'totalQty', render: (_, line) => formatQty(line.totalQty) },
              { title: labels.nwPerCtn, dataIndex: 'nwPerCtn', render: (_, line) => formatKg(line.nwPerCtn) },
              { title: labels.gwPerCtn, dataIndex: 'gwPerCtn', render: (_, line) => formatKg(line.gwPerCtn) },
              { title: '外箱尺寸(cm)', dataIndex: 'ctnL', render: (_, line) => formatCartonSize(line.ctnL, line.ctnW, line.ctnH) },
              { title: labels.totalNw, dataIndex: 'totalNw', render: (_, line) => formatKg(line.totalNw) },
              { title: labels.totalGw, dataIndex: 'totalGw', render: (_, line) => formatKg(line.totalGw) },
              { title: labels.cbm, dataIndex: 'cbm', render: (_, line) => formatCbm(line.cbm) },
              { title: labels.destination, dataIndex: 'destination' },
              { title: labels.exFactoryDate, dataIndex: 'exFactoryDate' },
              { title: labels.createdAt, dataIndex: 'createdAt', render: (_, line) => formatDateTime(line.createdAt) },
              { title: labels.updatedAt, dataIndex: 'updatedAt', render: (_, line) => formatDateTime(line.updatedAt) },
            ]}
          />
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
              { title: `合计件数（× ${formatQty(detail.cartonCount)} 箱）`, dataIndex: 'total', align: 'right', render: (value: number) => formatQty(value) },
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
          <ProDescriptions<BulkLine>
            dataSource={detail}
            column={2}
            columns={[
              { title: labels.status, dataIndex: 'status', render: (_, line) => <BulkStatusTag status={line.status} /> },
              { title: labels.inspectionResult, dataIndex: 'inspectionResult', render: (_, line) => <InspectionTag result={line.inspectionResult} /> },
              { title: labels.planKey, dataIndex: 'planKey', render: (_, line) => line.planKey ?? '—' },
              { title: labels.containerKey, dataIndex: 'containerKey', render: (_, line) => line.containerKey ?? '—' },
            ]}
          />
        </Card>
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
