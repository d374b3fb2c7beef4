/** The booking pages' tags, apart from the packing pages' so that those do not load the booking codes. */
import { orderStatusColors, orderStatusLabels, type OrderStatus } from '@contract/order/codes';
import { changeStatusLabels, planStatusColors, planStatusLabels, type ChangeStatus, type PlanStatus } from '@contract/plan/codes';
import { spaceColors, spaceLabels, type SpaceLevel } from '@contract/price/codes';
import { Tag } from 'antd';

export const PlanStatusTag = ({ status }: { status: PlanStatus }) => (
  <Tag color={planStatusColors[status]}>{planStatusLabels[status]}</Tag>
);

export const OrderStatusTag = ({ status }: { status: OrderStatus }) => (
  <Tag color={orderStatusColors[status]}>{orderStatusLabels[status]}</Tag>
);

const changeStatusColors: Record<ChangeStatus, string> = {
  PENDING: 'processing',
  APPROVED: 'success',
  DECLINED: 'error',
  WITHDRAWN: 'default',
};
export const ChangeStatusTag = ({ status }: { status: ChangeStatus }) => (
  <Tag color={changeStatusColors[status]}>{changeStatusLabels[status]}</Tag>
);

export const SpaceTag = ({ space }: { space: SpaceLevel }) => (
  <Tag color={spaceColors[space]} bordered={false}>
    {spaceLabels[space]}
  </Tag>
);
