/** What the plan pages do to plans, each through the services, with its message; shared by the list and the detail. */
import { batchUpdatePlans, deletePlans, queryPlan, updatePlan } from '@/services/plan';
import { loadedOf } from '@/utils/request';
import { performAction } from '@/utils/performAction';
import type { Plan } from '@contract/plan/schema';

type Versioned = Pick<Plan, 'key' | 'version'>;

/** 提交: drafts to the clerk, all or nothing. */
export async function submitPlans(plans: readonly Versioned[]): Promise<boolean> {
  const saved = await performAction(
    batchUpdatePlans({
      keys: plans.map((p) => p.key),
      versions: Object.fromEntries(plans.map((p) => [p.key, p.version])),
      changes: { status: 'SUBMITTED' },
    }),
    plans.length === 1 ? `计划 ${plans[0].key} 已提交，等待单证员订舱` : `已提交 ${plans.length} 个计划`,
  );
  return saved.ok;
}

/** 取消 before confirmation, with the reason. */
export async function cancelPlan(plan: Versioned, reason: string): Promise<boolean> {
  const saved = await performAction(
    updatePlan(plan.key, { status: 'CANCELLED', reason, version: plan.version }),
    `计划 ${plan.key} 已取消`,
  );
  return saved.ok;
}

/** 删除 drafts, all or nothing. */
export async function removePlans(plans: readonly Versioned[]): Promise<boolean> {
  const removed = await performAction(deletePlans(plans), (answer) => `已删除 ${answer.deleted} 个草稿计划`);
  return removed.ok;
}

/** The detail page's plan: with its history, changes and order. */
export const loadPlan = (key: string) => loadedOf(queryPlan(key));
