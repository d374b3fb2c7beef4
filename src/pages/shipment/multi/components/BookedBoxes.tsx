import { addContainer } from '@/services/container';
import { queryPlans } from '@/services/plan';
import { performAction } from '@/utils/performAction';
import type { OpenContainer } from '@contract/container/schema';
import type { Plan } from '@contract/plan/schema';
import Hint from '@/components/Hint';
import { Button, Card, Empty } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'umi';

/**
 * The boxes the customer's confirmed plans booked and that are not in the hall yet (the order knows how many of
 * which type): each is added here with one click and chosen at once, without a detour through the plan's page.
 */
export default function BookedBoxes({
  boxes,
  reloads,
  onAdded,
}: {
  boxes: readonly OpenContainer[];
  reloads: number;
  onAdded: (box: { key: string }) => void;
}) {
  const [plans, setPlans] = useState<Plan[]>();
  const [adding, setAdding] = useState<string>();
  useEffect(() => {
    Promise.all(
      (['CONFIRMED', 'LOADING'] as const).map((status) => queryPlans({ status, pageSize: 100, sorter: 'etd:ascend' })),
    ).then((answers) => setPlans(answers.flatMap((answer) => answer?.data ?? [])));
  }, [reloads]);
  const waiting = (plans ?? [])
    .map((plan) => ({ plan, missing: plan.quantity - boxes.filter((box) => box.planKey === plan.key).length }))
    .filter(({ missing }) => missing > 0);
  const add = async (plan: Plan) => {
    setAdding(plan.key);
    const added = await performAction(addContainer(plan.key, {}), (box) => `已为计划 ${plan.key} 添加柜 ${box.key}`);
    setAdding(undefined);
    if (added.ok) onAdded(added.data);
  };
  if (plans && boxes.length === 0 && waiting.length === 0) {
    return <Empty description={<Link to="/osb/calendar">没有已确认的订舱计划：请先在运价日历订舱，单证员订舱后即可装柜</Link>} />;
  }
  return waiting.map(({ plan, missing }) => (
    <Card
      key={plan.key}
      size="small"
      style={{ marginBlockEnd: 12, borderStyle: 'dashed' }}
      title={`${plan.containerType} · 已订 ${plan.quantity} 柜，待添加 ${missing} 柜`}
      extra={<Link to={`/osb/plan/${plan.key}`}>{plan.key}</Link>}
    >
      <Hint paragraph style={{ marginBlockEnd: 8 }}>
        目的港 {plan.pod} · 开船 {plan.etd} · 箱号、封号可装货后再填
      </Hint>
      <Button type="primary" ghost loading={adding === plan.key} onClick={() => add(plan)}>
        添加柜并选用
      </Button>
    </Card>
  ));
}
