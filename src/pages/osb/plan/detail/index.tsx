import DetailState from '@/components/DetailState';
import CutoffNotice from '@/components/Notice/CutoffNotice';
import LazyDialog from '@/components/LazyDialog';
import type { LookupsModelState } from '@/models/lookups';
import { withdrawPlanChange } from '@/services/plan';
import { performAction } from '@/utils/performAction';
import type { PlanDetail } from '@contract/plan/schema';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { PageContainer } from '@ant-design/pro-components';
import { Button, Popconfirm, Space } from 'antd';
import { lazy, useCallback, useEffect, useState } from 'react';
import { Link, useDispatch, useParams, useSelector } from 'umi';
import { cancelPlan, loadPlan, removePlans, submitPlans } from '../planActions';
import ContainerCard from './ContainerCard';
import { PlanChanges, PlanFacts, PlanHistory } from './PlanSections';
import HistoryCard from '@/components/History';
import Milestones from '@/components/Milestones';

const load = {
  change: () => import('./ChangeDialog'),
  draft: () => import('./DraftDialog'),
};
const ChangeDialog = lazy(load.change);
const DraftDialog = lazy(load.draft);
const ReasonDialog = lazy(() => import('@/components/ReasonDialog'));

const backLink = (
  <Link to="/osb/plan">
    <Button icon={<ArrowLeftOutlined />}>返回订舱计划</Button>
  </Link>
);

/** 订舱计划详情: the plan, its fixed price, order, status history and changes, and what the customer may do. */
export default function PlanDetailPage() {
  const { id = '' } = useParams<{ id: string }>();
  const dispatch = useDispatch();
  const [attempt, setAttempt] = useState(0);
  const loader = useCallback(() => loadPlan(id), [id]);
  useEffect(() => {
    dispatch({ type: 'lookups/fetchOsbDict' });
  }, [dispatch]);
  return (
    // A change loads the plan again: the page starts over with what the server now says.
    <DetailState key={attempt} label="订舱计划" load={loader} notFoundText="该计划不存在，或你无权查看。" back={backLink}>
      {(plan) => <PlanPage plan={plan} reload={() => setAttempt((n) => n + 1)} />}
    </DetailState>
  );
}

function PlanPage({ plan, reload }: { plan: PlanDetail; reload: () => void }) {
  const { osbDict: dict, osbFactories: factories } = useSelector((state: { lookups: LookupsModelState }) => state.lookups);
  const [dialog, setDialog] = useState<'change' | 'draft' | 'cancel'>();
  const pending = plan.changes.find((change) => change.status === 'PENDING');
  const done = (ok: boolean) => {
    if (ok) reload();
    return ok;
  };

  const actions = (
    <Space>
      {plan.status === 'DRAFT' ? (
        <>
          <Button onClick={() => setDialog('draft')} onMouseEnter={load.draft}>
            修改
          </Button>
          <Popconfirm
            title={`确定删除草稿 ${plan.key}？`}
            okText="删除"
            cancelText="返回"
            onConfirm={async () => (await removePlans([plan])) && window.history.back()}
          >
            <Button danger>删除</Button>
          </Popconfirm>
          <Button type="primary" onClick={async () => done(await submitPlans([plan]))}>
            提交订舱
          </Button>
        </>
      ) : null}
      {plan.status === 'DRAFT' || plan.status === 'SUBMITTED' ? (
        <Button onClick={() => setDialog('cancel')}>取消计划</Button>
      ) : null}
      {plan.status === 'CONFIRMED' && !pending ? (
        <Button type="primary" onClick={() => setDialog('change')} onMouseEnter={load.change}>
          申请变更
        </Button>
      ) : null}
      {backLink}
    </Space>
  );

  return (
    <PageContainer header={{ title: `订舱计划 ${plan.key}`, extra: actions }}>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        {plan.status === 'DRAFT' || plan.status === 'SUBMITTED' ? (
          <CutoffNotice
            etd={plan.etd}
            siCutoffHours={dict?.siCutoffHours}
            advice={{
              passed: '已不能订舱，请在运价日历中另选船期',
              near: plan.status === 'DRAFT' ? '请尽快提交订舱' : '单证员订舱前如已截单，将无法订舱',
            }}
          />
        ) : null}
        <PlanFacts plan={plan} dict={dict} factories={factories} />
        <ContainerCard plan={plan} onChanged={reload} />
        {['CONFIRMED', 'LOADING', 'SHIPPED'].includes(plan.status) ? <Milestones planKey={plan.key} /> : null}
        <PlanChanges
          changes={plan.changes}
          dict={dict}
          actions={(change) =>
            change.status === 'PENDING' ? (
              <Popconfirm
                title={`撤回变更申请 ${change.key}？`}
                okText="撤回"
                cancelText="返回"
                onConfirm={async () => {
                  const withdrawn = await performAction(
                    withdrawPlanChange(change.key, change.version),
                    `已撤回变更申请 ${change.key}`,
                  );
                  done(withdrawn.ok);
                }}
              >
                <a>撤回</a>
              </Popconfirm>
            ) : null
          }
        />
        <PlanHistory history={plan.history} />
        <HistoryCard key={plan.version} entity="plan" entityKey={plan.key} />
      </Space>
      <LazyDialog open={dialog === 'change'}>
        <ChangeDialog open={dialog === 'change'} plan={plan} onClose={() => setDialog(undefined)} onSaved={() => done(true)} />
      </LazyDialog>
      <LazyDialog open={dialog === 'draft'}>
        <DraftDialog open={dialog === 'draft'} plan={plan} onClose={() => setDialog(undefined)} onSaved={() => done(true)} />
      </LazyDialog>
      <LazyDialog open={dialog === 'cancel'}>
        <ReasonDialog
          ask={dialog === 'cancel' ? { title: `取消订舱计划 ${plan.key}`, label: '取消原因', okText: '取消计划' } : undefined}
          onSubmit={async (reason) => done(await cancelPlan(plan, reason))}
          onClose={() => setDialog(undefined)}
        />
      </LazyDialog>
    </PageContainer>
  );
}
