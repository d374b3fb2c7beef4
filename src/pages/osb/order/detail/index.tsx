import DetailState from '@/components/DetailState';
import CutoffNotice from '@/components/Notice/CutoffNotice';
import LazyDialog from '@/components/LazyDialog';
import { OrderStatusTag } from '@/components/StatusTags/booking';
import type { LookupsModelState } from '@/models/lookups';
import { patchOrder, queryOrder } from '@/services/order';
import { decidePlanChange } from '@/services/plan';
import { formatDateTime } from '@/utils/date';
import { loadedOf } from '@/utils/request';
import { performAction } from '@/utils/performAction';
import type { OrderDetail } from '@contract/order/schema';
import { countdownText, orderFieldLabels as labels } from '@contract/order/codes';
import type { PlanChange } from '@contract/plan/schema';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { PageContainer } from '@ant-design/pro-components';
import { Button, Card, Descriptions, Popconfirm, Space } from 'antd';
import { lazy, useCallback, useEffect, useState } from 'react';
import { Link, useDispatch, useParams, useSelector } from 'umi';
import { PlanChanges, PlanFacts, PlanHistory } from '../../plan/detail/PlanSections';
import HistoryCard from '@/components/History';
import Milestones from '@/components/Milestones';
import ContainerFreights from './ContainerFreights';

const loadBook = () => import('./BookOrderDialog');
const BookOrderDialog = lazy(loadBook);
const ReasonDialog = lazy(() => import('@/components/ReasonDialog'));

const backLink = (
  <Link to="/osb/order">
    <Button icon={<ArrowLeftOutlined />}>返回订舱单</Button>
  </Link>
);

const loadOrder = (key: string) => loadedOf(queryOrder(key));

/** 订舱单详情: the clerk books the plan with the carrier, records the release, rejects, and decides changes. */
export default function OrderDetailPage() {
  const { id = '' } = useParams<{ id: string }>();
  const dispatch = useDispatch();
  const [attempt, setAttempt] = useState(0);
  const loader = useCallback(() => loadOrder(id), [id]);
  useEffect(() => {
    dispatch({ type: 'lookups/fetchOsbDict' });
  }, [dispatch]);
  return (
    // A change loads the order again: the page starts over with what the server now says.
    <DetailState key={attempt} label="订舱单" load={loader} notFoundText="该订舱单不存在。" back={backLink}>
      {(order) => <OrderPage order={order} reload={() => setAttempt((n) => n + 1)} />}
    </DetailState>
  );
}

type Asking = { what: 'reject' } | { what: 'decline'; change: PlanChange };

