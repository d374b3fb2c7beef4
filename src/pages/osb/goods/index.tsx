import ListPage from '@/components/ResourceTable/ListPage';
import type { LookupsModelState } from '@/models/lookups';
import { queryGoods } from '@/services/goods';
import { boxMixText } from '@contract/shared/consolidation';
import type { GoodsGroup } from '@contract/goods/schema';
import { goodsFieldLabels as labels } from '@contract/goods/codes';
import { chinaToday, isoWeekDays } from '@contract/plan/codes';
import { bulkRoutes } from '@contract/packing/codes';
import { containerTypes } from '@contract/setting/codes';
import { Table, Tag, Tooltip } from 'antd';
import type { TableColumnsType } from 'antd';
import { useEffect } from 'react';
import { history, useDispatch, useSelector } from 'umi';
import { formatQty } from '../../shipment/packing/format';

type Filters = { destination?: string; week?: string };
type Line = GoodsGroup['lines'][number];

const lineColumns: TableColumnsType<Line> = [
  { title: '明细', dataIndex: 'key', width: 120 },
  { title: 'PO号', dataIndex: 'poNo', width: 130 },
  { title: '款号', dataIndex: 'styleNo', width: 120 },
  { title: '颜色', dataIndex: 'colour', width: 100 },
  { title: '箱数', dataIndex: 'cartonCount', align: 'right', width: 80 },
  { title: '件数', dataIndex: 'totalQty', align: 'right', width: 90, render: (qty: number) => formatQty(qty) },
  { title: '体积（m³）', dataIndex: 'cbm', align: 'right', width: 100 },
  { title: '毛重（kg）', dataIndex: 'totalGw', align: 'right', width: 100 },
];

/** The month the goods leave the factory, or this month when that is past: sailings before today cannot be booked. */
const bookableMonth = (group: GoodsGroup) => [group.weekStart.slice(0, 7), chinaToday().slice(0, 7)].sort()[1];

/** The calendar opens on the largest type suggested (a plan books one type). */
const mainType = (group: GoodsGroup) =>
  [...containerTypes].reverse().find((type) => group.suggestion.some((box) => box.containerType === type)) ?? '40HQ';

/** 待拼柜货物: the customer's inspected goods by destination and ex-factory week, with the boxes they need. */
export default function GoodsPage() {
  const dispatch = useDispatch();
  const dict = useSelector((state: { lookups: LookupsModelState }) => state.lookups.osbDict);
  useEffect(() => {
    dispatch({ type: 'lookups/fetchOsbDict' });
  }, [dispatch]);

  const book = (group: GoodsGroup) => {
    const query = new URLSearchParams({
      pol: dict?.defaultPorts.pol ?? 'CNSHA',
      pod: group.pod ?? '',
      containerType: mainType(group),
      month: bookableMonth(group),
    });
    history.push(`/osb/calendar?${query}`);
  };
  const columns: TableColumnsType<GoodsGroup> = [
    {
      title: labels.destination,
      dataIndex: 'destination',
      width: 180,
      render: (_, group) => (
        <>
          {group.destination} {group.pod ? <Tag>{group.pod}</Tag> : <Tag color="warning">港口未识别</Tag>}
        </>
      ),
    },
    { title: labels.week, dataIndex: 'week', width: 110 },
    { title: labels.lineCount, dataIndex: 'lineCount', align: 'right', width: 70 },
    { title: labels.cartonCount, dataIndex: 'cartonCount', align: 'right', width: 90, render: (n: number) => formatQty(n) },
    { title: labels.totalQty, dataIndex: 'totalQty', align: 'right', width: 100, render: (n: number) => formatQty(n) },
    { title: labels.cbm, dataIndex: 'cbm', align: 'right', width: 110 },
    { title: labels.totalGw, dataIndex: 'totalGw', align: 'right', width: 110, render: (n: number) => formatQty(n) },
    {
      title: labels.suggestion,
      key: 'suggestion',
      width: 180,
      render: (_, group) => <b>{boxMixText(group.suggestion)}</b>,
    },
    {
      title: '操作',
      key: 'actions',
      width: 110,
      render: (_, group) =>
        group.pod ? (
          <a onClick={() => book(group)}>去订舱</a>
        ) : (
          <Tooltip title="目的地不在港口字典中：请修改明细的目的地，或请单证员在订舱设置中补充港口">
            <span style={{ color: 'rgba(0,0,0,0.25)' }}>去订舱</span>
          </Tooltip>
        ),
    },
  ];

  return (
    <ListPage<GoodsGroup, Filters>
      heading="待拼柜货物"
      query={[
        { name: 'destination', label: '目的地', placeholder: '前缀', width: 160 },
        {
          name: 'week',
          label: '出厂周',
          placeholder: '如 2026-W48',
          width: 140,
          rules: [{ pattern: /^\d{4}-W\d{2}$/, message: '如 2026-W48' }],
        },
      ]}
      list={queryGoods}
      listType="osbGoods"
      title="已验针、待拼柜的货物（按目的地与出厂周；建议柜型按体积与载重首次适应递减计算）"
      rowKey={(group) => `${group.destination}/${group.week}`}
      columns={columns}
      exportRoute={bulkRoutes.export}
      exportQuery={({ destination, week }) => {
        const days = week ? isoWeekDays(week) : undefined;
        return { type: 'multi', status: 'pendingConsolidation', destination, exFactoryFrom: days?.from, exFactoryTo: days?.to };
      }}
      lockedColumns={['destination', 'actions']}
      expandable={{
        expandedRowRender: (group) => (
          <Table<Line> size="small" rowKey="key" pagination={false} columns={lineColumns} dataSource={group.lines} />
        ),
      }}
    />
  );
}
