/**
 * 订舱变更: a confirmed plan changes only through a request (数量 / 箱型 / 船期 / 航线 / 取消) that the clerk
 * approves or declines, or its requester withdraws. One request waits per plan. Approval applies the new values
 * to the plan in the same transaction; a change to another sailing fixes that sailing's price of the moment and
 * stores the difference.
 */
import { and, count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  assertPlanMove,
  changedFieldsOf,
  changeStatusLabels,
  changeTypeLabels,
  chinaToday,
  planAccess,
  priceDiffOf,
  repricingChanges,
  sailingFieldsOf,
  type changeDecisionSchema,
  type changeListQuerySchema,
  type changeRequestSchema,
  type PlanChange,
  changeListFilters,
} from '../../../contract/plan/schema';
import { unbookableReason } from '../../../contract/price/codes';
import { RuleError } from '../../../contract/shared/ruleError';
import { assertBeforeSiCutoff } from '../../../contract/order/codes';
import { settingValue } from '../setting';
import type { SessionUser } from '../../auth/sessionUser';
import { audit } from '../../db/audit';
import type { Db } from '../../db/open';
import { osbChanges, osbContainers, osbOrders, type ChangeRow, type PlanRow, type PriceRow } from '../../db/schema';
import { notFound } from '../refusals';
import { defineList } from '../list';
import { sqlFilters } from '../listFilters';
import { closeTodos, notifyOwner, notifyRole, todoSubjects } from '../notice';
import { CHANGE, changeColumns, changeRows, orderRows, planRows, toChange, type NamedChange } from './rows';
import { findPrice } from '../price/prices';

type Filters = Omit<z.output<typeof changeListQuerySchema>, 'current' | 'pageSize' | 'sorter'>;

/** GET /v1/osbChange — the newest first; a customer's own plans' only. */
export const listChanges = defineList<typeof changeColumns, NamedChange, PlanChange, Filters>({
  name: 'changes',
  table: osbChanges,
  key: osbChanges.key,
  owner: osbChanges,
  policy: planAccess,
  columns: changeColumns,
  toItem: toChange,
  sortColumns: {},
  defaultOrder: [desc(osbChanges.requestedAt)],
  filters: sqlFilters(osbChanges, changeListFilters),
  countCap: 10_000,
  notFoundMessage: '变更申请不存在',
});

const answer = async (db: Db, key: string): Promise<PlanChange> =>
  toChange((await db.select(changeColumns).from(osbChanges).where(eq(osbChanges.key, key)))[0]);

type Target = Omit<z.output<typeof changeRequestSchema>, 'changeType' | 'reason' | 'version'>;

/** The bookable price of the sailing a repricing change moves the plan to (422 / 409 when there is none). */
async function newPriceOf(db: Db, plan: PlanRow, target: Target): Promise<PriceRow> {
  const price = await findPrice(db, {
    carrier: target.carrier ?? plan.carrier,
    pol: target.pol ?? plan.pol,
    pod: target.pod ?? plan.pod,
    containerType: target.containerType ?? plan.containerType,
    sailingDate: target.sailingDate ?? plan.etd,
  });
  if (!price) throw new RuleError(422, 'VALIDATION_ERROR', '该船期没有运价，请在运价日历中选择有运价的船期');
  const refusal = unbookableReason(price, chinaToday());
  if (refusal) throw new RuleError(409, 'NOT_BOOKABLE', `新船期不可订舱：${refusal}`);
  assertBeforeSiCutoff(price.sailingDate, await settingValue(db, 'bookingCutoff'), 'sailingDate');
  return price;
}

/** POST /v1/osbplan/{planKey}/change */
export async function requestChange(
  db: Db,
  caller: SessionUser,
  planKey: string,
  input: z.output<typeof changeRequestSchema>,
): Promise<PlanChange> {
  const { changeType, reason, version, ...target } = input;
  return db.transaction(async (tx) => {
    const [plan] = await planRows.lock(tx, [planKey], caller);
    planRows.assertVersions([plan], { [planKey]: version });
    const changedFields = changedFieldsOf(plan, changeType, target);
    const [open] = await tx
      .select({ key: osbChanges.key })
      .from(osbChanges)
      .where(and(eq(osbChanges.planKey, planKey), eq(osbChanges.status, 'PENDING')));
    if (open)
      throw new RuleError(409, 'CHANGE_PENDING', `订舱计划 ${planKey} 已有待审核的变更 ${open.key}，请等待审核或撤回后再申请`);
    const price = repricingChanges.includes(changeType) ? await newPriceOf(tx, plan, target) : undefined;
    const [row] = await tx
      .insert(osbChanges)
      .values({
        planKey,
        changeType,
        changedFields,
        priceDiff: price ? priceDiffOf(plan.priceSnapshot, price, plan.quantity) : null,
        newPriceKey: price?.key ?? null,
        reason,
        status: 'PENDING',
        requestedBy: caller.id,
        owner: plan.owner,
      })
      .returning();
    const change = await answer(tx, row.key);
    await audit(tx, { actor: caller.id, entity: CHANGE, entityKey: row.key, after: change });
    await notifyRole(
      tx,
      'documentClerk',
      {
        type: 'event',
        title: `订舱计划 ${planKey} 申请${changeTypeLabels[changeType]}变更`,
        description: `${changedFields.map((f) => `${f.old} → ${f.new}`).join('，')}；原因：${reason}`,
        status: 'todo',
        link: `/osb/order?planKey=${planKey}`,
        subject: todoSubjects.changeToDecide(row.key),
      },
      caller.id,
    );
    return change;
  });
}