function OrderPage({ order, reload }: { order: OrderDetail; reload: () => void }) {
  const { osbDict: dict, osbFactories: factories } = useSelector((state: { lookups: LookupsModelState }) => state.lookups);
  const [booking, setBooking] = useState(false);
  const [asking, setAsking] = useState<Asking>();
  const [, tick] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => tick((n) => n + 1), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  const done = (ok: boolean) => {
    if (ok) reload();
    return ok;
  };

  const release = async () => {
    const saved = await performAction(
      patchOrder(order.key, { action: 'release', version: order.version }),
      `订舱单 ${order.key} 已放舱`,
    );
    done(saved.ok);
  };
  const decide = async (change: PlanChange, decision: 'approve' | 'decline', comment = '') => {
    const saved = await performAction(
      decidePlanChange(change.key, { decision, comment, version: change.version }),
      `变更申请 ${change.key} ${decision === 'approve' ? '已批准，计划已更新' : '已拒绝'}`,
    );
    return done(saved.ok);
  };

  const actions = (
    <Space>
      {order.status === 'PENDING' ? (
        <>
          <Button onClick={() => setAsking({ what: 'reject' })}>拒绝</Button>
          <Button type="primary" onClick={() => setBooking(true)} onMouseEnter={loadBook}>
            向船公司订舱
          </Button>
        </>
      ) : null}
      {order.status === 'BOOKED' ? (
        <Popconfirm title="确认船公司已放舱？" okText="放舱" cancelText="返回" onConfirm={release}>
          <Button type="primary">放舱</Button>
        </Popconfirm>
      ) : null}
      {backLink}
    </Space>
  );
  // In minutes, as the bell and the lists show a cut-off.
  const cutoff = (at: string | null) =>
    at ? `${formatDateTime(at, 'YYYY-MM-DD HH:mm')}（${countdownText(at)}）` : '订舱后按截单规则计算';

  return (
    <PageContainer header={{ title: `订舱单 ${order.key}`, tags: <OrderStatusTag status={order.status} />, extra: actions }}>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        {order.status === 'PENDING' ? (
          <CutoffNotice
            etd={order.etd}
            siCutoffHours={dict?.siCutoffHours}
            advice={{ passed: '已不能向船公司订舱，船公司改了船期时请按新开船日期订舱，否则请拒绝', near: '请尽快向船公司订舱' }}
          />
        ) : null}
        <Card title="订舱与截止时间">
          <Descriptions
            column={3}
            items={[
              { key: 'so', label: labels.carrierBookingNo, children: order.carrierBookingNo || '—' },
              { key: 'vessel', label: '船名航次', children: order.vessel ? `${order.vessel} ${order.voyage}` : '—' },
              { key: 'clerk', label: labels.clerkName, children: order.clerkName || '—' },
              { key: 'etd', label: labels.etd, children: order.etd },
              { key: 'eta', label: labels.eta, children: order.eta },
              ...(order.reason ? [{ key: 'reason', label: labels.reason, children: order.reason }] : []),
              { key: 'si', label: labels.siCutoff, children: cutoff(order.siCutoff) },
              { key: 'cy', label: labels.cyCutoff, children: cutoff(order.cyCutoff) },
              { key: 'vgm', label: labels.vgmCutoff, children: cutoff(order.vgmCutoff) },
            ]}
          />
        </Card>
        <PlanFacts plan={{ ...order.plan, order: null }} dict={dict} factories={factories} orderShown />
        {['BOOKED', 'RELEASED'].includes(order.status) ? (
          <ContainerFreights key={`freight-${order.version}`} planKey={order.planKey} />
        ) : null}
        {['BOOKED', 'RELEASED', 'SHIPPED'].includes(order.status) ? (
          <Milestones key={`tnt-${order.version}`} planKey={order.planKey} />
        ) : null}
        <PlanChanges
          changes={order.changes}
          dict={dict}
          actions={(change) =>
            change.status === 'PENDING' ? (
              <Space size="small">
                <Popconfirm
                  title={`批准变更 ${change.key}？计划将按申请修改。`}
                  okText="批准"
                  cancelText="返回"
                  onConfirm={() => decide(change, 'approve')}
                >
                  <a>批准</a>
                </Popconfirm>
                <a onClick={() => setAsking({ what: 'decline', change })}>拒绝</a>
              </Space>
            ) : null
          }
        />
        <PlanHistory history={order.history} />
        <HistoryCard key={order.version} entity="order" entityKey={order.key} />
      </Space>
      <LazyDialog open={booking}>
        <BookOrderDialog open={booking} order={order} onClose={() => setBooking(false)} onSaved={() => done(true)} />
      </LazyDialog>
      <LazyDialog open={asking !== undefined}>
        <ReasonDialog
          ask={
            asking?.what === 'reject'
              ? { title: `拒绝订舱计划 ${order.planKey}`, label: '拒绝原因', okText: '拒绝' }
              : asking
                ? { title: `拒绝变更申请 ${asking.change.key}`, label: '审核意见', okText: '拒绝变更' }
                : undefined
          }
          onSubmit={async (reason) => {
            if (asking?.what === 'decline') return decide(asking.change, 'decline', reason);
            const saved = await performAction(
              patchOrder(order.key, { action: 'reject', reason, version: order.version }),
              `已拒绝订舱计划 ${order.planKey}，已通知客户`,
            );
            return done(saved.ok);
          }}
          onClose={() => setAsking(undefined)}
        />
      </LazyDialog>
    </PageContainer>
  );
}
