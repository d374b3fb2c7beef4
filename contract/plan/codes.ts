/**
 * 订舱计划 (booking plan) and 订舱变更 (plan change): routes, codes with their Chinese labels, limits and the
 * lifecycle, without zod. The browser imports this file at run time (the actions a plan offers, the change
 * form's preview); contract/plan/schema.ts builds the schemas on it. State names follow DCSA Booking 2.0.
 */
import type { AccessPolicy } from '../shared/access';
import type { Route } from '../shared/endpoint';
import type { PriceDay } from '../price/codes';
import { RuleError } from '../shared/ruleError';
import type { ContainerType } from '../setting/codes';

export const planRoutes = {
  list: { method: 'GET', path: '/v1/osbplan' },
  export: { method: 'GET', path: '/v1/osbplan/export' },
  get: { method: 'GET', path: '/v1/osbplan/:key' },
  create: { method: 'POST', path: '/v1/osbplan/' },
  update: { method: 'PUT', path: '/v1/osbplan/:key' },
  batchUpdate: { method: 'PUT', path: '/v1/osbplan/' },
  remove: { method: 'DELETE', path: '/v1/osbplan/:key' },
  removeMany: { method: 'DELETE', path: '/v1/osbplan/' },
  requestChange: { method: 'POST', path: '/v1/osbplan/:planKey/change' },
  changes: { method: 'GET', path: '/v1/osbChange' },
  decideChange: { method: 'PATCH', path: '/v1/osbChange/:key' },
  decidePlanChange: { method: 'PATCH', path: '/v1/osbplan/:planKey/change/:key' },
  withdrawChange: { method: 'DELETE', path: '/v1/osbChange/:key' },
  withdrawPlanChange: { method: 'DELETE', path: '/v1/osbplan/:planKey/change/:key' },
} as const satisfies Record<string, Route>;

/**
 * Customers book and change their own plans; the clerk reads every plan (the orders are built on them) and
 * decides changes, but moves a plan only through its order or a change decision.
 */
export const planAccess: AccessPolicy = {
  read: ['user', 'documentClerk'],
  write: ['user'],
  readAll: ['documentClerk'],
  changeAll: [],
};

/** 计划状态: 草稿 → 已提交 → 已确认 → 装柜中 → 已出运; 已拒绝 (by the clerk), 已取消 (before 已确认). */
export const planStatuses = ['DRAFT', 'SUBMITTED', 'CONFIRMED', 'LOADING', 'SHIPPED', 'REJECTED', 'CANCELLED'] as const;
export type PlanStatus = (typeof planStatuses)[number];
export const planStatusLabels: Record<PlanStatus, string> = {
  DRAFT: '草稿',
  SUBMITTED: '已提交',
  CONFIRMED: '已确认',
  LOADING: '装柜中',
  SHIPPED: '已出运',
  REJECTED: '已拒绝',
  CANCELLED: '已取消',
};
/** The colour of a status tag (antd preset colours). */
export const planStatusColors: Record<PlanStatus, string> = {
  DRAFT: 'default',
  SUBMITTED: 'processing',
  CONFIRMED: 'success',
  LOADING: 'cyan',
  SHIPPED: 'geekblue',
  REJECTED: 'error',
  CANCELLED: 'default',
};

/** Which state each state may move to. The customer submits and cancels; the rest is the clerk's or the system's. */
export const planTransitions: Record<PlanStatus, readonly PlanStatus[]> = {
  DRAFT: ['SUBMITTED', 'CANCELLED'],
  SUBMITTED: ['CONFIRMED', 'REJECTED', 'CANCELLED'],
  CONFIRMED: ['LOADING', 'CANCELLED'],
  LOADING: ['SHIPPED'],
  SHIPPED: [],
  REJECTED: [],
  CANCELLED: [],
};
/** The moves a customer makes on their own plan with PUT; CONFIRMED → CANCELLED is a change of type 取消. */
export const customerPlanMoves = ['SUBMITTED', 'CANCELLED'] as const;
export const customerMoveFrom: Record<(typeof customerPlanMoves)[number], readonly PlanStatus[]> = {
  SUBMITTED: ['DRAFT'],
  CANCELLED: ['DRAFT', 'SUBMITTED'],
};

