/**
 * 散货 (loose cargo): a customer's 散货订舱 (loose-cargo booking) groups packed lines of type single that ship LCL
 * through a forwarder's CFS warehouse, and its 订舱交接 (booking handover) records the goods handed to the
 * forwarder. One row carries both: routes, access, statuses and the rules as pure functions, without zod.
 */
import type { AccessPolicy } from '../shared/access';
import type { Route } from '../shared/endpoint';
import type { Role } from '../shared/formats';
import { lifecycle } from '../shared/lifecycle';
import { assertNoProblems, RuleError } from '../shared/ruleError';

export const looseRoutes = {
  list: { method: 'GET', path: '/v1/looseBooking' },
  export: { method: 'GET', path: '/v1/looseBooking/export' },
  get: { method: 'GET', path: '/v1/looseBooking/:key' },
  create: { method: 'POST', path: '/v1/looseBooking' },
  update: { method: 'PATCH', path: '/v1/looseBooking/:key' },
} as const satisfies Record<string, Route>;

export const handoverRoutes = {
  list: { method: 'GET', path: '/v1/handover' },
  export: { method: 'GET', path: '/v1/handover/export' },
  get: { method: 'GET', path: '/v1/handover/:key' },
  update: { method: 'PATCH', path: '/v1/handover/:key' },
  scan: { method: 'POST', path: '/v1/handover/:key/scans' },
} as const satisfies Record<string, Route>;

/** Customers book their own loose cargo; the clerk reads every booking, confirms it or cancels it. */
export const looseAccess: AccessPolicy = {
  read: ['user', 'documentClerk'],
  write: ['user', 'documentClerk'],
  readAll: ['documentClerk'],
  changeAll: ['documentClerk'],
};

/** The clerk records the handover, the inspector confirms the needle check; a customer follows their own. */
export const handoverAccess: AccessPolicy = {
  read: ['user', 'documentClerk', 'inspector'],
  write: ['documentClerk', 'inspector'],
  readAll: ['documentClerk', 'inspector'],
  changeAll: ['documentClerk', 'inspector'],
};

/** 状态: 待确认 → 已确认 (待交接) → 已交接 → 已入仓; 已取消 before it is confirmed. */
export const looseStatuses = ['SUBMITTED', 'CONFIRMED', 'HANDED_OVER', 'RECEIVED', 'CANCELLED'] as const;
export type LooseStatus = (typeof looseStatuses)[number];
export const looseStatusLabels: Record<LooseStatus, string> = {
  SUBMITTED: '待确认',
  CONFIRMED: '已确认',
  HANDED_OVER: '已交接',
  RECEIVED: '已入仓',
  CANCELLED: '已取消',
};
export const looseStatusColors: Record<LooseStatus, string> = {
  SUBMITTED: 'processing',
  CONFIRMED: 'success',
  HANDED_OVER: 'cyan',
  RECEIVED: 'geekblue',
  CANCELLED: 'default',
};

/** The handover's states are the booking's from 已确认 on, named as the warehouse sees them. */
export const handoverStatuses = ['CONFIRMED', 'HANDED_OVER', 'RECEIVED'] as const satisfies readonly LooseStatus[];
export type HandoverStatus = (typeof handoverStatuses)[number];
export const handoverStatusLabels: Record<HandoverStatus, string> = {
  CONFIRMED: '待交接',
  HANDED_OVER: '已交接',
  RECEIVED: '已入仓',
};

const looseMoves: Record<LooseStatus, readonly LooseStatus[]> = {
  SUBMITTED: ['CONFIRMED', 'CANCELLED'],
  CONFIRMED: ['HANDED_OVER'],
  HANDED_OVER: ['RECEIVED'],
  RECEIVED: [],
  CANCELLED: [],
};

const looseLifecycle = lifecycle('散货订舱', looseStatusLabels, looseMoves);
/** 409 naming the current state when the booking cannot move to `to`. */
export const assertLooseMove = looseLifecycle.assertMove;

