import DetailState, { type Loaded } from '@/components/DetailState';
import { queryShipmentStatistics } from '@/services/user';
import type { ShipmentStatistics } from '@contract/home/schema';
import { PageContainer } from '@ant-design/pro-components';
import { Skeleton } from 'antd';
import { Suspense, lazy } from 'react';

// Each role loads its own section only (the clerk's table, the customer's bars).
const CustomerHome = lazy(() => import('./home/CustomerHome'));
const ClerkHome = lazy(() => import('./home/ClerkHome'));
const InspectorHome = lazy(() => import('./home/InspectorHome'));

const load = async (): Promise<Loaded<ShipmentStatistics>> => (await queryShipmentStatistics()) ?? 'failed';

/** 出运首页: the first screen after sign-in, each role's own figures from one call; every figure links to its list. */
export default function ShipmentHomePage() {
  return (
    <DetailState label="出运首页" load={load} notFoundText="" back={null}>
      {(statistics) => (
        <PageContainer header={{ title: '出运首页' }}>
          <Suspense fallback={<Skeleton active />}>
            {statistics.customer ? <CustomerHome packing={statistics.packing} customer={statistics.customer} /> : null}
            {statistics.clerk ? <ClerkHome packing={statistics.packing} clerk={statistics.clerk} /> : null}
            {statistics.inspector ? <InspectorHome packing={statistics.packing} inspector={statistics.inspector} /> : null}
          </Suspense>
        </PageContainer>
      )}
    </DetailState>
  );
}
