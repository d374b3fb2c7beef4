import { bulkStatusLabels, inspectionResultLabels, type BulkStatus, type InspectionResult } from '@contract/packing/codes';
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
