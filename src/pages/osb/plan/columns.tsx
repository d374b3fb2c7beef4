import { PlanStatusTag } from '@/components/StatusTags/booking';
import { formatDateTime } from '@/utils/date';
import type { Plan } from '@contract/plan/schema';
import { planFieldLabels as labels } from '@contract/plan/codes';
import { priceText } from '@contract/price/codes';
import type { OsbDict } from '@contract/setting/schema';
import { carrierText, portText } from '@contract/setting/codes';
import type { TableColumnsType } from 'antd';
import { Link } from 'umi';

/** The lane as people read it: `上海 CNSHA → 洛杉矶 USLAX`. */
export const laneText = (dict: OsbDict | undefined, plan: Pick<Plan, 'pol' | 'pod'>) =>
  dict ? `${portText(dict.ports, plan.pol)} → ${portText(dict.ports, plan.pod)}` : `${plan.pol} → ${plan.pod}`;

/** The fixed price per container and for the plan's quantity. */
export const lockedPriceText = (plan: Pick<Plan, 'priceSnapshot' | 'quantity'>) =>
  `${priceText(plan.priceSnapshot.amount, plan.priceSnapshot.currency)} × ${plan.quantity} = ${priceText(plan.priceSnapshot.amount * plan.quantity, plan.priceSnapshot.currency)}`;

/** The columns every list of plans shows (订舱计划, 订舱记录), before the page's own. */
export function planColumns(dict: OsbDict | undefined): TableColumnsType<Plan> {
  return [
    {
      title: labels.key,
      dataIndex: 'key',
      fixed: 'left',
      width: 120,
      sorter: true,
      render: (_, plan) => <Link to={`/osb/plan/${encodeURIComponent(plan.key)}`}>{plan.key}</Link>,
    },
    {
      title: labels.status,
      dataIndex: 'status',
      width: 90,
      sorter: true,
      render: (_, plan) => <PlanStatusTag status={plan.status} />,
    },
    { title: '航线', key: 'lane', width: 220, render: (_, plan) => laneText(dict, plan) },
    {
      title: labels.carrier,
      dataIndex: 'carrier',
      width: 110,
      render: (_, plan) => (dict ? carrierText(dict.carriers, plan.carrier) : plan.carrier),
    },
    // Who of the company made it (colleagues share plans); the staff see every company's.
    { title: labels.ownerName, dataIndex: 'ownerName', width: 90 },
    { title: '箱型 × 柜量', key: 'containers', width: 110, render: (_, plan) => `${plan.containerType} × ${plan.quantity}` },
    { title: labels.etd, dataIndex: 'etd', width: 110, sorter: true },
    { title: labels.weekNo, dataIndex: 'weekNo', width: 100 },
    { title: labels.priceSnapshot, key: 'price', width: 240, render: (_, plan) => lockedPriceText(plan) },
    {
      title: labels.createdAt,
      dataIndex: 'createdAt',
      width: 170,
      sorter: true,
      render: (_, plan) => formatDateTime(plan.createdAt),
    },
  ];
}
