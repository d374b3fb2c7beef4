/**
 * 订舱单 (booking order): the clerk's side of a submitted plan. Routes, statuses with their labels, and the
 * cut-offs computed from the rules in settings, without zod (the order page counts down with the same function).
 */
import type { AccessPolicy } from '../shared/access';
import type { Route } from '../shared/endpoint';
import { chinaDateTime } from '../shared/chinaTime';
import { RuleError } from '../shared/ruleError';

export const orderRoutes = {
  list: { method: 'GET', path: '/v1/osbOrder' },
  export: { method: 'GET', path: '/v1/osbOrder/export' },
  get: { method: 'GET', path: '/v1/osbOrder/:key' },
  patch: { method: 'PATCH', path: '/v1/osbOrder/:key' },
} as const satisfies Record<string, Route>;

/** Orders are the clerk's: they read and work every one. */
export const orderAccess: AccessPolicy = {
  read: ['documentClerk'],
  write: ['documentClerk'],
  readAll: ['documentClerk'],
  changeAll: ['documentClerk'],
};

/** 订舱单状态: 待订舱 → 已订舱 → 已放舱 → 已出运; 已拒绝 and 已取消 follow the plan. */
export const orderStatuses = ['PENDING', 'BOOKED', 'RELEASED', 'SHIPPED', 'REJECTED', 'CANCELLED'] as const;
export type OrderStatus = (typeof orderStatuses)[number];
/** The orders a customs declaration handover may be opened for: booked with the carrier, released or shipped. */
export const declarableOrderStatuses = ['BOOKED', 'RELEASED', 'SHIPPED'] as const satisfies readonly OrderStatus[];
export const orderStatusLabels: Record<OrderStatus, string> = {
  PENDING: '待订舱',
  BOOKED: '已订舱',
  RELEASED: '已放舱',
  SHIPPED: '已出运',
  REJECTED: '已拒绝',
  CANCELLED: '已取消',
};
export const orderStatusColors: Record<OrderStatus, string> = {
  PENDING: 'processing',
  BOOKED: 'success',
  RELEASED: 'cyan',
  SHIPPED: 'geekblue',
  REJECTED: 'error',
  CANCELLED: 'default',
};

/** What the clerk does to an order: book it with the carrier (confirms the plan), record the release, reject. */
export const orderActions = ['book', 'release', 'reject'] as const;
export type OrderAction = (typeof orderActions)[number];
export const orderActionLabels: Record<OrderAction, string> = { book: '订舱', release: '放舱', reject: '拒绝' };
const actionFrom: Record<OrderAction, readonly OrderStatus[]> = {
  book: ['PENDING'],
  release: ['BOOKED'],
  reject: ['PENDING'],
};

/** 409 naming the order's state when `action` does not apply to it. */
export function assertOrderAction(key: string, status: OrderStatus, action: OrderAction) {
  if (!actionFrom[action].includes(status)) {
    throw new RuleError(
      409,
      'ILLEGAL_TRANSITION',
      `订舱单 ${key} 当前为「${orderStatusLabels[status]}」，不能${orderActionLabels[action]}`,
    );
  }
}

export const orderFieldLabels = {
  key: '订舱单号',
  planKey: '计划号',
  carrierBookingNo: '订舱号/SO',
  vessel: '船名',
  voyage: '航次',
  etd: '开船日期',
  eta: '到港日期',
  siCutoff: '截单',
  cyCutoff: '截关',
  vgmCutoff: 'VGM 截止',
  status: '状态',
  reason: '拒绝原因',
  clerkName: '订舱员',
} as const;

/** Cut-off rules (setting `bookingCutoff`): hours before the ETD. */
export interface CutoffRule {
  siCutoffHours: number;
  cyCutoffHours: number;
  vgmCutoffHours: number;
}
export interface Cutoffs {
  siCutoff: string;
  cyCutoff: string;
  vgmCutoff: string;
}

/** The cut-offs of a sailing on `etd` (the day begins at 00:00 China time, UTC+8), as ISO instants. */
export function cutoffsOf(etd: string, rule: CutoffRule): Cutoffs {
  const departure = Date.parse(`${etd}T00:00:00+08:00`);
  const before = (hours: number) => new Date(departure - hours * 3_600_000).toISOString();
  return { siCutoff: before(rule.siCutoffHours), cyCutoff: before(rule.cyCutoffHours), vgmCutoff: before(rule.vgmCutoffHours) };
}

/** Within this many hours of its 截单 a sailing is warned of (the calendar, the plan, the order). */
export const CUTOFF_WARNING_HOURS = 48;

/** How a sailing on `etd` stands against its 截单 (SI cut-off): its time, and whether it has passed or is near. */
export interface SiCutoffState {
  at: string;
  passed: boolean;
  /** Not passed, but within CUTOFF_WARNING_HOURS. */
  near: boolean;
  /** What the calendar, the plan and the order say of it: why it cannot be booked, or that little time is left. */
  text?: string;
}

export function siCutoffState(etd: string, rule: Pick<CutoffRule, 'siCutoffHours'>, now = Date.now()): SiCutoffState {
  const at = cutoffsOf(etd, { siCutoffHours: rule.siCutoffHours, cyCutoffHours: 0, vgmCutoffHours: 0 }).siCutoff;
  const left = Date.parse(at) - now;
  const passed = left <= 0;
  const near = !passed && left <= CUTOFF_WARNING_HOURS * 3_600_000;
  const time = chinaDateTime(at);
  const text = passed
    ? `已截单（截单 ${time}）`
    : near
      ? `距截单不足 ${CUTOFF_WARNING_HOURS} 小时（截单 ${time}，还有 ${countdownText(at, now)}）`
      : undefined;
  return { at, passed, near, ...(text ? { text } : {}) };
}

/** 422 (its message also under `field`) for a plan, its submission or its booking on a sailing whose 截单 has passed. */
export function assertBeforeSiCutoff(etd: string, rule: Pick<CutoffRule, 'siCutoffHours'>, field: string, now = Date.now()) {
  const state = siCutoffState(etd, rule, now);
  if (!state.passed) return;
  const message = `${etd} 的船期${state.text}，不能再订舱：请选择截单前的船期`;
  throw new RuleError(422, 'CUTOFF_PASSED', message, { [field]: message });
}

/** A countdown as people read it: `2 天 5 小时`, `3 小时 20 分`, or `已截止`. */
export function countdownText(until: string, now = Date.now()): string {
  const minutes = Math.floor((Date.parse(until) - now) / 60_000);
  if (minutes <= 0) return '已截止';
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  return days > 0 ? `${days} 天 ${hours} 小时` : `${hours} 小时 ${minutes % 60} 分`;
}