/** The change of `key` (of `planKey` when the path names it), locked; 404 when it is not there. */
async function lockChange(tx: Db, key: string, planKey: string | undefined, scope?: SessionUser): Promise<ChangeRow> {
  const [change] = await changeRows.lock(tx, [key], scope);
  if (planKey !== undefined && change.planKey !== planKey) throw notFound('变更申请不存在');
  return change;
}

function assertPending(change: ChangeRow, what: string) {
  if (change.status !== 'PENDING') {
    throw new RuleError(
      409,
      'ILLEGAL_TRANSITION',
      `变更申请 ${change.key} 当前为「${changeStatusLabels[change.status]}」，不能${what}`,
    );
  }
}

/** The plan with an approved change's values; a repricing change fixes the new sailing's current price. */
async function applyToPlan(tx: Db, actor: string, plan: PlanRow, change: ChangeRow) {
  if (change.changeType === 'cancel') {
    assertPlanMove(plan.key, plan.status, 'CANCELLED');
    await planRows.change(tx, actor, plan, { status: 'CANCELLED', reason: change.reason });
    const [order] = await tx.select().from(osbOrders).where(eq(osbOrders.planKey, plan.key)).for('update');
    if (order) await orderRows.change(tx, actor, order, { status: 'CANCELLED', reason: change.reason });
    return null;
  }
  if (plan.status !== 'CONFIRMED') {
    throw new RuleError(409, 'ILLEGAL_TRANSITION', `订舱计划 ${plan.key} 已不是「已确认」，不能再按变更修改`);
  }
  // Containers already added hold the plan to their number and type.
  const [{ boxes }] = await tx.select({ boxes: count() }).from(osbContainers).where(eq(osbContainers.planKey, plan.key));
  if (change.changeType === 'quantity') {
    const quantity = Number(change.changedFields[0].new);
    if (quantity < boxes)
      throw new RuleError(
        409,
        'PLAN_HAS_CONTAINERS',
        `订舱计划 ${plan.key} 已添加 ${boxes} 个柜，柜量不能少于 ${boxes}，请先删除多余的柜`,
      );
    await planRows.change(tx, actor, plan, { quantity });
    return null;
  }
  if (boxes > 0 && change.changedFields.some((f) => f.field === 'containerType')) {
    throw new RuleError(
      409,
      'PLAN_HAS_CONTAINERS',
      `订舱计划 ${plan.key} 已添加 ${boxes} 个 ${plan.containerType} 柜，请先删除后再变更箱型`,
    );
  }
  const target = Object.fromEntries(
    change.changedFields.map((f) => [f.field === 'etd' ? 'sailingDate' : f.field, f.new]),
  ) as Target;
  const price = await newPriceOf(tx, plan, target);
  const priceDiff = priceDiffOf(plan.priceSnapshot, price, plan.quantity);
  await planRows.change(tx, actor, plan, sailingFieldsOf(price));
  return { priceDiff, newPriceKey: price.key };
}

/** PATCH /v1/osbChange/{key} and /v1/osbplan/{planKey}/change/{key} — the clerk's decision. */
export async function decideChange(
  db: Db,
  caller: SessionUser,
  key: string,
  planKey: string | undefined,
  input: z.output<typeof changeDecisionSchema>,
): Promise<PlanChange> {
  return db.transaction(async (tx) => {
    const change = await lockChange(tx, key, planKey);
    changeRows.assertVersions([change], { [key]: input.version });
    assertPending(change, input.decision === 'approve' ? '批准' : '拒绝');
    const [plan] = await planRows.lock(tx, [change.planKey]);
    const approved = input.decision === 'approve';
    const repriced = approved ? await applyToPlan(tx, caller.id, plan, change) : null;
    await changeRows.change(tx, caller.id, change, {
      status: approved ? 'APPROVED' : 'DECLINED',
      comment: input.comment ?? '',
      decidedBy: caller.id,
      decidedAt: new Date(),
      ...(repriced ?? {}),
    });
    await closeTodos(tx, todoSubjects.changeToDecide(key), caller.id);
    const verdict = approved ? '已批准' : '被拒绝';
    await notifyOwner(
      tx,
      change.owner,
      {
        type: 'notification',
        title: `订舱计划 ${plan.key} 的${changeTypeLabels[change.changeType]}变更${verdict}`,
        description: input.comment ? `意见：${input.comment}` : `变更申请 ${key} ${verdict}`,
        link: `/osb/plan/${plan.key}`,
      },
      caller.id,
    );
    return answer(tx, key);
  });
}

/** DELETE /v1/osbChange/{key} and /v1/osbplan/{planKey}/change/{key} — the requester withdraws. */
export async function withdrawChange(
  db: Db,
  caller: SessionUser,
  key: string,
  planKey: string | undefined,
  version: number,
): Promise<PlanChange> {
  return db.transaction(async (tx) => {
    const change = await lockChange(tx, key, planKey, caller);
    changeRows.assertVersions([change], { [key]: version });
    assertPending(change, '撤回');
    await changeRows.change(tx, caller.id, change, { status: 'WITHDRAWN' });
    await closeTodos(tx, todoSubjects.changeToDecide(key), caller.id);
    return answer(tx, key);
  });
}
