import type { ResultProps } from 'antd';
import React, { Suspense, lazy } from 'react';

// antd's Result carries its status illustrations (~10 KB gzip). Inside the signed-in frame one shows only when
// something is wrong (no right to see the page, a record not found or not loaded), so it loads then, not with
// every page. (ProLayout's own error boundary, the frame's other Result, is ours: .umirc.ts.)
const Result = lazy(() => import('antd/es/result'));

/** antd's Result, loaded when first shown. */
const PageResult: React.FC<ResultProps> = (props) => (
  <Suspense fallback={null}>
    <Result {...props} />
  </Suspense>
);

export default PageResult;
