/**
 * 订舱计划: booked from a sailing of the calendar as a draft with the price fixed at that moment; the customer
 * edits the draft, submits it (the clerk gets an order to book and a to-do) or cancels it before it is
 * confirmed. Every move is checked against the lifecycle of contract/plan/codes, versioned and audited.
 */
import { desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { changesAll } from '../../../contract/shared/access';
import type { DeleteResult } from '../../../contract/shared/common';
import {
  assertDraft,
  assertPlanMove,
  chinaToday,
  customerMoveFrom,
  planAccess,
  sailingFieldsOf,
  type Plan,
  type PlanChanges,
  type PlanDetail,
  type planCreateSchema,
  type planListQuerySchema,
  planListFilters,
} from '../../../contract/plan/schema';
import { unbookableReason } from '../../../contract/price/codes';
import { refuse, RuleError } from '../../../contract/shared/ruleError';
import type { SessionUser } from '../../auth/sessionUser';
import { audit } from '../../db/audit';
import type { Db } from '../../db/open';
import { osbOrders, osbPlans, type PlanRow } from '../../db/schema';
import { containersOf } from '../container/containers';
import { defineList } from '../list';
import { sqlFilters } from '../listFilters';
import { closeTodos, notifyRole, todoSubjects } from '../notice';
import { cancelOrder, openOrder } from '../order';
import { changesOf, PLAN, planColumns, planHistory, planRows, planShape, toPlan, type NamedPlan } from './rows';
import { ownerNamesText } from '../userNames';
import { lockPrice } from '../price/prices';
import { settingValue } from '../setting';
import { assertBeforeSiCutoff } from '../../../contract/order/codes';

type ListQuery = z.output<typeof planListQuerySchema>;
type Filters = Omit<ListQuery, 'current' | 'pageSize' | 'sorter'>;

/** GET /v1/osbplan — newest first. */
export const listPlans = defineList<typeof planColumns, NamedPlan, Plan, Filters>({
  name: 'plans',
  table: osbPlans,
  key: osbPlans.key,
  owner: osbPlans,
  policy: planAccess,
  columns: planColumns,
  toItem: toPlan,
  sortColumns: { createdAt: osbPlans.createdAt, etd: osbPlans.etd, key: osbPlans.key, status: osbPlans.status },
  defaultOrder: [desc(osbPlans.createdAt)],
  filters: sqlFilters(osbPlans, planListFilters),
  countCap: 10_000,
  notFoundMessage: '订舱计划不存在',
  counter: PLAN,
  countedBy: 'status',
  json: planShape.json('osb_plans', {
    extra: ownerNamesText('osb_plans'),
  }),
});

/** The caller's own plans only, unless the policy lets them read every owner's. */
const writeScope = (caller: SessionUser) => (changesAll(planAccess, caller.roles) ? undefined : caller);

/** GET /v1/osbplan/{key}; another customer's plan is a 404 like a missing one. */
export async function getPlan(db: Db, caller: SessionUser, key: string): Promise<PlanDetail> {
  const found = await listPlans.one(db, caller, key);
  const [history, changes, containers, [order]] = await Promise.all([
    planHistory(db, key),
    changesOf(db, key),
    containersOf(db, key),
    db
      .select({
        key: osbOrders.key,
        status: osbOrders.status,
        carrierBookingNo: osbOrders.carrierBookingNo,
        vessel: osbOrders.vessel,
        voyage: osbOrders.voyage,
      })
      .from(osbOrders)
      .where(eq(osbOrders.planKey, key)),
  ]);
  return { ...toPlan(found), history, changes, containers, order: order ?? null };
}

async function answer(db: Db, key: string): Promise<Plan> {
  const [found] = await db.select(planColumns).from(osbPlans).where(eq(osbPlans.key, key));
  return toPlan(found);
}

/** 422 when the factory is not one of the dictionary's. */
async function assertFactory(db: Db, code: string | undefined, field = 'osbFactory') {
  if (code === undefined) return;
  const factories = await settingValue(db, 'osbFactories');
  if (!factories.some((factory) => factory.code === code)) refuse({ [field]: `订舱工厂 ${code} 不在字典中` });
}

/** POST /v1/osbplan/ — a draft from a bookable sailing, its price copied now. */
export async function createPlan(db: Db, caller: SessionUser, input: z.output<typeof planCreateSchema>): Promise<Plan> {
  await assertFactory(db, input.osbFactory);
  return db.transaction(async (tx) => {
    const price = await lockPrice(tx, input.priceKey);
    if (!price) refuse({ priceKey: '该船期的运价不存在，请刷新运价日历' });
    const refusal = unbookableReason(price, chinaToday());
    if (refusal) throw new RuleError(409, 'NOT_BOOKABLE', `该船期不可订舱：${refusal}`);
    assertBeforeSiCutoff(price.sailingDate, await settingValue(tx, 'bookingCutoff'), 'priceKey');
    const [row] = await tx
      .insert(osbPlans)
      .values({
        ...sailingFieldsOf(price),
        osbFactory: input.osbFactory,
        quantity: input.quantity,
        status: 'DRAFT',
        remark: input.remark,
        owner: caller.id,
      })
      .returning();
    await audit(tx, { actor: caller.id, entity: PLAN, entityKey: row.key, after: planShape.toApi(row) });
    return answer(tx, row.key);
  });
}

/** Applies one PUT's changes to a locked plan: a draft's fields, or the customer's move (提交 / 取消). */
async function applyChanges(tx: Db, caller: SessionUser, plan: PlanRow, changes: PlanChanges): Promise<void> {
  const { status, reason, ...fields } = changes;
  if (Object.keys(fields).length) assertDraft(plan.key, plan.status, '修改');
  if (reason !== undefined && status !== 'CANCELLED') refuse({ reason: '只有取消计划时填写原因' });
  if (status) assertPlanMove(plan.key, plan.status, status, customerMoveFrom[status]);
  if (status === 'CANCELLED' && !reason) refuse({ reason: '请填写取消原因' });
  if (status === 'SUBMITTED') assertBeforeSiCutoff(plan.etd, await settingValue(tx, 'bookingCutoff'), 'status');
  const after = await planRows.change(tx, caller.id, plan, {
    ...fields,
    ...(status ? { status } : {}),
    ...(reason ? { reason } : {}),
  });
  if (status === 'SUBMITTED') {
    await openOrder(tx, after);
    await notifyRole(
      tx,
      'documentClerk',
      {
        type: 'event',
        title: `订舱计划 ${plan.key} 待订舱`,
        description: `${after.pol} → ${after.pod}，${after.containerType} × ${after.quantity}，开船 ${after.etd}`,
        status: 'todo',
        link: `/osb/order?planKey=${plan.key}`,
        subject: todoSubjects.planToBook(plan.key),
      },
      caller.id,
    );
  }
  if (status === 'CANCELLED') {
    await cancelOrder(tx, caller.id, plan.key);
    await closeTodos(tx, todoSubjects.planToBook(plan.key), caller.id);
  }
}

/** PUT /v1/osbplan/{key} */
export async function updatePlan(
  db: Db,
  caller: SessionUser,
  key: string,
  input: PlanChanges & { version: number },
): Promise<Plan> {
  const { version, ...changes } = input;
  await assertFactory(db, changes.osbFactory);
  return db.transaction(async (tx) => {
    const [plan] = await planRows.lock(tx, [key], writeScope(caller));
    planRows.assertVersions([plan], { [key]: version });
    await applyChanges(tx, caller, plan, changes);
    return answer(tx, key);
  });
}

/** PUT /v1/osbplan/ — the same changes to every plan, all or nothing. */
export async function batchUpdatePlans(
  db: Db,
  caller: SessionUser,
  input: { keys: string[]; versions: Record<string, number>; changes: PlanChanges },
): Promise<Plan[]> {
  await assertFactory(db, input.changes.osbFactory, 'changes.osbFactory');
  return db.transaction(async (tx) => {
    const plans = await planRows.lock(tx, input.keys, writeScope(caller));
    planRows.assertVersions(plans, input.versions);
    for (const plan of plans) await applyChanges(tx, caller, plan, input.changes);
    // One query: a transaction's client runs one statement at a time (pg refuses overlapping ones from v9).
    const rows = await tx.select(planColumns).from(osbPlans).where(inArray(osbPlans.key, input.keys));
    const answers = new Map(rows.map((found) => [found.row.key, toPlan(found)]));
    return input.keys.map((key) => answers.get(key) as Plan);
  });
}

/** DELETE /v1/osbplan/{key} and /v1/osbplan/?keys — drafts only, all or nothing. */
export async function deletePlans(db: Db, caller: SessionUser, versions: Record<string, number>): Promise<DeleteResult> {
  return db.transaction(async (tx) => {
    const keys = Object.keys(versions);
    const plans = await planRows.lock(tx, keys, writeScope(caller));
    planRows.assertVersions(plans, versions);
    for (const plan of plans) assertDraft(plan.key, plan.status, '删除');
    for (const plan of plans) {
      await tx.delete(osbPlans).where(eq(osbPlans.key, plan.key));
      await audit(tx, { actor: caller.id, entity: PLAN, entityKey: plan.key, before: planShape.toApi(plan) });
    }
    return { success: true, deleted: plans.length };
  });
}