/** Who moves a booking where: the clerk confirms; the customer cancels their own, the clerk any. */
export const looseMovers: Record<'CONFIRMED' | 'CANCELLED', readonly Role[]> = {
  CONFIRMED: ['documentClerk'],
  CANCELLED: ['user', 'documentClerk'],
};

/** 交接单证 handed to the forwarder with the goods. */
export const handoverDocuments = ['packingList', 'invoice', 'entryNotice'] as const;
export type HandoverDocument = (typeof handoverDocuments)[number];
export const handoverDocumentLabels: Record<HandoverDocument, string> = {
  packingList: '装箱单',
  invoice: '发票',
  entryNotice: '进仓通知',
};
export type HandoverChecklist = Record<HandoverDocument, boolean>;
export const emptyHandoverChecklist = (): HandoverChecklist =>
  Object.fromEntries(handoverDocuments.map((document) => [document, false])) as HandoverChecklist;

export const looseLimits = { maxLines: 500, textMax: 60, remarkMax: 200 };

export const looseFieldLabels = {
  key: '散货订舱号',
  destination: '目的地',
  forwarder: '货代',
  cfsCutOff: '截仓时间',
  warehouseEntryNo: '进仓编号',
  remark: '备注',
  lineCount: '明细行',
  cartonCount: '箱数',
  totalQty: '件数',
  totalGw: '毛重(kg)',
  cbm: '体积(m³)',
  status: '状态',
  ownerName: '客户',
  documents: '交接单证',
  cartonsHandedOver: '交接箱数',
  cartonsScanned: '扫描箱数',
  cartonDifference: '箱数差异',
  differenceNote: '差异说明',
  handedBy: '交接人',
  handedAt: '交接时间',
  needleCheckedByName: '验针确认',
} as const;

type LooseLine = {
  key: string;
  type: string;
  status: string;
  destination: string;
  cartonCount: number;
  totalQty: number;
  totalGw: number;
  cbm: number;
};

/** The lines a loose-cargo booking may hold: 散货, 待拼柜 (inspected, not booked), one destination. Answers it. */
export function assertLooseLines(lines: readonly LooseLine[]): string {
  const notSingle = lines.find((line) => line.type !== 'single');
  if (notSingle) throw new RuleError(409, 'NOT_LOOSE', `明细 ${notSingle.key} 不是散货，请在拼柜订舱中订舱`);
  const notReady = lines.find((line) => line.status !== 'pendingConsolidation');
  if (notReady) throw new RuleError(409, 'NOT_READY', `明细 ${notReady.key} 不是待拼柜状态（须已验针且未订舱）`);
  const destinations = [...new Set(lines.map((line) => line.destination))];
  if (destinations.length > 1) {
    throw new RuleError(409, 'MIXED_DESTINATIONS', `一票散货只能有一个目的地，所选明细有：${destinations.join('、')}`);
  }
  return destinations[0];
}

/** The booked totals: lines, cartons, pieces, gross weight (kg, 2 decimals) and volume (m³, 3 decimals). */
export function looseTotals(lines: readonly Pick<LooseLine, 'cartonCount' | 'totalQty' | 'totalGw' | 'cbm'>[]) {
  const sum = (pick: (line: (typeof lines)[number]) => number) => lines.reduce((total, line) => total + pick(line), 0);
  return {
    lineCount: lines.length,
    cartonCount: sum((line) => line.cartonCount),
    totalQty: sum((line) => line.totalQty),
    totalGw: Math.round(sum((line) => line.totalGw) * 100) / 100,
    cbm: Math.round(sum((line) => line.cbm) * 1000) / 1000,
  };
}

