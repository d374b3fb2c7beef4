import LazyDialog from '@/components/LazyDialog';
import ListPage, { choicesOf } from '@/components/ResourceTable/ListPage';
import { LooseStatusTag } from '@/components/StatusTags/loose';
import { useRoles } from '@/models/user';
import { queryLooseBookings, updateLooseBooking } from '@/services/loose';
import { performAction } from '@/utils/performAction';
import type { LooseBooking } from '@contract/loose/schema';
import {
  looseFieldLabels as labels,
  looseStatuses,
  looseStatusLabels,
  type LooseStatus,
  looseRoutes,
} from '@contract/loose/codes';
import { Button, Popconfirm, Space } from 'antd';
import type { TableColumnsType } from 'antd';
import { lazy, useState } from 'react';
import useHistoryDrawer from '@/components/History/useHistoryDrawer';
import { formatCbm, formatKg, formatQty } from '../packing/format';

type Filters = { key?: string; status?: LooseStatus; destination?: string };
const BookDialog = lazy(() => import('./components/BookDialog'));
const FreightDrawer = lazy(() => import('./components/FreightDrawer'));
const ConfirmDialog = lazy(() => import('./components/ConfirmDialog'));

/** 散货大厅: the customer books waiting loose cargo through a forwarder's CFS; the clerk confirms it. */
export default function LooseHallPage() {
  const roles = useRoles();
  const isClerk = roles.includes('documentClerk');
  const [booking, setBooking] = useState(false);
  const [confirming, setConfirming] = useState<LooseBooking>();
  const [freightOf, setFreightOf] = useState<string>();
  const history = useHistoryDrawer('looseBooking');
  const [reloads, setReloads] = useState(0);
  const reload = () => setReloads((n) => n + 1);
  const cancel = async (row: LooseBooking) => {
    const cancelled = await performAction(
      updateLooseBooking(row.key, { status: 'CANCELLED', version: row.version }),
      `散货订舱 ${row.key} 已取消，明细回到待拼柜`,
    );
    if (cancelled.ok) reload();
  };
  const columns: TableColumnsType<LooseBooking> = [
    { title: labels.key, dataIndex: 'key', fixed: 'left', width: 130, sorter: true },
    {
      title: labels.status,
      dataIndex: 'status',
      width: 90,
      sorter: true,
      render: (_, row) => <LooseStatusTag status={row.status} />,
    },
    ...(isClerk ? [{ title: labels.ownerName, dataIndex: 'ownerName', width: 90 }] : []),
    { title: labels.destination, dataIndex: 'destination', width: 120 },
    { title: labels.forwarder, dataIndex: 'forwarder', width: 150 },
    { title: labels.cfsCutOff, dataIndex: 'cfsCutOff', width: 110, sorter: true },
    {
      title: labels.warehouseEntryNo,
      dataIndex: 'warehouseEntryNo',
      width: 130,
      render: (_, row) => row.warehouseEntryNo || '—',
    },
    { title: labels.lineCount, dataIndex: 'lineCount', width: 70, align: 'right' },
    { title: labels.cartonCount, dataIndex: 'cartonCount', width: 70, align: 'right', render: formatQty },
    { title: labels.totalQty, dataIndex: 'totalQty', width: 80, align: 'right', render: formatQty },
    { title: labels.totalGw, dataIndex: 'totalGw', width: 90, align: 'right', render: formatKg },
    { title: labels.cbm, dataIndex: 'cbm', width: 90, align: 'right', render: formatCbm },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 190,
      render: (_, row) => (
        <Space size="small">
          {row.status === 'SUBMITTED' && isClerk && (
            <Button size="small" type="link" onClick={() => setConfirming(row)}>
              确认
            </Button>
          )}
          {row.status === 'SUBMITTED' && (
            <Popconfirm
              title={`取消散货订舱 ${row.key}？明细将回到待拼柜`}
              okText="取消订舱"
              cancelText="返回"
              onConfirm={() => cancel(row)}
            >
              <Button size="small" type="link" danger>
                取消
              </Button>
            </Popconfirm>
          )}
          {row.status !== 'CANCELLED' && (
            <Button size="small" type="link" onClick={() => setFreightOf(row.key)}>
              运费
            </Button>
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
      heading="散货大厅"
      query={[
        { name: 'key', label: labels.key, placeholder: '前缀', width: 140 },
        { name: 'destination', label: labels.destination, placeholder: '前缀', width: 140 },
        {
          name: 'status',
          label: labels.status,
          kind: 'choice',
          width: 110,
          options: choicesOf(looseStatuses, looseStatusLabels),
        },
      ]}
      list={queryLooseBookings}
      listType="looseBooking"
      exportRoute={looseRoutes.export}
      title={isClerk ? '散货订舱（待确认在前）' : '我的散货订舱'}
      rowKey="key"
      columns={columns}
      reloads={reloads}
      toolbar={
        !isClerk && (
          <Button type="primary" onClick={() => setBooking(true)}>
            新建散货订舱
          </Button>
        )
      }
      lockedColumns={['key']}
    >
      <LazyDialog open={booking}>
        <BookDialog open={booking} onClose={() => setBooking(false)} onBooked={reload} />
      </LazyDialog>
      <LazyDialog open={!!confirming}>
        <ConfirmDialog
          booking={confirming}
          onClose={(saved) => {
            setConfirming(undefined);
            if (saved) reload();
          }}
        />
      </LazyDialog>
      <LazyDialog open={!!freightOf}>
        {freightOf && <FreightDrawer bookingKey={freightOf} onClose={() => setFreightOf(undefined)} />}
      </LazyDialog>
      {history.drawer}
    </ListPage>
  );
}
