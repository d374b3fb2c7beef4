/** The declaration pages' status tag, apart from the other pages' so that those do not load its codes. */
import { declarationStatusColors, declarationStatusLabels, type DeclarationStatus } from '@contract/declaration/codes';
import { Tag } from 'antd';

export const DeclarationStatusTag = ({ status }: { status: DeclarationStatus }) => (
  <Tag color={declarationStatusColors[status]}>{declarationStatusLabels[status]}</Tag>
);