/**
 * 409 naming the current state when `from` cannot move to `to`: by the lifecycle, or only from `fromStates`
 * (the customer's moves, customerMoveFrom).
 */
export function assertPlanMove(key: string, from: PlanStatus, to: PlanStatus, fromStates?: readonly PlanStatus[]) {
  if (!(fromStates ? fromStates.includes(from) : planTransitions[from].includes(to))) {
    throw new RuleError(
      409,
      'ILLEGAL_TRANSITION',
      `订舱计划 ${key} 当前为「${planStatusLabels[from]}」，不能改为「${planStatusLabels[to]}」`,
    );
  }
}
/** Only a draft's own fields change with PUT; a confirmed plan changes through a plan change. */
export function assertDraft(key: string, status: PlanStatus, what: string) {
  if (status !== 'DRAFT') {
    const hint = status === 'CONFIRMED' || status === 'LOADING' ? '，请提交变更申请' : '';
    throw new RuleError(409, 'NOT_DRAFT', `订舱计划 ${key} 当前为「${planStatusLabels[status]}」，只有草稿可以${what}${hint}`);
  }
}

export const planLimits = {
  maxQuantity: 50,
  reasonMax: 200,
  remarkMax: 500,
  /** Plans in one batch call. */
  maxBatch: 200,
};

export const planFieldLabels = {
  key: '计划号',
  osbFactory: '订舱工厂',
  carrier: '船公司',
  pol: '起运港',
  pod: '目的港',
  etd: '开船日期',
  eta: '到港日期',
  weekNo: '周次',
  containerType: '箱型',
  quantity: '柜量',
  priceSnapshot: '锁定运价',
  status: '状态',
  reason: '原因',
  remark: '备注',
  ownerName: '客户',
  createdAt: '创建时间',
  updatedAt: '更新时间',
} as const;

/** The price fixed when the plan was booked: what the customer pays whatever the calendar says later. */
export interface PriceSnapshot {
  priceKey: string;
  carrier: string;
  sailingDate: string;
  amount: number;
  currency: string;
  fixedAt: string;
}

/** 变更类型: 数量 / 箱型 / 船期 / 航线 / 取消. */
export const changeTypes = ['quantity', 'containerType', 'sailing', 'route', 'cancel'] as const;
export type ChangeType = (typeof changeTypes)[number];
export const changeTypeLabels: Record<ChangeType, string> = {
  quantity: '数量',
  containerType: '箱型',
  sailing: '船期',
  route: '航线',
  cancel: '取消',
};
/** Changes that move the plan to another price of the calendar (the difference is shown and stored). */
export const repricingChanges: readonly ChangeType[] = ['containerType', 'sailing', 'route'];

/** 变更状态: 待审核 → 已批准 / 已拒绝 / 已撤回. */
export const changeStatuses = ['PENDING', 'APPROVED', 'DECLINED', 'WITHDRAWN'] as const;
export type ChangeStatus = (typeof changeStatuses)[number];
export const changeStatusLabels: Record<ChangeStatus, string> = {
  PENDING: '待审核',
  APPROVED: '已批准',
  DECLINED: '已拒绝',
  WITHDRAWN: '已撤回',
};

/** The plan's fields a change may set, as the change request names them. */
export interface ChangeTarget {
  quantity?: number;
  containerType?: ContainerType;
  carrier?: string;
  sailingDate?: string;
  pol?: string;
  pod?: string;
}
export interface ChangedField {
  field: keyof typeof planFieldLabels;
  old: string | number;
  new: string | number;
}
type PlanForChange = { key: string; status: PlanStatus } & Required<
  Pick<ChangeTarget, 'quantity' | 'containerType' | 'carrier' | 'pol' | 'pod'>
> & { etd: string };

/** Which target fields each change type needs (the others must be absent). */
export const changeTypeFields: Record<ChangeType, readonly (keyof ChangeTarget)[]> = {
  quantity: ['quantity'],
  containerType: ['containerType'],
  sailing: ['carrier', 'sailingDate'],
  route: ['pol', 'pod', 'carrier', 'sailingDate'],
  cancel: [],
};

/**
 * The old and new values a change request would set, or a 422 naming the fields at fault (a field the type
 * does not take, a missing one, nothing that differs). Only a confirmed plan changes (409 otherwise).
 */
