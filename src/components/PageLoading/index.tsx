import { LOADING_DELAY } from '@/utils/constants';
import { Spin } from 'antd';
import React from 'react';

/** Full-area spinner while a page or the signed-in user loads; waits 200 ms so quick loads do not flash. */
const PageLoading: React.FC<{ tip?: string }> = ({ tip }) => (
  <div style={{ paddingTop: 120, textAlign: 'center' }} data-testid="page-loading">
    <Spin size="large" delay={LOADING_DELAY} tip={tip}>
      {tip ? <div style={{ padding: 50 }} /> : null}
    </Spin>
  </div>
);

export default PageLoading;
