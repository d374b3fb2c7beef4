import LazyDialog from '@/components/LazyDialog';
import ListPage, { choicesOf } from '@/components/ResourceTable/ListPage';
import { BolStatusTag } from '@/components/StatusTags/bol';
import { useRoles } from '@/models/user';
import { queryBols } from '@/services/bol';
import type { BolListItem, BolListQuery } from '@contract/bol/schema';
import { bolFieldLabels as labels, bolStatuses, bolStatusLabels, type BolStatus, bolRoutes } from '@contract/bol/codes';
import { Button } from 'antd';
import type { TableColumnsType } from 'antd';
import { lazy, useState } from 'react';
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
  const [creating, setCreating] = useState(false);
  const toolbar = roles.includes('documentClerk') ? (
    <Button type="primary" onClick={() => setCreating(true)} onMouseEnter={loadCreate}>
      新建提单
    </Button>
  ) : null;

  return (
    <ListPage<BolListItem, Filters>
      heading="提单"
      query={[
        { name: 'q', label: '搜索', placeholder: '提单号、订舱号、船名、收货人（开头）', width: 260 },
        { name: 'bolNo', label: labels.bolNo, placeholder: '前缀', width: 140 },
        { name: 'status', label: labels.status, kind: 'choice', width: 110, options: choicesOf(bolStatuses, bolStatusLabels) },
        { name: 'vessel', label: labels.vessel, placeholder: '完整船名', width: 160 },
        { name: 'voyage', label: labels.voyage, width: 90 },
        { name: 'pol', label: labels.pol, placeholder: 'CNSHA', width: 90, upperCase: true },
        { name: 'pod', label: labels.pod, placeholder: 'USLAX', width: 90, upperCase: true },
        { name: 'etdFrom', label: '开船自', kind: 'date', width: 150 },
        { name: 'etdTo', label: '至', kind: 'date', width: 150 },
      ]}
      linked={['status']}
      list={(params) => queryBols(params as BolListQuery)}
      listType="bol"
      exportRoute={bolRoutes.export}
      title="提单（新建在前）"
      rowKey="key"
      columns={columns}
      toolbar={toolbar}
      lockedColumns={['bolNo']}
    >
      <LazyDialog open={creating}>
        <CreateBolDialog
          open={creating}
          onClose={() => setCreating(false)}
          onCreated={(bol) => history.push(`/shipment/multi/bol/${encodeURIComponent(bol.key)}`)}
        />
      </LazyDialog>
    </ListPage>
  );
}
