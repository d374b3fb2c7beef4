import ListPage, { choicesOf } from '@/components/ResourceTable/ListPage';
import LazyDialog from '@/components/LazyDialog';
import useHistoryDrawer from '@/components/History/useHistoryDrawer';
import { LooseStatusTag } from '@/components/StatusTags/loose';
import { useRoles } from '@/models/user';
import { performAction } from '@/utils/performAction';
import { queryHandover, queryHandovers, updateHandover } from '@/services/loose';
import { formatMinute } from '@/utils/utils';
import type { LooseBooking } from '@contract/loose/schema';
import {
  differenceText,
  handoverDocuments,
  handoverStatuses,
  handoverStatusLabels,
  looseFieldLabels as labels,
  type HandoverStatus,
  handoverRoutes,
} from '@contract/loose/codes';
import { Button, Popconfirm, Space, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { lazy, useState } from 'react';
import { formatQty } from '../../packing/format';

type Filters = { key?: string; status?: HandoverStatus };
const HandoverDialog = lazy(() => import('./HandoverDialog'));
const ScanDrawer = lazy(() => import('./ScanDrawer'));

/** The difference of the count against the booking, red when cartons are missing or extra. */
const DifferenceTag = ({ value }: { value: number | null }) =>
  value === null ? '—' : value === 0 ? <Tag color="success">无差异</Tag> : <Tag color="error">{differenceText(value)}</Tag>;

/** 订舱交接: booked loose cargo handed to the forwarder; the clerk records it, the inspector confirms the needle check. */
export default function HandoverPage() {
  const roles = useRoles();
  const isClerk = roles.includes('documentClerk');
  const isInspector = roles.includes('inspector');
  const [editing, setEditing] = useState<LooseBooking>();
  const [scanning, setScanning] = useState<string>();
  const history = useHistoryDrawer('handover');
  const [reloads, setReloads] = useState(0);
  const reload = () => setReloads((n) => n + 1);
  const confirmNeedle = async (row: LooseBooking) => {
    const confirmed = await performAction(
      updateHandover(row.key, { needleChecked: true, version: row.version }),
      `散货 ${row.key} 已确认验针`,
    );
    if (confirmed.ok) reload();
  };
  const columns: TableColumnsType<LooseBooking> = [
    { title: labels.key, dataIndex: 'key', fixed: 'left', width: 130, sorter: true },
    { title: labels.status, dataIndex: 'status', width: 90, render: (_, row) => <LooseStatusTag status={row.status} handover /> },
    { title: '订舱箱数', dataIndex: 'cartonCount', width: 80, align: 'right', render: formatQty },
    {
      title: labels.cartonsHandedOver,
      dataIndex: 'cartonsHandedOver',
      width: 80,
      align: 'right',
      render: (v: number | null) => v ?? '—',
    },
    {
      title: labels.cartonDifference,
      key: 'difference',
      width: 90,
      render: (_, row) => <DifferenceTag value={row.cartonDifference} />,
    },
    {
      title: labels.documents,
      key: 'documents',
      width: 90,
      render: (_, row) => `${handoverDocuments.filter((d) => row.documents[d]).length} / ${handoverDocuments.length}`,
    },
    { title: labels.ownerName, dataIndex: 'ownerName', width: 90 },
    { title: labels.destination, dataIndex: 'destination', width: 110 },
    { title: labels.forwarder, dataIndex: 'forwarder', width: 140 },
    { title: labels.warehouseEntryNo, dataIndex: 'warehouseEntryNo', width: 130 },
    { title: labels.cfsCutOff, dataIndex: 'cfsCutOff', width: 110, sorter: true },
    { title: labels.handedBy, dataIndex: 'handedBy', width: 90, render: (_, row) => row.handedBy || '—' },
    {
      title: labels.handedAt,
      dataIndex: 'handedAt',
      width: 150,
      render: (_, row) => (row.handedAt ? formatMinute(row.handedAt) : '—'),
    },
    {
      title: labels.needleCheckedByName,
      key: 'needle',
      width: 100,
      render: (_, row) => (row.needleCheckedAt ? <Tag color="success">{row.needleCheckedByName}</Tag> : '待确认'),
    },
    { title: labels.differenceNote, dataIndex: 'differenceNote', width: 160, ellipsis: true },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 220,
      render: (_, row) => (
        <Space size="small">
          {isClerk && row.status === 'CONFIRMED' && (
            <Button size="small" type="link" onClick={() => setScanning(row.key)}>
              扫描收货
            </Button>
          )}
          {isClerk && row.status !== 'RECEIVED' && (
            <Button size="small" type="link" onClick={() => setEditing(row)}>
              {row.status === 'CONFIRMED' ? '登记交接' : '入仓'}
            </Button>
          )}
          {isInspector && row.status === 'HANDED_OVER' && !row.needleCheckedAt && (
            <Popconfirm title="确认交接的货物均已验针合格？" okText="确认" cancelText="返回" onConfirm={() => confirmNeedle(row)}>
              <Button size="small" type="link">
                确认验针
              </Button>
            </Popconfirm>
          )}
          <Button size="small" type="link" onClick={() => history.open(row.key)}>
            历史
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <ListPage<LooseBooking, Filters>
      heading="订舱交接"
      query={[
        { name: 'key', label: labels.key, placeholder: '前缀', width: 140 },
        {
          name: 'status',
          label: labels.status,
          kind: 'choice',
          width: 110,
          options: choicesOf(handoverStatuses, handoverStatusLabels),
        },
      ]}
      list={queryHandovers}
      listType="handover"
      exportRoute={handoverRoutes.export}
      title="订舱交接（待交接在前）"
      rowKey="key"
      columns={columns}
      reloads={reloads}
      lockedColumns={['key']}
    >
      <LazyDialog open={!!scanning}>
        <ScanDrawer
          bookingKey={scanning}
          onClose={async (record) => {
            const key = scanning;
            setScanning(undefined);
            reload();
            if (record && key) setEditing(await queryHandover(key));
          }}
        />
      </LazyDialog>
      <LazyDialog open={!!editing}>
        <HandoverDialog
          booking={editing}
          onClose={(saved) => {
            setEditing(undefined);
            if (saved) reload();
          }}
        />
      </LazyDialog>
      {history.drawer}
    </ListPage>
  );
}
