/** The B/L pages' status tag, apart from the other pages' so that those do not load the B/L codes. */
import { bolStatusColors, bolStatusLabels, type BolStatus } from '@contract/bol/codes';
import { Tag } from 'antd';

export const BolStatusTag = ({ status }: { status: BolStatus }) => (
  <Tag color={bolStatusColors[status]}>{bolStatusLabels[status]}</Tag>
);
