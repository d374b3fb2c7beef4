/**
 * The rows of booking: plans, their changes and orders as the API shows them, each with its versioned change
 * helper (lock, versions, audit), and what a plan's pages read beside it (status history, changes).
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { Order } from '../../../contract/order/schema';
import type { Plan, PlanChange } from '../../../contract/plan/schema';
import type { PlanStatus } from '../../../contract/plan/codes';
import { statusHistory } from '../../db/audit';
import { rowShape } from '../../db/rowShape';
import type { Db } from '../../db/open';
import { osbChanges, osbOrders, osbPlans, type ChangeRow, type OrderRow, type PlanRow } from '../../db/schema';
import { versioned } from '../versioned';
import { nameOf, ownerNames } from '../userNames';
import type { OwnerNameField, OwnerNames } from '../../../contract/shared/owners';

export const PLAN = 'plan';
export const CHANGE = 'planChange';
export const ORDER = 'order';

export const planShape = rowShape<typeof osbPlans, Omit<Plan, OwnerNameField>>(osbPlans);
export const planColumns = { row: osbPlans, ...ownerNames(osbPlans) };
export type NamedPlan = { row: PlanRow } & OwnerNames;
export const toPlan = ({ row, ...names }: NamedPlan): Plan => ({ ...planShape.toApi(row), ...names });

/** Plans change with versions and audit; the audit keeps the plan as the API shows it (without the name). */
export const planRows = versioned({ table: osbPlans, entity: PLAN, label: '订舱计划', toApi: planShape.toApi });

const changeShape = rowShape<typeof osbChanges, Omit<PlanChange, 'requestedByName' | 'decidedByName'>>(osbChanges, [
  'newPriceKey',
  'decidedBy',
  'updatedAt',
]);
export const changeColumns = {
  row: osbChanges,
  requestedByName: nameOf(osbChanges.requestedBy),
  decidedByName: sql<string | null>`(select u.real_name from users u where u.id = ${osbChanges.decidedBy})`,
};
export type NamedChange = { row: ChangeRow; requestedByName: string; decidedByName: string | null };
export const toChange = ({ row, requestedByName, decidedByName }: NamedChange): PlanChange => ({
  ...changeShape.toApi(row),
  requestedByName,
  decidedByName,
});
export const changeRows = versioned({ table: osbChanges, entity: CHANGE, label: '变更申请', toApi: changeShape.toApi });

/** A plan's changes, oldest first. */
export async function changesOf(db: Db, planKey: string): Promise<PlanChange[]> {
  const rows = await db
    .select(changeColumns)
    .from(osbChanges)
    .where(eq(osbChanges.planKey, planKey))
    .orderBy(asc(osbChanges.requestedAt));
  return rows.map(toChange);
}

const orderShape = rowShape<typeof osbOrders, OrderRow>(osbOrders);
export const orderRows = versioned({ table: osbOrders, entity: ORDER, label: '订舱单', toApi: orderShape.toApi });
export const orderColumns = {
  row: osbOrders,
  plan: osbPlans,
  clerkName: nameOf(osbOrders.clerk),
  ...ownerNames(osbOrders),
  pendingChange: sql<boolean>`exists (select 1 from osb_changes c where c.plan_key = ${osbOrders.planKey} and c.status = 'PENDING')`,
};
export type NamedOrder = { row: OrderRow; plan: PlanRow; clerkName: string; pendingChange: boolean } & OwnerNames;
const iso = (time: Date | null) => time?.toISOString() ?? null;
export const toOrder = ({ row, plan, clerkName, ownerName, ownerCompanyName, pendingChange }: NamedOrder): Order => ({
  key: row.key,
  planKey: row.planKey,
  status: row.status,
  carrierBookingNo: row.carrierBookingNo,
  vessel: row.vessel,
  voyage: row.voyage,
  etd: row.etd,
  eta: row.eta,
  siCutoff: iso(row.siCutoff),
  cyCutoff: iso(row.cyCutoff),
  vgmCutoff: iso(row.vgmCutoff),
  reason: row.reason,
  clerkName,
  ownerName,
  ownerCompanyName,
  osbFactory: plan.osbFactory,
  carrier: plan.carrier,
  pol: plan.pol,
  pod: plan.pod,
  containerType: plan.containerType,
  quantity: plan.quantity,
  pendingChange,
  version: row.version,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The plan's status moves from its audit, oldest first. */
export const planHistory = (db: Db, key: string) => statusHistory<PlanStatus>(db, PLAN, key);