/** Cartons handed over minus cartons booked: negative is a shortfall; null before the handover is counted. */
export const cartonDifference = (booked: number, handedOver: number | null) => (handedOver === null ? null : handedOver - booked);
/** A carton difference in words: 少 2 箱, 多 1 箱, 无差异 (never 「相差 -2 箱」). */
export const differenceText = (difference: number) =>
  difference === 0 ? '无差异' : `${difference < 0 ? '少' : '多'} ${Math.abs(difference)} 箱`;

/**
 * What the handover to the forwarder (已交接) needs, field → message (empty when it may). Scanned cartons are
 * counted by their scans: a typed count may add cartons without a sticker, with a note, never count fewer.
 */
export function handoverProblems(handover: {
  documents: HandoverChecklist;
  cartonCount: number;
  cartonsHandedOver: number | null;
  cartonsScanned: number;
  handedBy: string;
  differenceNote: string;
}): Record<string, string> {
  const problems: Record<string, string> = {};
  const missing = handoverDocuments.filter((document) => !handover.documents[document]);
  if (missing.length) {
    problems.documents = `缺少单证：${missing.map((document) => handoverDocumentLabels[document]).join('、')}`;
  }
  if (handover.cartonsHandedOver === null) problems.cartonsHandedOver = '请填写交接箱数';
  else if (handover.cartonsHandedOver > handover.cartonCount) {
    problems.cartonsHandedOver = `交接箱数 ${handover.cartonsHandedOver} 多于订舱箱数 ${handover.cartonCount}`;
  } else if (handover.cartonsHandedOver < handover.cartonsScanned) {
    problems.cartonsHandedOver = `已扫描 ${handover.cartonsScanned} 箱，交接箱数不能少于扫描箱数`;
  } else if (handover.cartonsScanned > 0 && handover.cartonsHandedOver > handover.cartonsScanned && !handover.differenceNote) {
    const typed = handover.cartonsHandedOver - handover.cartonsScanned;
    problems.differenceNote = `有 ${typed} 箱未扫描而手工计数，请在差异说明中写明原因（如无箱贴）`;
  }
  if (!handover.handedBy) problems.handedBy = '请填写交接人';
  return problems;
}

/** What 已入仓 needs: the needle check confirmed, and a carton difference explained. */
export function receiveProblems(handover: {
  cartonCount: number;
  cartonsHandedOver: number | null;
  differenceNote: string;
  needleCheckedAt: unknown;
}): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!handover.needleCheckedAt) problems.needleChecked = '验针员尚未确认交接的货物已验针';
  const difference = cartonDifference(handover.cartonCount, handover.cartonsHandedOver) ?? 0;
  if (difference !== 0 && !handover.differenceNote) {
    problems.differenceNote = `交接箱数比订舱${differenceText(difference)}，请填写差异说明`;
  }
  return problems;
}

const refuse = (status: number, code: string, message: string, fields?: Record<string, string>) => {
  throw new RuleError(status, code, message, fields);
};

/** 422 for a CFS cut-off before `today` (both YYYY-MM-DD): a new booking's, or a changed one. */
export function assertCutOff(cfsCutOff: string, today: string): void {
  if (cfsCutOff < today) refuse(422, 'VALIDATION_FAILED', '截仓时间不能早于今天', { cfsCutOff: '截仓时间不能早于今天' });
}

/** Refuses a booking's PATCH that the caller's roles or the booking's state do not allow; `today` as YYYY-MM-DD. */
export function assertLooseChange(
  booking: { key: string; status: LooseStatus; warehouseEntryNo: string },
  change: {
    status?: 'CONFIRMED' | 'CANCELLED';
    warehouseEntryNo?: string;
    cfsCutOff?: string;
    forwarder?: string;
    remark?: string;
  },
  roles: readonly Role[],
  today: string,
): void {
  const { status, ...fields } = change;
  if (fields.warehouseEntryNo !== undefined && !roles.includes('documentClerk')) {
    refuse(403, 'FORBIDDEN', '进仓编号由单证员填写');
  }
  if (Object.keys(fields).length) looseLifecycle.assertChangeable(booking.key, booking.status, ['SUBMITTED'], '资料');
  if (fields.cfsCutOff !== undefined) assertCutOff(fields.cfsCutOff, today);
  if (!status) return;
  if (!looseMovers[status].some((role) => roles.includes(role))) {
    refuse(403, 'FORBIDDEN', `没有权限把散货订舱改为「${looseStatusLabels[status]}」`);
  }
  assertLooseMove(booking.key, booking.status, status);
  if (status === 'CONFIRMED' && !(fields.warehouseEntryNo ?? booking.warehouseEntryNo)) {
    refuse(422, 'VALIDATION_FAILED', '请填写进仓编号', { warehouseEntryNo: '请填写进仓编号' });
  }
}

