import LazyDialog from '@/components/LazyDialog';
import ListPage, { choicesOf } from '@/components/ResourceTable/ListPage';
import type { LookupsModelState } from '@/models/lookups';
import { queryPlans } from '@/services/plan';
import type { Plan, PlanListQuery } from '@contract/plan/schema';
import { planStatuses, planStatusLabels, type PlanStatus, planRoutes } from '@contract/plan/codes';
import { CalendarOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Space } from 'antd';
import type { TableColumnsType } from 'antd';
import { lazy, useCallback, useEffect, useMemo, useState } from 'react';
import { history, useDispatch, useSelector } from 'umi';
import { planColumns } from './columns';
import { cancelPlan, removePlans, submitPlans } from './planActions';

const ReasonDialog = lazy(() => import('@/components/ReasonDialog'));

type Filters = { key?: string; status?: PlanStatus; pod?: string };

/** 订舱计划: the customer's plans; drafts are submitted or deleted, one or several at once. */
export default function PlanListPage() {
  const dispatch = useDispatch();
  const dict = useSelector((state: { lookups: LookupsModelState }) => state.lookups.osbDict);
  const [reloads, setReloads] = useState(0);
  const [shown, setShown] = useState<Plan[]>([]);
  const [selected, select] = useState<string[]>([]);
  const [cancelling, setCancelling] = useState<Plan>();
  useEffect(() => {
    dispatch({ type: 'lookups/fetchOsbDict' });
  }, [dispatch]);

  // The page's plans are kept for the batch actions; a selection survives paging only for plans still shown.
  const onPage = useCallback((answer: { data: Plan[] }) => {
    setShown(answer.data);
    const visible = new Set(answer.data.map((plan) => plan.key));
    select((keys) => keys.filter((key) => visible.has(key)));
  }, []);
  const reload = () => setReloads((n) => n + 1);
  const after = (done: boolean) => {
    if (!done) return;
    select([]);
    reload();
  };
  const chosen = useMemo(() => shown.filter((plan) => selected.includes(plan.key)), [shown, selected]);
  const allDrafts = chosen.every((plan) => plan.status === 'DRAFT');

  const columns: TableColumnsType<Plan> = [
    ...planColumns(dict),
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 150,
      render: (_, plan) => (
        <Space size="small">
          {plan.status === 'DRAFT' ? <a onClick={async () => after(await submitPlans([plan]))}>提交</a> : null}
          {plan.status === 'DRAFT' || plan.status === 'SUBMITTED' ? <a onClick={() => setCancelling(plan)}>取消</a> : null}
          {plan.status === 'DRAFT' ? (
            <Popconfirm
              title={`确定删除草稿 ${plan.key}？`}
              okText="删除"
              cancelText="返回"
              onConfirm={async () => after(await removePlans([plan]))}
            >
              <a>删除</a>
            </Popconfirm>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <ListPage<Plan, Filters>
      heading="订舱计划"
      query={[
        { name: 'key', label: '计划号', placeholder: '前缀', width: 140 },
        { name: 'status', label: '状态', kind: 'choice', width: 120, options: choicesOf(planStatuses, planStatusLabels) },
        {
          name: 'pod',
          label: '目的港',
          kind: 'choice',
          width: 160,
          search: true,
          options: (dict?.ports ?? []).map((p) => ({ value: p.code, label: `${p.name} ${p.code}` })),
        },
      ]}
      linked={['status']}
      list={(params) => queryPlans(params as PlanListQuery)}
      listType="osbPlan"
      exportRoute={planRoutes.export}
      title="订舱计划"
      rowKey="key"
      columns={columns}
      onPage={onPage}
      reloads={reloads}
      lockedColumns={['key', 'actions']}
      selection={{
        keys: selected,
        onChange: select,
        label: '所选计划',
        bar: (
          <>
            <span style={{ flex: 1 }}>已选择 {selected.length} 个计划</span>
            <Space size={16}>
              {allDrafts ? (
                <>
                  <a onClick={async () => after(await submitPlans(chosen))}>批量提交</a>
                  <Popconfirm
                    title={`确定删除所选的 ${chosen.length} 个草稿？`}
                    okText="删除"
                    cancelText="返回"
                    onConfirm={async () => after(await removePlans(chosen))}
                  >
                    <a>批量删除</a>
                  </Popconfirm>
                </>
              ) : (
                <span>只有草稿可以批量提交或删除</span>
              )}
              <a onClick={() => select([])}>取消选择</a>
            </Space>
          </>
        ),
      }}
      toolbar={
        <Button type="primary" icon={<CalendarOutlined />} onClick={() => history.push('/osb/calendar')}>
          去运价日历订舱
        </Button>
      }
    >
      <LazyDialog open={cancelling !== undefined}>
        <ReasonDialog
          ask={cancelling && { title: `取消订舱计划 ${cancelling.key}`, label: '取消原因', okText: '取消计划' }}
          onSubmit={async (reason) => {
            const done = cancelling !== undefined && (await cancelPlan(cancelling, reason));
            after(done);
            return done;
          }}
          onClose={() => setCancelling(undefined)}
        />
      </LazyDialog>
    </ListPage>
  );
}