export function changedFieldsOf(plan: PlanForChange, type: ChangeType, target: ChangeTarget): ChangedField[] {
  if (plan.status !== 'CONFIRMED') {
    throw new RuleError(
      409,
      'ILLEGAL_TRANSITION',
      `订舱计划 ${plan.key} 当前为「${planStatusLabels[plan.status]}」，只有已确认的计划可以申请变更`,
    );
  }
  const wanted = changeTypeFields[type];
  const problems: Record<string, string> = {};
  for (const field of Object.keys(target) as (keyof ChangeTarget)[]) {
    if (target[field] !== undefined && !wanted.includes(field)) problems[field] = `「${changeTypeLabels[type]}」变更不能修改该项`;
  }
  for (const field of wanted) if (target[field] === undefined) problems[field] = '请填写新值';
  if (Object.keys(problems).length) throw new RuleError(422, 'VALIDATION_ERROR', Object.values(problems)[0], problems);
  if (type === 'cancel') return [{ field: 'status', old: plan.status, new: 'CANCELLED' }];

  const current: Record<keyof ChangeTarget, string | number> = {
    quantity: plan.quantity,
    containerType: plan.containerType,
    carrier: plan.carrier,
    sailingDate: plan.etd,
    pol: plan.pol,
    pod: plan.pod,
  };
  const changed = wanted
    .filter((field) => target[field] !== current[field])
    .map((field) => ({
      field: field === 'sailingDate' ? ('etd' as const) : field,
      old: current[field],
      new: target[field] as string | number,
    }));
  if (!changed.length) throw new RuleError(422, 'VALIDATION_ERROR', '新值与当前相同', { [wanted[0]]: '新值与当前相同' });
  return changed;
}

/** The price difference of a repricing change: per container, and for the plan's quantity. */
export interface PriceDiff {
  currency: string;
  oldAmount: number;
  newAmount: number;
  perContainer: number;
  total: number;
}
export function priceDiffOf(
  old: { amount: number; currency: string },
  next: { amount: number; currency: string },
  quantity: number,
): PriceDiff {
  if (old.currency !== next.currency) {
    throw new RuleError(422, 'VALIDATION_ERROR', `新运价币种 ${next.currency} 与锁定运价 ${old.currency} 不同，无法计算差价`);
  }
  const perContainer = next.amount - old.amount;
  return { currency: old.currency, oldAmount: old.amount, newAmount: next.amount, perContainer, total: perContainer * quantity };
}

/** A plan's week of sailing as ISO 8601 names it: `2026-W48`. */
export function isoWeekOf(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/** Today in China (UTC+8, no daylight saving): the day from which sailings can be booked. */
/** The first and last day (Monday, Sunday) of ISO week 'YYYY-Www'. */
export function isoWeekDays(week: string): { from: string; to: string } {
  const [year, number] = week.split('-W').map(Number);
  const fourth = new Date(Date.UTC(year, 0, 4));
  const monday = addDays(fourth.toISOString().slice(0, 10), 1 - (fourth.getUTCDay() || 7) + (number - 1) * 7);
  return { from: monday, to: addDays(monday, 6) };
}

export const chinaToday = (now = new Date()) => new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

/** `date` moved by `days` (YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/** A sailing of the calendar, as a plan books it. */
type Sailing = Pick<
  PriceDay,
  'key' | 'carrier' | 'pol' | 'pod' | 'containerType' | 'sailingDate' | 'amount' | 'currency' | 'transitDays'
>;

/** What a plan takes from the sailing it books (or a change moves it to): route, dates, and the price fixed now. */
export function sailingFieldsOf(price: Sailing, now = new Date()) {
  return {
    carrier: price.carrier,
    pol: price.pol,
    pod: price.pod,
    containerType: price.containerType,
    etd: price.sailingDate,
    eta: addDays(price.sailingDate, price.transitDays),
    weekNo: isoWeekOf(price.sailingDate),
    priceSnapshot: {
      priceKey: price.key,
      carrier: price.carrier,
      sailingDate: price.sailingDate,
      amount: price.amount,
      currency: price.currency,
      fixedAt: now.toISOString(),
    } satisfies PriceSnapshot,
  };
}
