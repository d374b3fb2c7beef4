import { PageContainer } from '@ant-design/pro-components';
import { Empty } from 'antd';
import React from 'react';

interface PagePlaceholderProps {
  title: string;
  /** What the page will hold, shown under the empty state until its feature is built. */
  description?: string;
}

/** A titled page with an empty state, for routes whose feature has not been built yet. */
const PagePlaceholder: React.FC<PagePlaceholderProps> = ({ title, description }) => (
  <PageContainer title={title}>
    <Empty style={{ padding: '48px 0' }} description={description || '暂无数据，功能建设中'} />
  </PageContainer>
);

export default PagePlaceholder;
