import ListPage, { choicesOf } from '@/components/ResourceTable/ListPage';
import RemoteSelect from '@/components/RemoteSelect';
import { DeclarationStatusTag } from '@/components/StatusTags/declaration';
import { createDeclaration, queryDeclarations } from '@/services/declaration';
import { queryOrders } from '@/services/order';
import { outcomeOf } from '@/utils/request';
import type { Declaration } from '@contract/declaration/schema';
import {
  declarationDocuments,
  declarationFieldLabels as labels,
  declarationStatuses,
  declarationStatusLabels,
  type DeclarationStatus,
  declarationRoutes,
} from '@contract/declaration/codes';
import type { Order } from '@contract/order/schema';
import { orderStatusLabels } from '@contract/order/codes';
import { Button, Form, message, Modal } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { history, Link } from 'umi';

type Filters = { key?: string; orderKey?: string; status?: DeclarationStatus };

const columns: TableColumnsType<Declaration> = [
  {
    title: labels.key,
    dataIndex: 'key',
    fixed: 'left',
    width: 130,
    sorter: true,
    render: (_, row) => <Link to={`/osb/declaration/${encodeURIComponent(row.key)}`}>{row.key}</Link>,
  },
  {
    title: labels.status,
    dataIndex: 'status',
    width: 90,
    sorter: true,
    render: (_, row) => <DeclarationStatusTag status={row.status} />,
  },
  { title: labels.orderKey, dataIndex: 'orderKey', width: 120 },
  { title: '订舱号/SO', dataIndex: 'carrierBookingNo', width: 130 },
  { title: labels.ownerName, dataIndex: 'ownerName', width: 90 },
  {
    title: labels.documents,
    key: 'documents',
    width: 90,
    render: (_, row) =>
      `${declarationDocuments.filter((document) => row.documents[document]).length} / ${declarationDocuments.length}`,
  },
  { title: labels.contractNo, dataIndex: 'contractNo', width: 130, render: (_, row) => row.contractNo || '—' },
  { title: labels.invoiceNo, dataIndex: 'invoiceNo', width: 130, render: (_, row) => row.invoiceNo || '—' },
  { title: labels.broker, dataIndex: 'broker', width: 150, render: (_, row) => row.broker || '—' },
  { title: '商品行', key: 'lines', width: 80, align: 'right', render: (_, row) => row.lines.length },
];

/** Orders a handover may be opened for: booked, released or shipped, without one yet; searched on the server. */
const declarableOrders = (q: string, current: number, pageSize: number) =>
  queryOrders({ current, pageSize, declarable: 'true', ...(q ? { q } : {}) });
const orderOption = (order: Order) => ({
  value: order.key,
  label: `${order.key}（${order.carrierBookingNo}，${order.ownerName}，${order.pol} → ${order.pod}，${orderStatusLabels[order.status]}）`,
});

/** 新建报关交接: an order booked, released or shipped without a handover yet. */
function CreateDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [orderKey, setOrderKey] = useState<string>();
  const [saving, setSaving] = useState(false);
  return (
    <Modal
      open={open}
      title="新建报关交接"
      okText="建交接单"
      cancelText="返回"
      confirmLoading={saving}
      okButtonProps={{ disabled: !orderKey }}
      onOk={async () => {
        setSaving(true);
        const created = await outcomeOf(createDeclaration({ orderKey: orderKey as string }));
        setSaving(false);
        if (created.ok) {
          message.success(`已建报关交接 ${created.data.key}`);
          history.push(`/osb/declaration/${encodeURIComponent(created.data.key)}`);
        }
      }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item
          label="订舱单（已订舱、已放舱或已出运）"
          htmlFor="declaration-order"
          extra="可按订舱单号、订舱号/SO 或客户搜索"
        >
          <RemoteSelect<Order>
            id="declaration-order"
            value={orderKey}
            onChange={setOrderKey}
            placeholder="输入订舱单号、SO 或客户"
            fetchPage={declarableOrders}
            toOption={orderOption}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 报关交接: one handover per booked order, those waiting for their documents first. */
export default function DeclarationListPage() {
  const [creating, setCreating] = useState(false);
  return (
    <ListPage<Declaration, Filters>
      heading="报关交接"
      query={[
        { name: 'key', label: labels.key, placeholder: '前缀', width: 140 },
        { name: 'orderKey', label: labels.orderKey, width: 140 },
        {
          name: 'status',
          label: labels.status,
          kind: 'choice',
          width: 110,
          options: choicesOf(declarationStatuses, declarationStatusLabels),
        },
      ]}
      linked={['status']}
      list={queryDeclarations}
      listType="declaration"
      exportRoute={declarationRoutes.export}
      title="报关交接（待交接在前）"
      rowKey="key"
      columns={columns}
      toolbar={
        <Button type="primary" onClick={() => setCreating(true)}>
          新建报关交接
        </Button>
      }
      lockedColumns={['key']}
    >
      <CreateDialog open={creating} onClose={() => setCreating(false)} />
    </ListPage>
  );
}
