/** The loose-cargo pages' status tag, apart from the other pages' so that those do not load its codes. */
import { handoverStatusLabels, looseStatusColors, looseStatusLabels, type LooseStatus } from '@contract/loose/codes';
import { Tag } from 'antd';

/** The booking's state; on the handover page, named as the warehouse sees it (已确认 → 待交接). */
export const LooseStatusTag = ({ status, handover }: { status: LooseStatus; handover?: boolean }) => (
  <Tag color={looseStatusColors[status]}>
    {handover && status in handoverStatusLabels
      ? handoverStatusLabels[status as keyof typeof handoverStatusLabels]
      : looseStatusLabels[status]}
  </Tag>
);
