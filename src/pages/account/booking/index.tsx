import ResourceTable, { type PageParams } from '@/components/ResourceTable';
import type { LookupsModelState } from '@/models/lookups';
import { queryPlan, queryPlans } from '@/services/plan';
import type { Plan, PlanDetail } from '@contract/plan/schema';
import { planRoutes } from '@contract/plan/codes';
import { PageContainer } from '@ant-design/pro-components';
import { Col, Row, Spin } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useDispatch, useSelector } from 'umi';
import { planColumns } from '../../osb/plan/columns';
import { PlanChanges, PlanHistory } from '../../osb/plan/detail/PlanSections';

/** The records have no query form: one filters object for every render. */
const noFilters = {};

/** A plan's status history and changes, read when its row opens. */
function PlanRecord({ planKey }: { planKey: string }) {
  const dict = useSelector((state: { lookups: LookupsModelState }) => state.lookups.osbDict);
  const [detail, setDetail] = useState<PlanDetail>();
  useEffect(() => {
    queryPlan(planKey).then((answer) => answer && setDetail(answer));
  }, [planKey]);
  if (!detail) return <Spin style={{ display: 'block', margin: 16 }} />;
  return (
    <Row gutter={16}>
      <Col span={8}>
        <PlanHistory history={detail.history} />
      </Col>
      <Col span={16}>
        <PlanChanges changes={detail.changes} dict={dict} />
      </Col>
    </Row>
  );
}

/** 订舱记录: every plan the customer made, newest first, each with its price, status history and changes. */
export default function BookingRecordsPage() {
  const dispatch = useDispatch();
  const dict = useSelector((state: { lookups: LookupsModelState }) => state.lookups.osbDict);
  useEffect(() => {
    dispatch({ type: 'lookups/fetchOsbDict' });
  }, [dispatch]);
  const fetchPage = useCallback((params: PageParams) => queryPlans(params), []);
  return (
    <PageContainer header={{ title: '订舱记录' }}>
      <ResourceTable<Plan, object>
        listType="bookingRecords"
        title="我的订舱（新的在前，展开看状态记录与变更）"
        rowKey="key"
        columns={planColumns(dict)}
        request={fetchPage}
        filters={noFilters}
        exportRoute={planRoutes.export}
        lockedColumns={['key']}
        expandable={{ expandedRowRender: (plan) => <PlanRecord planKey={plan.key} /> }}
      />
    </PageContainer>
  );
}
