import DateField from '@/components/DateField';
import LazyDialog from '@/components/LazyDialog';
import ResourceTable, { type PageParams } from '@/components/ResourceTable';
import QueryForm from '@/components/ResourceTable/QueryForm';
import { useLinkedFilters } from '@/components/ResourceTable/linkedFilters';
import { BolStatusTag } from '@/components/StatusTags/bol';
import { useRoles } from '@/models/user';
import { queryBols } from '@/services/bol';
import type { BolListItem, BolListQuery } from '@contract/bol/schema';
import { bolFieldLabels as labels, bolStatuses, bolStatusLabels, type BolStatus, bolRoutes } from '@contract/bol/codes';
import { PageContainer } from '@ant-design/pro-components';
import { Button, Form, Input, Select } from 'antd';
import type { TableColumnsType } from 'antd';
import { lazy, useCallback, useState } from 'react';
import { history, Link } from 'umi';
import { formatCbm, formatKg, formatQty } from '../../packing/format';

const loadCreate = () => import('./CreateBolDialog');
const CreateBolDialog = lazy(loadCreate);

type Filters = Omit<BolListQuery, 'current' | 'pageSize' | 'sorter'> & { status?: BolStatus };

const columns: TableColumnsType<BolListItem> = [
  {
    title: labels.bolNo,
    dataIndex: 'bolNo',
    fixed: 'left',
    width: 150,
    sorter: true,
    render: (_, bol) => <Link to={`/shipment/multi/bol/${encodeURIComponent(bol.key)}`}>{bol.bolNo}</Link>,
  },
  {
    title: labels.status,
    dataIndex: 'status',
    width: 90,
    sorter: true,
    render: (_, bol) => <BolStatusTag status={bol.status} />,
  },
  { title: labels.ownerName, dataIndex: 'ownerName', width: 90 },
  { title: '船名航次', key: 'vessel', width: 190, render: (_, bol) => `${bol.vessel} ${bol.voyage}`.trim() || '—' },
  { title: '航线', key: 'lane', width: 130, render: (_, bol) => `${bol.pol} → ${bol.pod}` },
  { title: labels.etd, dataIndex: 'etd', width: 110, sorter: true },
  {
    title: labels.consignee,
    dataIndex: 'consigneeName',
    width: 200,
    ellipsis: true,
    render: (_, bol) => bol.consigneeName || '—',
  },
  { title: '柜数', dataIndex: 'containerCount', width: 70, align: 'right' },
  { title: labels.packages, dataIndex: 'packages', width: 80, align: 'right', render: (_, bol) => formatQty(bol.packages) },
  {
    title: labels.grossWeight,
    dataIndex: 'grossWeight',
    width: 110,
    align: 'right',
    render: (_, bol) => formatKg(bol.grossWeight),
  },
  { title: labels.cbm, dataIndex: 'cbm', width: 100, align: 'right', render: (_, bol) => formatCbm(bol.cbm) },
  { title: labels.carrierBookingNo, dataIndex: 'carrierBookingNo', width: 140 },
];

/** 提单: the list with its filters and status tags; the clerk drafts a new B/L from loaded containers. */
export default function BolListPage() {
  const roles = useRoles();
  const [filters, setFilters] = useLinkedFilters<Filters>(['status']);
  const [creating, setCreating] = useState(false);
  const fetchPage = useCallback((params: PageParams & Filters) => queryBols(params as BolListQuery), []);
  const toolbar = roles.includes('documentClerk') ? (
    <Button type="primary" onClick={() => setCreating(true)} onMouseEnter={loadCreate}>
      新建提单
    </Button>
  ) : null;

  return (
    <PageContainer header={{ title: '提单' }}>
      <QueryForm<Filters> onSearch={setFilters} initialValues={filters}>
        <Form.Item name="q" label="搜索">
          <Input allowClear placeholder="提单号、订舱号、船名、收货人（开头）" style={{ width: 260 }} />
        </Form.Item>
        <Form.Item name="bolNo" label={labels.bolNo}>
          <Input allowClear placeholder="前缀" style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="status" label={labels.status}>
          <Select
            allowClear
            style={{ width: 110 }}
            options={bolStatuses.map((value) => ({ value, label: bolStatusLabels[value] }))}
          />
        </Form.Item>
        <Form.Item name="vessel" label={labels.vessel}>
          <Input allowClear placeholder="完整船名" style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="voyage" label={labels.voyage}>
          <Input allowClear style={{ width: 90 }} />
        </Form.Item>
        <Form.Item name="pol" label={labels.pol} normalize={(value: string) => value?.toUpperCase() || undefined}>
          <Input allowClear placeholder="CNSHA" style={{ width: 90 }} />
        </Form.Item>
        <Form.Item name="pod" label={labels.pod} normalize={(value: string) => value?.toUpperCase() || undefined}>
          <Input allowClear placeholder="USLAX" style={{ width: 90 }} />
        </Form.Item>
        <Form.Item name="etdFrom" label="开船自">
          <DateField width={150} />
        </Form.Item>
        <Form.Item name="etdTo" label="至">
          <DateField width={150} />
        </Form.Item>
      </QueryForm>
      <ResourceTable<BolListItem, Filters>
        listType="bol"
        exportRoute={bolRoutes.export}
        title="提单（新建在前）"
        rowKey="key"
        columns={columns}
        request={fetchPage}
        filters={filters}
        toolbar={toolbar}
        lockedColumns={['bolNo']}
      />
      <LazyDialog open={creating}>
        <CreateBolDialog
          open={creating}
          onClose={() => setCreating(false)}
          onCreated={(bol) => history.push(`/shipment/multi/bol/${encodeURIComponent(bol.key)}`)}
        />
      </LazyDialog>
    </PageContainer>
  );
}