/** The handover fields a role may change: the clerk records and moves it, the inspector confirms the needle check. */
const handoverFieldsOf = (roles: readonly Role[]): readonly string[] => [
  ...(roles.includes('documentClerk') ? ['documents', 'cartonsHandedOver', 'handedBy', 'differenceNote', 'status'] : []),
  ...(roles.includes('inspector') ? ['needleChecked'] : []),
];

/** Until 已交接 the record is open; after it only the difference note may still be written. */
const recordFields = ['documents', 'cartonsHandedOver', 'handedBy'];

/**
 * Refuses a handover's PATCH the caller's roles or its state do not allow, and checks the move against the
 * record as it would be after the change (422 naming what is missing).
 */
export function assertHandoverChange(
  handover: Parameters<typeof handoverProblems>[0] & Parameters<typeof receiveProblems>[0] & { key: string; status: LooseStatus },
  change: Partial<Parameters<typeof handoverProblems>[0]> & {
    differenceNote?: string;
    needleChecked?: true;
    status?: 'HANDED_OVER' | 'RECEIVED';
  },
  roles: readonly Role[],
): void {
  const allowed = handoverFieldsOf(roles);
  const refused = Object.keys(change).filter((field) => !allowed.includes(field));
  if (refused.length) {
    refuse(403, 'FORBIDDEN', refused.includes('needleChecked') ? '验针确认须由验针员操作' : '订舱交接由单证员登记');
  }
  const { key, status: from } = handover;
  if (!(handoverStatuses as readonly LooseStatus[]).includes(from)) {
    refuse(409, 'NOT_CONFIRMED', `散货订舱 ${key} 当前为「${looseStatusLabels[from]}」，确认后才能交接`);
  }
  if (from === 'RECEIVED' || (from === 'HANDED_OVER' && recordFields.some((field) => field in change))) {
    refuse(409, 'ILLEGAL_TRANSITION', `订舱交接 ${key} 已${handoverStatusLabels[from as HandoverStatus]}，交接记录不能再改`);
  }
  if (change.needleChecked && from !== 'HANDED_OVER') refuse(409, 'NOT_HANDED_OVER', `订舱交接 ${key} 交接后才能确认验针`);
  const after = { ...handover, ...change, needleCheckedAt: change.needleChecked ? true : handover.needleCheckedAt };
  const problems = handoverProblems(after);
  if (problems.cartonsHandedOver && after.cartonsHandedOver !== null && change.cartonsHandedOver !== undefined) {
    refuse(422, 'VALIDATION_FAILED', problems.cartonsHandedOver, { cartonsHandedOver: problems.cartonsHandedOver });
  }
  if (!change.status) return;
  assertLooseMove(key, from, change.status);
  assertNoProblems(change.status === 'HANDED_OVER' ? problems : receiveProblems(after));
}

/** Cartons are scanned into a handover while it waits (待交接), by the clerk who counts them. */
export function assertScanning(handover: { key: string; status: LooseStatus }): void {
  if (handover.status !== 'CONFIRMED') {
    const label = looseStatusLabels[handover.status];
    refuse(409, 'NOT_RECEIVING', `订舱交接 ${handover.key} 当前为「${label}」，待交接时才能扫描收货`);
  }
}
