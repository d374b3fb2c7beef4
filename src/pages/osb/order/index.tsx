import ListPage, { choicesOf } from '@/components/ResourceTable/ListPage';
import { OrderStatusTag } from '@/components/StatusTags/booking';
import type { LookupsModelState } from '@/models/lookups';
import { queryOrders } from '@/services/order';
import { formatMinute } from '@/utils/utils';
import type { Order, OrderListQuery } from '@contract/order/schema';
import {
  countdownText,
  orderFieldLabels as labels,
  orderStatuses,
  orderStatusLabels,
  type OrderStatus,
  orderRoutes,
} from '@contract/order/codes';
import { carrierText } from '@contract/setting/codes';
import { Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useEffect } from 'react';
import { Link, useDispatch, useSelector } from 'umi';
import { laneText } from '../plan/columns';

type Filters = { key?: string; planKey?: string; status?: OrderStatus };

/** 订舱单: submitted plans to book with the carrier (待订舱 first), cut-offs counting down, changes waiting. */
export default function OrderListPage() {
  const dispatch = useDispatch();
  const dict = useSelector((state: { lookups: LookupsModelState }) => state.lookups.osbDict);
  useEffect(() => {
    dispatch({ type: 'lookups/fetchOsbDict' });
  }, [dispatch]);

  const columns: TableColumnsType<Order> = [
    {
      title: labels.key,
      dataIndex: 'key',
      fixed: 'left',
      width: 120,
      sorter: true,
      render: (_, order) => <Link to={`/osb/order/${encodeURIComponent(order.key)}`}>{order.key}</Link>,
    },
    {
      title: labels.status,
      dataIndex: 'status',
      width: 130,
      render: (_, order) => (
        <>
          <OrderStatusTag status={order.status} />
          {order.pendingChange ? <Tag color="warning">变更待审</Tag> : null}
        </>
      ),
    },
    { title: labels.planKey, dataIndex: 'planKey', width: 120 },
    { title: '客户', dataIndex: 'ownerName', width: 90 },
    { title: '航线', key: 'lane', width: 220, render: (_, order) => laneText(dict, order) },
    {
      title: '船公司',
      dataIndex: 'carrier',
      width: 100,
      render: (_, order) => (dict ? carrierText(dict.carriers, order.carrier) : order.carrier),
    },
    { title: '箱型 × 柜量', key: 'containers', width: 110, render: (_, order) => `${order.containerType} × ${order.quantity}` },
    { title: labels.etd, dataIndex: 'etd', width: 110, sorter: true },
    {
      title: labels.carrierBookingNo,
      dataIndex: 'carrierBookingNo',
      width: 130,
      render: (_, order) => order.carrierBookingNo || '—',
    },
    {
      title: '船名航次',
      key: 'vessel',
      width: 170,
      render: (_, order) => (order.vessel ? `${order.vessel} ${order.voyage}` : '—'),
    },
    {
      title: labels.siCutoff,
      dataIndex: 'siCutoff',
      width: 170,
      // The time as the bell and the order page say it, and how long is left.
      render: (_, order) =>
        order.siCutoff ? (
          <>
            {formatMinute(order.siCutoff)}
            <div style={{ color: 'rgba(0, 0, 0, 0.45)' }}>{countdownText(order.siCutoff)}</div>
          </>
        ) : (
          '—'
        ),
    },
  ];

  return (
    <ListPage<Order, Filters>
      heading="订舱单"
      query={[
        { name: 'key', label: '订舱单号', placeholder: '前缀', width: 140 },
        { name: 'planKey', label: '计划号', width: 140 },
        { name: 'status', label: '状态', kind: 'choice', width: 120, options: choicesOf(orderStatuses, orderStatusLabels) },
      ]}
      // A to-do links here with its plan, the home page with a status: the list opens on them.
      linked={['planKey', 'status']}
      list={(params) => queryOrders(params as OrderListQuery)}
      listType="osbOrder"
      exportRoute={orderRoutes.export}
      title="订舱单（待订舱在前）"
      rowKey="key"
      columns={columns}
      lockedColumns={['key']}
    />
  );
}
