import type { TabsProps } from 'antd';
import React, { Suspense, lazy } from 'react';

// antd's Tabs with rc-tabs (~10 KB gzip) load when tabs are first shown: the header's notices and antd's Card
// bring Tabs to every page, where few pages show any (.umirc.ts points antd's Card here).
const Tabs = lazy(() => import('antd/es/tabs'));

/** antd's Tabs, loaded when first shown. */
const LazyTabs: React.FC<TabsProps> = (props) => (
  <Suspense fallback={null}>
    <Tabs {...props} />
  </Suspense>
);

export default LazyTabs;
