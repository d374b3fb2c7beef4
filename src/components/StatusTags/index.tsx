import { bulkStatusLabels, inspectionResultLabels, type BulkStatus, type InspectionResult } from '@contract/bulkCodes';
import { orderStatusColors, orderStatusLabels, type OrderStatus } from '@contract/orderCodes';
import { changeStatusLabels, planStatusColors, planStatusLabels, type ChangeStatus, type PlanStatus } from '@contract/planCodes';
import { spaceColors, spaceLabels, type SpaceLevel } from '@contract/priceCodes';
import { Tag } from 'antd';

/** Colours follow the flow: waiting (orange) → ready (blue) → in a container (purple) → shipped (green). */
const statusColors: Record<BulkStatus, string> = {
  pendingInspection: 'orange',
  pendingConsolidation: 'blue',
  allocated: 'purple',
  shipped: 'green',
};

export const BulkStatusTag = ({ status }: { status: BulkStatus }) => (
  <Tag color={statusColors[status]}>{bulkStatusLabels[status]}</Tag>
);

export const InspectionTag = ({ result }: { result: InspectionResult | null }) =>
  result ? <Tag color={result === 'pass' ? 'success' : 'error'}>{inspectionResultLabels[result]}</Tag> : <Tag>未验针</Tag>;

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
