import ResourceTable, { type PageParams } from '@/components/ResourceTable';
import QueryForm from '@/components/ResourceTable/QueryForm';
import { useLinkedFilters } from '@/components/ResourceTable/linkedFilters';
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
import { PageContainer } from '@ant-design/pro-components';
import { Form, Input, Select, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useCallback, useEffect } from 'react';
import { Link, useDispatch, useSelector } from 'umi';
import { laneText } from '../plan/columns';

type Filters = { key?: string; planKey?: string; status?: OrderStatus };

/** 订舱单: submitted plans to book with the carrier (待订舱 first), cut-offs counting down, changes waiting. */
export default function OrderListPage() {
  const dispatch = useDispatch();
  const dict = useSelector((state: { lookups: LookupsModelState }) => state.lookups.osbDict);
  // A to-do links here with its plan, the home page with a status: the list opens on them.
  const [filters, setFilters] = useLinkedFilters<Filters>(['planKey', 'status']);
  useEffect(() => {
    dispatch({ type: 'lookups/fetchOsbDict' });
  }, [dispatch]);
  const fetchPage = useCallback((params: PageParams & Filters) => queryOrders(params as OrderListQuery), []);

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
    <PageContainer header={{ title: '订舱单' }}>
      <QueryForm<Filters> onSearch={setFilters} initialValues={filters}>
        <Form.Item name="key" label="订舱单号">
          <Input allowClear placeholder="前缀" style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="planKey" label="计划号">
          <Input allowClear style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Select
            allowClear
            style={{ width: 120 }}
            options={orderStatuses.map((value) => ({ value, label: orderStatusLabels[value] }))}
          />
        </Form.Item>
      </QueryForm>
      <ResourceTable<Order, Filters>
        listType="osbOrder"
        exportRoute={orderRoutes.export}
        title="订舱单（待订舱在前）"
        rowKey="key"
        columns={columns}
        request={fetchPage}
        filters={filters}
        lockedColumns={['key']}
      />
    </PageContainer>
  );
}
