/** What the plan pages do to plans, each through the services, with its message; shared by the list and the detail. */
import { batchUpdatePlans, deletePlans, queryPlan, updatePlan } from '@/services/plan';
import { loadedOf, outcomeOf } from '@/utils/request';
import type { Plan } from '@contract/plan';
import { message } from 'antd';

type Versioned = Pick<Plan, 'key' | 'version'>;

/** 提交: drafts to the clerk, all or nothing. */
export async function submitPlans(plans: readonly Versioned[]): Promise<boolean> {
  const saved = await outcomeOf(
    batchUpdatePlans({
      keys: plans.map((p) => p.key),
      versions: Object.fromEntries(plans.map((p) => [p.key, p.version])),
      changes: { status: 'SUBMITTED' },
    }),
  );
  if (!saved.ok) return false;
  message.success(plans.length === 1 ? `计划 ${plans[0].key} 已提交，等待单证员订舱` : `已提交 ${plans.length} 个计划`);
  return true;
}

/** 取消 before confirmation, with the reason. */
export async function cancelPlan(plan: Versioned, reason: string): Promise<boolean> {
  const saved = await outcomeOf(updatePlan(plan.key, { status: 'CANCELLED', reason, version: plan.version }));
  if (!saved.ok) return false;
  message.success(`计划 ${plan.key} 已取消`);
  return true;
}

/** 删除 drafts, all or nothing. */
export async function removePlans(plans: readonly Versioned[]): Promise<boolean> {
  const removed = await outcomeOf(deletePlans(plans));
  if (!removed.ok) return false;
  message.success(`已删除 ${removed.data.deleted} 个草稿计划`);
  return true;
}

/** The detail page's plan: with its history, changes and order. */
export const loadPlan = (key: string) => loadedOf(queryPlan(key));
